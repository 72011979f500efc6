// Sessions in the workbench, against the real Deno runtime: every run is recorded, Run History
// saves it as a .sbsession, the Sessions panel opens it (also by drag and drop), shows what was
// recorded without running anything, replays it offline and shows where a replay diverges.
#include "mainwindow.h"
#include "models/auditlogmodel.h"
#include "models/runhistorymodel.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/replayvaluesdialog.h"
#include "panels/runhistorypanel.h"
#include "panels/sandboxsessionview.h"
#include "panels/scripteditorpanel.h"
#include "panels/elidedlabel.h"
#include "panels/sessiondiffview.h"
#include "panels/sessionspanel.h"
#include "policy/policyfile.h"
#include "session/exec/execsession.h"
#include "session/sandbox/sandboxsession.h"
#include "settingsdialog.h"
#include "testsupport.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeWidget>

using namespace Sandbench;

namespace {

constexpr int kRunTimeoutMs = 60000;

// Seeded, time-frozen and reading one input file: everything a replay must reproduce.
const QString kScript = QStringLiteral(
    "import { randomInt } from \"node:crypto\";\n"
    "console.log(\"random \" + Math.random());\n"
    "console.log(\"now \" + new Date().toISOString());\n"
    "console.log(\"uuid \" + crypto.randomUUID());\n"
    "console.log(\"int \" + randomInt(1000));\n"
    "console.log(\"input \" + (await Deno.readTextFile(\"%1\")).trim());\n"
    "console.error(\"done\");\n");

void dropOn(QWidget *target, const QString &path)
{
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    QVERIFY(drop.isAccepted());
}

} // namespace

class TestSessionsPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void runIsSavedOpenedBrowsedAndReplaysIdentical();
    void windowAndCliRecordTheSameSession();
    void replayUnderAStricterPolicyHighlightsTheDivergence();
    void badFilesGiveAClearErrorAndKeepTheOpenSession();
    void widerReplayPolicyIsConfirmedFirst();
    void recordingCanBeTurnedOff();
    void sandboxSessionsAreBrowsedStepByStep();
    void hostileTextIsShownNotObeyed();
    void valuesKeptByNameAreAskedForBeforeAReplay();

private:
    MainWindow &window() { return *m_window; }
    // Runs kScript seeded and frozen; returns the history row.
    int runRecorded();

    QTemporaryDir m_data;
    QString m_input;
    std::unique_ptr<MainWindow> m_window;
};

void TestSessionsPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_sessionspanel"));
    QSettings().clear();
    m_input = m_data.filePath(QStringLiteral("input.txt"));
    QFile file(m_input);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("recorded input\n");
}

void TestSessionsPanel::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestSessionsPanel::cleanup()
{
    if (m_window) {
        m_window->workbench()->stopRun();
        m_window->sessionsPanel()->stopReplay();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->workbench()->isRunning(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->sessionsPanel()->isReplaying(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->workbench()->sessionsInProgress() == 0, 30000);
        m_window->scriptPanel()->editor()->document()->setModified(false);
        m_window->policyPanel()->editor()->document()->setModified(false);
    }
    m_window.reset();
}

int TestSessionsPanel::runRecorded()
{
    MainWindow &w = window();
    w.scriptPanel()->setCode(kScript.arg(m_input));
    Policy policy = w.policyPanel()->policy();
    policy.seed = 42;
    policy.freezeTimeMs = 1767225600000;
    policy.permissions.allowRead = {m_input};
    w.policyPanel()->setPolicy(policy);
    RunHistoryModel *history = w.historyPanel()->model();
    const int row = history->rowCount();
    if (!w.runScript())
        return -1;
    if (!QTest::qWaitFor([&] { return history->rowCount() > row && !history->run(row).running; }, kRunTimeoutMs))
        return -1;
    return row;
}

// The window and the CLI stand on one Workbench: the same code under the same policy is
// recorded the same way from both (tst_workbench holds the CLI to a Workbench driven directly).
void TestSessionsPanel::windowAndCliRecordTheSameSession()
{
    MainWindow &w = window();
    const int row = runRecorded();
    QVERIFY(row >= 0);
    RunHistoryModel *history = w.historyPanel()->model();
    QTRY_VERIFY_WITH_TIMEOUT(history->run(row).session, 30000);
    const std::shared_ptr<const ExecSession> fromWindow = history->run(row).session;

    const QString policyFile = m_data.filePath(QStringLiteral("same-policy.json"));
    QVERIFY(Sandbench::Test::writeFile(policyFile, policyToJson(w.policyPanel()->policy())));
    const QString path = m_data.filePath(QStringLiteral("same-cli.sbsession"));
    const auto cli = Sandbench::Test::runCli({QStringLiteral("run"), QStringLiteral("--record"), path, QStringLiteral("--policy"),
                                              policyFile, QStringLiteral("--code"), w.scriptPanel()->code()});
    QVERIFY2(cli.exitCode == 0, cli.stderrData.constData());
    auto fromCli = ExecSession::read(path);
    QVERIFY2(fromCli, fromCli ? "" : qPrintable(fromCli.error().message));
    QVERIFY(!fromWindow->auditEvents.isEmpty());
    const QString diff = Sandbench::Test::sessionDifferences(*fromWindow, *fromCli);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestSessionsPanel::runIsSavedOpenedBrowsedAndReplaysIdentical()
{
    MainWindow &w = window();
    RunHistoryModel *history = w.historyPanel()->model();
    const int row = runRecorded();
    QVERIFY(row >= 0);
    QVERIFY2(history->run(row).result && history->run(row).result->exitCode == 0,
             qPrintable(history->run(row).error ? history->run(row).error->message : QStringLiteral("no result")));
    QTRY_VERIFY_WITH_TIMEOUT(history->run(row).session, 30000);
    QCOMPARE(history->index(row, int(RunHistoryModel::Column::Session)).data().toString(), QStringLiteral("ready to save"));

    // Run History: the buttons follow the selection and the session's state.
    RunHistoryPanel *panel = w.historyPanel();
    panel->view()->selectRow(row);
    QVERIFY(panel->saveSessionButton()->isEnabled());
    QVERIFY(panel->openSessionButton()->isEnabled());
    // scripts/screenshots-style pictures of the changed panels, when asked for.
    if (const QByteArray dir = qgetenv("SANDBENCH_SCREENSHOT_DIR"); !dir.isEmpty()) {
        w.findChild<QDockWidget *>(QStringLiteral("historyDock"))->raise();
        QTest::qWait(100);
        QVERIFY(panel->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/run-history.png")));
        SettingsDialog settings(w.settings());
        settings.show();
        QVERIFY(settings.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/settings.png")));
    }

    // Save Session writes the file off the event loop and says so.
    const QString path = m_data.filePath(QStringLiteral("run.sbsession"));
    QSignalSpy saved(&w, &MainWindow::sessionSaved);
    w.saveSession(row, path);
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 30000);
    QCOMPARE(saved.first().first().toString(), path);
    auto written = ExecSession::read(path);
    QVERIFY2(written, qPrintable(written ? QString() : written.error().message));
    QVERIFY(written->stdoutData.contains("input recorded input"));

    // The input changes after recording: the bundle has its own copy.
    QFile input(m_input);
    QVERIFY(input.open(QIODevice::WriteOnly | QIODevice::Truncate));
    input.write("changed since\n");
    input.close();

    // Dropped on the window, the file opens in the Sessions panel, off the event loop.
    SessionsPanel *sessions = w.sessionsPanel();
    QSignalSpy opened(sessions, &SessionsPanel::sessionOpened);
    dropOn(&w, path);
    QVERIFY(sessions->isLoading() || opened.count() == 1);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
    QVERIFY(sessions->bundle());
    QVERIFY(sessions->infoLabel()->text().contains(QStringLiteral("seed 42")));
    QVERIFY2(sessions->infoLabel()->text().contains(QStringLiteral("2026-01-01T00:00:00Z")), qPrintable(sessions->infoLabel()->text()));

    // Browsing shows the recording without running anything.
    QVERIFY(!sessions->isReplaying());
    const QString console = sessions->consoleView()->toPlainText();
    QVERIFY2(console.contains(QStringLiteral("input recorded input")), qPrintable(console));
    sessions->consoleStreamBox()->setCurrentIndex(1);
    QCOMPARE(sessions->consoleView()->toPlainText().trimmed(), QStringLiteral("done"));
    QCOMPARE(sessions->auditPanel()->model()->totalCount(), qint64(written->auditEvents.size()));
    QVERIFY(sessions->auditPanel()->model()->allowCount() >= 1);
    QVERIFY(sessions->codeView()->toPlainText().contains(QStringLiteral("Math.random()")));
    QVERIFY(sessions->codeView()->isReadOnly());
    // The Files tab fills in once the sizes are looked up off the event loop.
    const auto listed = [&] {
        for (int i = 0; i < sessions->filesView()->topLevelItemCount(); ++i) {
            if (sessions->filesView()->topLevelItem(i)->text(0) == m_input)
                return true;
        }
        return false;
    };
    QTRY_VERIFY2_WITH_TIMEOUT(listed(), "the input file is listed with the bundle's files", 10000);

    // Replay: offline, from the bundle, identical.
    QVERIFY(sessions->replayButton()->isEnabled());
    QSignalSpy replayed(sessions, &SessionsPanel::replayFinished);
    QTest::mouseClick(sessions->replayButton(), Qt::LeftButton);
    QVERIFY(sessions->isReplaying());
    QVERIFY(!sessions->replayButton()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(replayed.count(), 1, kRunTimeoutMs);
    const ReplayReport report = *sessions->lastReport();
    QVERIFY2(report.identical, qPrintable(report.summary()));
    QCOMPARE(sessions->tabs()->currentWidget(), sessions->diffView());
    QVERIFY(sessions->diffView()->summaryLabel()->fullText().startsWith(QStringLiteral("Identical")));
    QCOMPARE(sessions->diffView()->highlightedLine(), 0);
    QCOMPARE(sessions->diffView()->recordedView()->toPlainText(), sessions->diffView()->replayedView()->toPlainText());
    QVERIFY(sessions->diffView()->replayedView()->toPlainText().contains(QStringLiteral("input recorded input")));

    // Open in Sessions from the history shows the same run without a file.
    QTest::mouseClick(panel->openSessionButton(), Qt::LeftButton);
    QVERIFY(sessions->title().startsWith(QStringLiteral("Run 1")));
    QCOMPARE(sessions->bundle()->stdoutData, written->stdoutData);
}

void TestSessionsPanel::replayUnderAStricterPolicyHighlightsTheDivergence()
{
    MainWindow &w = window();
    QFile input(m_input);
    QVERIFY(input.open(QIODevice::WriteOnly | QIODevice::Truncate));
    input.write("recorded input\n");
    input.close();
    const int row = runRecorded();
    QVERIFY(row >= 0);
    RunHistoryModel *history = w.historyPanel()->model();
    QTRY_VERIFY_WITH_TIMEOUT(history->run(row).session, 30000);
    SessionsPanel *sessions = w.sessionsPanel();
    w.historyPanel()->view()->selectRow(row);
    QTest::mouseClick(w.historyPanel()->openSessionButton(), Qt::LeftButton);
    QVERIFY(sessions->bundle());

    // A policy file that no longer allows the read.
    Policy strict = sessions->bundle()->manifest.policy;
    strict.permissions.allowRead.clear();
    const QString strictPath = m_data.filePath(QStringLiteral("strict.json"));
    QVERIFY(writePolicyFile(strictPath, strict));
    QString error;
    QVERIFY2(sessions->setReplayPolicyFile(strictPath, &error), qPrintable(error));
    QVERIFY(!sessions->setReplayPolicyFile(m_data.filePath(QStringLiteral("missing.json")), &error));
    QVERIFY2(error.contains(QStringLiteral("missing.json")), qPrintable(error));

    QSignalSpy replayed(sessions, &SessionsPanel::replayFinished);
    sessions->replay();
    QTRY_COMPARE_WITH_TIMEOUT(replayed.count(), 1, kRunTimeoutMs);
    const ReplayReport report = *sessions->lastReport();
    QVERIFY(!report.identical);
    SessionDiffView *diff = sessions->diffView();
    // stdout line 5 is the first to differ: the read now throws.
    QCOMPARE(diff->currentStream(), ReplayStream::Stdout);
    QCOMPARE(diff->highlightedLine(), qint64(5));
    QVERIFY2(diff->summaryLabel()->fullText().contains(QStringLiteral("stdout line 5")), qPrintable(diff->summaryLabel()->fullText()));
    const QList<QTextEdit::ExtraSelection> marks = diff->recordedView()->extraSelections();
    QCOMPARE(marks.size(), 1);
    QCOMPARE(marks.first().cursor.block().text(), QStringLiteral("input recorded input"));
    QCOMPARE(diff->replayedView()->extraSelections().size(), 1);
    QCOMPARE(diff->replayedView()->textCursor().blockNumber(), 4);
    // The flipped decision is listed.
    QVERIFY(diff->decisionsView()->isVisibleTo(diff));
    bool flipped = false;
    for (int i = 0; i < diff->decisionsView()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = diff->decisionsView()->topLevelItem(i);
        flipped = flipped || (item->text(2) == m_input && item->text(3) == QStringLiteral("allow") && item->text(4) == QStringLiteral("deny"));
    }
    QVERIFY2(flipped, "the read of the input flipped from allow to deny");
    // The audit stream has its own divergence, shown when chosen.
    diff->showStream(ReplayStream::Audit);
    QVERIFY(diff->highlightedLine() > 0);
    QVERIFY(diff->recordedView()->extraSelections().first().cursor.block().text().contains(m_input));
}

// A replay policy that grants more than the bundle holds (here a host folder) runs only once the
// user confirms it; declining leaves nothing running.
void TestSessionsPanel::widerReplayPolicyIsConfirmedFirst()
{
    MainWindow &w = window();
    QFile input(m_input);
    QVERIFY(input.open(QIODevice::WriteOnly | QIODevice::Truncate));
    input.write("recorded input\n");
    input.close();
    const int row = runRecorded();
    QVERIFY(row >= 0);
    RunHistoryModel *history = w.historyPanel()->model();
    QTRY_VERIFY_WITH_TIMEOUT(history->run(row).session, 30000);
    SessionsPanel *sessions = w.sessionsPanel();
    w.historyPanel()->view()->selectRow(row);
    QTest::mouseClick(w.historyPanel()->openSessionButton(), Qt::LeftButton);
    QVERIFY(sessions->bundle());

    Policy wider = sessions->bundle()->manifest.policy;
    wider.sandbox = true;
    wider.permissions.allowRead << m_data.path();
    const QString widerPath = m_data.filePath(QStringLiteral("wider.json"));
    QVERIFY(writePolicyFile(widerPath, wider));
    QString error;
    QVERIFY2(sessions->setReplayPolicyFile(widerPath, &error), qPrintable(error));

    QStringList asked;
    bool answer = false;
    sessions->setWiderPolicyConfirmation([&](const QStringList &entries) {
        asked = entries;
        return answer;
    });
    QSignalSpy replayed(sessions, &SessionsPanel::replayFinished);
    sessions->replay();
    QVERIFY2(asked.join(QLatin1Char('\n')).contains(QStringLiteral("allow_read \u201c%1\u201d").arg(m_data.path())), qPrintable(asked.join(QLatin1Char('\n'))));
    QVERIFY(!sessions->isReplaying());

    answer = true;
    asked.clear();
    sessions->replay();
    QVERIFY(!asked.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(replayed.count(), 1, kRunTimeoutMs);
    QVERIFY(englishNotes(sessions->lastReport()->notes).join(QLatin1Char('\n')).contains(QStringLiteral("widened by the replay policy")));
    sessions->setWiderPolicyConfirmation({});
    sessions->setReplayPolicyFile({});
}

void TestSessionsPanel::badFilesGiveAClearErrorAndKeepTheOpenSession()
{
    MainWindow &w = window();
    SessionsPanel *sessions = w.sessionsPanel();
    const int row = runRecorded();
    QVERIFY(row >= 0);
    QTRY_VERIFY_WITH_TIMEOUT(w.historyPanel()->model()->run(row).session, 30000);
    const QString good = m_data.filePath(QStringLiteral("good.sbsession"));
    QVERIFY(w.historyPanel()->model()->run(row).session->write(good));

    QFile original(good);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray bytes = original.readAll();
    struct Case { const char *name; QByteArray data; };
    QByteArray corrupted = bytes;
    corrupted[corrupted.size() / 2] = char(corrupted[corrupted.size() / 2] ^ 0x55);
    const QList<Case> cases{{"truncated.sbsession", bytes.left(bytes.size() / 3)},
                            {"corrupted.sbsession", corrupted},
                            {"text.sbsession", QByteArray("not a session at all\n")},
                            {"empty.sbsession", QByteArray()}};
    QSignalSpy opened(sessions, &SessionsPanel::sessionOpened);
    QSignalSpy failed(sessions, &SessionsPanel::openFailed);
    sessions->openFile(good);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
    for (const Case &c : cases) {
        const QString path = m_data.filePath(QString::fromLatin1(c.name));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(c.data);
        file.close();
        const int before = int(failed.count());
        dropOn(sessions, path);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), before + 1, 30000);
        QVERIFY2(sessions->errorLabel()->isVisibleTo(sessions), c.name);
        QVERIFY2(sessions->errorLabel()->text().contains(QString::fromLatin1(c.name)), qPrintable(sessions->errorLabel()->text()));
        // The session that was open stays open.
        QCOMPARE(sessions->title(), good);
        QVERIFY(sessions->bundle());
    }
    QCOMPARE(opened.count(), 1);
    // A later good open clears the error.
    sessions->openFile(good);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 2, 30000);
    QVERIFY(!sessions->errorLabel()->isVisibleTo(sessions));
}

void TestSessionsPanel::recordingCanBeTurnedOff()
{
    MainWindow &w = window();
    AppSettings settings = w.settings();
    settings.recordSessions = false;
    w.applySettings(settings);
    const int row = runRecorded();
    QVERIFY(row >= 0);
    RunHistoryModel *history = w.historyPanel()->model();
    QVERIFY(!history->run(row).session);
    QVERIFY(!history->run(row).sessionPending);
    w.historyPanel()->view()->selectRow(row);
    QVERIFY(!w.historyPanel()->saveSessionButton()->isEnabled());
    settings.recordSessions = true;
    w.applySettings(settings);
    QCOMPARE(AppSettings::load().recordSessions, true);
}

void TestSessionsPanel::sandboxSessionsAreBrowsedStepByStep()
{
    SandboxSession session;
    session.applicationVersion = QStringLiteral("test");
    session.recordedAtMs = 1767225600000;
    session.image = QStringLiteral("sandbench/base:1");
    SandboxExecStep exec;
    exec.argv = {QStringLiteral("cat"), QStringLiteral("notes.txt")};
    exec.exitCode = 0;
    exec.stdoutData = session.addPayload("hello\n");
    session.steps = {SandboxStep{SandboxWriteStep{QStringLiteral("notes.txt"), session.addPayload("hello\n")}, {}},
                     SandboxStep{exec, {}}};
    const QString path = m_data.filePath(QStringLiteral("sandbox.sbsession"));
    QVERIFY(session.write(path));

    SessionsPanel *sessions = window().sessionsPanel();
    QSignalSpy opened(sessions, &SessionsPanel::sessionOpened);
    sessions->openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
    QVERIFY(sessions->sandboxSession());
    QVERIFY(!sessions->bundle());
    QCOMPARE(sessions->tabs()->currentWidget(), sessions->stepsView());
    QVERIFY(!sessions->tabs()->isTabVisible(sessions->tabs()->indexOf(sessions->diffView())));
    QTreeWidget *steps = sessions->stepsView()->stepsView();
    QCOMPARE(steps->topLevelItemCount(), 2);
    QCOMPARE(steps->topLevelItem(1)->text(2), QStringLiteral("cat notes.txt"));
    QCOMPARE(steps->topLevelItem(1)->text(3), QStringLiteral("exit 0"));
    steps->setCurrentItem(steps->topLevelItem(1));
    // Loaded from the file when the step is shown, off the GUI thread.
    QTRY_COMPARE_WITH_TIMEOUT(sessions->stepsView()->recordedView()->toPlainText(), QStringLiteral("hello\n"), 30000);
    QVERIFY(sessions->infoLabel()->text().contains(QStringLiteral("sandbench/base:1")));
}

// A bundle's recorded output and code come from whoever made it: a right-to-left override makes
// "report<U+202E>gnp.sh" read "reporths.png" and an ESC drives nothing here, so both are shown
// as what they are, in the console and in the code view alike.
void TestSessionsPanel::hostileTextIsShownNotObeyed()
{
    const QString work = m_data.filePath(QStringLiteral("hostile"));
    QVERIFY(QDir().mkpath(work));
    const QString script = work + QStringLiteral("/agent.ts");
    QVERIFY(Sandbench::Test::writeFile(script, QStringLiteral("// admin\u202E only\nconsole.log('report\\u202Egnp.sh\\x1b[2J');\n").toUtf8()));
    const QString path = m_data.filePath(QStringLiteral("hostile.sbsession"));
    const auto recorded = Sandbench::Test::runCli({QStringLiteral("run"), QStringLiteral("--record"), path, QStringLiteral("--sandbox"),
                                                   QStringLiteral("--workdir"), work, script});
    QVERIFY2(recorded.exitCode == 0, recorded.stderrData.constData());

    SessionsPanel *sessions = window().sessionsPanel();
    QSignalSpy opened(sessions, &SessionsPanel::sessionOpened);
    sessions->openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
    const QString console = sessions->findChild<QPlainTextEdit *>(QStringLiteral("sessionConsole"))->toPlainText();
    QVERIFY2(!console.contains(QChar(0x202E)) && !console.contains(QChar(0x1b)), qPrintable(console));
    QVERIFY2(console.contains(QStringLiteral("report\u27e6U+202E\u27e7gnp.sh")), qPrintable(console));
    const QString code = sessions->findChild<QPlainTextEdit *>(QStringLiteral("sessionCode"))->toPlainText();
    QVERIFY2(!code.contains(QChar(0x202E)), qPrintable(code));
    QVERIFY2(code.contains(QStringLiteral("admin\u27e6U+202E\u27e7 only")), qPrintable(code));
}

// A run given --env without --record-env-values kept the name only: Replay asks for the value
// in a dialog of password fields, typed here key by key, and replays identical with it; without
// it nothing replays, and the value is in no setting.
void TestSessionsPanel::valuesKeptByNameAreAskedForBeforeAReplay()
{
    const QString path = m_data.filePath(QStringLiteral("named.sbsession"));
    const QString secret = QStringLiteral("panel-s3cret-%1").arg(QCoreApplication::applicationPid());
    const Test::CliRun run = Test::runCli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--seed"), QStringLiteral("5"),
                                           QStringLiteral("--env"), QStringLiteral("SB_PANEL_TOKEN=") + secret,
                                           QStringLiteral("--record"), path, QStringLiteral("--code"),
                                           QStringLiteral("console.log(Math.random(), (Deno.env.get('SB_PANEL_TOKEN') ?? '').length)")});
    QCOMPARE(run.exitCode, 0);
    SessionsPanel *sessions = window().sessionsPanel();
    QSignalSpy opened(sessions, &SessionsPanel::sessionOpened);
    sessions->openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
    QVERIFY(sessions->bundle());
    QSignalSpy replayed(sessions, &SessionsPanel::replayFinished);
    QSignalSpy failed(sessions, &SessionsPanel::replayFailed);

    // Cancelled: nothing replays.
    QTest::mouseClick(sessions->replayButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(sessions->replayValuesDialog() && sessions->replayValuesDialog()->isVisible(), 10000);
    QTest::keyClick(sessions->replayValuesDialog(), Qt::Key_Escape);
    QTRY_VERIFY(!sessions->replayValuesDialog());
    QVERIFY(!sessions->isReplaying());

    sessions->replay();
    QTRY_VERIFY_WITH_TIMEOUT(sessions->replayValuesDialog() && sessions->replayValuesDialog()->isVisible(), 10000);
    ReplayValuesDialog *dialog = sessions->replayValuesDialog();
    QLineEdit *field = dialog->field(QStringLiteral("SB_PANEL_TOKEN"));
    QVERIFY(field);
    QCOMPARE(field->echoMode(), QLineEdit::Password);
    QVERIFY(!dialog->replayButton()->isEnabled());
    QTRY_VERIFY(field->hasFocus());
    // Return with the value still missing does not replay.
    QTest::keyClick(field, Qt::Key_Return);
    QVERIFY(dialog->isVisible());
    QVERIFY(!sessions->isReplaying());
    QTest::keyClicks(field, secret);
    QVERIFY(dialog->replayButton()->isEnabled());
    QTest::keyClick(field, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(replayed.count() + failed.count(), 1, kRunTimeoutMs);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QVERIFY2(sessions->lastReport()->identical, qPrintable(sessions->lastReport()->summary()));
    QTRY_VERIFY(!sessions->replayValuesDialog());

    // A wrong value replays, and diverges where the code used it.
    sessions->replay();
    QTRY_VERIFY_WITH_TIMEOUT(sessions->replayValuesDialog() && sessions->replayValuesDialog()->isVisible(), 10000);
    QTest::keyClicks(sessions->replayValuesDialog()->field(QStringLiteral("SB_PANEL_TOKEN")), QStringLiteral("short"));
    QTest::keyClick(sessions->replayValuesDialog()->field(QStringLiteral("SB_PANEL_TOKEN")), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(replayed.count(), 2, kRunTimeoutMs);
    QVERIFY(!sessions->lastReport()->identical);
    QVERIFY(!sessions->lastReport()->summary().contains(secret));

    QSettings settings;
    settings.sync();
    for (const QString &key : settings.allKeys())
        QVERIFY2(!settings.value(key).toString().contains(secret), qPrintable(key));
    QVERIFY(!Test::readFile(settings.fileName()).contains(secret.toUtf8()));
}

QTEST_MAIN(TestSessionsPanel)
#include "tst_sessionspanel.moc"
