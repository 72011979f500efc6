// The workbench end to end, against the real Deno runtime: write a script, run it, see its output
// and its denied access, allow it with one click, run again.
#include "mainwindow.h"

#include "allowscopedialog.h"
#include "confirmations.h"

#include "dockertestsupport.h"
#include "models/auditlogmodel.h"
#include "models/runhistorymodel.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/consolepanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/policyform.h"
#include "panels/runhistorypanel.h"
#include "panels/runstatuswidget.h"
#include "panels/sandboxespanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/stringlistedit.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QTest>
#include <QTimer>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr int kRunTimeoutMs = 60000;

int findRow(AuditLogModel *model, const QString &resource, bool allowed)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        const AuditEvent e = model->eventAt(row);
        if (e.resource == resource && e.allowed == allowed)
            return row;
    }
    return -1;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void runShowsOutputAndDeniedAccessThenAllowThisFixesIt();
    void stopEndsALongRun();
    void anInvalidPolicyDoesNotRun();
    void resetLayoutPutsPanelsBack();
    void seedAndFrozenTimeAreShown();
    void closingAsksAboutUnsavedChanges();
    void layoutIsRememberedAcrossSessions();
    void closingReleasesLiveSandboxesWithoutWaiting();

private:
    QTemporaryDir m_data;
    QString m_secret;
    std::unique_ptr<MainWindow> m_window;
};

// Closing with a live sandbox: the window goes at once (the pool's destructor used to wait up
// to 5 s in a nested event loop), the close is accepted once the pool has released it, and its
// container is gone from the engine.
void TestMainWindow::closingReleasesLiveSandboxesWithoutWaiting()
{
    REQUIRE_DOCKER();
    SandboxesPanel *panel = m_window->sandboxesPanel();
    QVERIFY2(panel, "the window has no sandboxes panel: no engine?");
    QSignalSpy created(panel, &SandboxesPanel::sandboxCreated);
    SandboxOptions o;
    o.lifetimeMs = 300'000;
    panel->createSandbox(o);
    QVERIFY2(created.wait(90'000), qPrintable(panel->status()));
    const QString id = created.first().first().value<Sandbox *>()->id();
    QVERIFY(containerExists(dockerSocket(), id));

    // Quitting asks first (tst_keyboard tests the question); here the user says yes.
    QStringList listed;
    setLossQuestionHook([&](const LossQuestion &q) {
        listed = q.items;
        return true;
    });
    QElapsedTimer clock;
    clock.start();
    m_window->close();
    setLossQuestionHook({});
    QVERIFY2(listed.join(QLatin1Char('\n')).contains(id.left(12)), qPrintable(listed.join(QLatin1Char('\n'))));
    const qint64 closeMs = clock.elapsed();
    QVERIFY(!m_window->isVisible());
    // Generous against the machine, tight against a wait for the engine (seconds).
    QVERIFY2(closeMs < 1000, qPrintable(QStringLiteral("close() took %1 ms").arg(closeMs)));
    QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), 30'000);
    // The window then closed for good, and destroying it waits for nothing.
    clock.restart();
    m_window.reset();
    QVERIFY2(clock.elapsed() < 1000, qPrintable(QStringLiteral("~MainWindow took %1 ms").arg(clock.elapsed())));
}

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    QSettings().clear();
    m_secret = m_data.filePath(QStringLiteral("secret.txt"));
    QFile file(m_secret);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("the secret is 42\n");
}

void TestMainWindow::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMainWindow::cleanup()
{
    if (m_window) {
        m_window->workbench()->stopRun();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->workbench()->isRunning(), 10000);
        // No unsaved-changes prompt in a test.
        m_window->scriptPanel()->editor()->document()->setModified(false);
        m_window->policyPanel()->editor()->document()->setModified(false);
    }
    m_window.reset();
}

void TestMainWindow::runShowsOutputAndDeniedAccessThenAllowThisFixesIt()
{
    MainWindow &w = *m_window;
    RunHistoryModel *history = w.historyPanel()->model();
    CodeEditor *editor = w.scriptPanel()->editor();
    editor->setFocus();
    QTest::keyClicks(editor, QStringLiteral("console.log(\"start\");"));
    QTest::keyClick(editor, Qt::Key_Return);
    editor->insertPlainText(QStringLiteral(
        "try { console.log(\"read: \" + (await Deno.readTextFile(\"%1\")).trim()); }\n"
        "catch (e) { console.error(\"denied: \" + e.name); }\n").arg(m_secret));

    // Run (F5): output live in the console, the denied read in the audit panel.
    QTest::keyClick(&w, Qt::Key_F5);
    QVERIFY(w.workbench()->isRunning() || history->rowCount() == 1);
    QVERIFY(!w.runAction()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() == 1 && !history->run(0).running, kRunTimeoutMs);
    QVERIFY2(!history->run(0).error, qPrintable(history->run(0).error ? history->run(0).error->message : QString()));
    QCOMPARE(history->run(0).result->exitCode, 0);
    QVERIFY(w.runAction()->isEnabled());
    w.consolePanel()->flushAll();
    const QString firstOutput = w.consolePanel()->text();
    QVERIFY2(firstOutput.contains(QStringLiteral("start\n")), qPrintable(firstOutput));
    QVERIFY2(firstOutput.contains(QStringLiteral("denied: NotCapable")), qPrintable(firstOutput));
    QVERIFY(!firstOutput.contains(QStringLiteral("the secret is 42")));
    QVERIFY(w.runStatus()->stateText().contains(QStringLiteral("Exit code 0")));

    AuditLogModel *audit = w.auditPanel()->model();
    const int denied = findRow(audit, m_secret, false);
    QVERIFY2(denied >= 0, "the denied read is in the audit panel");
    QCOMPARE(audit->eventAt(denied).kind, QStringLiteral("read"));
    QVERIFY(audit->denyCount() >= 1);
    QVERIFY(w.auditPanel()->countsLabel()->text().contains(QStringLiteral("denied")));

    // "Allow this" with its preview: the scope dialog, the file itself chosen by default.
    w.auditPanel()->selectRow(denied);
    QPushButton *allow = w.auditPanel()->allowButton();
    QVERIFY(allow->isEnabled());
    QString shownRule, shownDiff;
    QTimer answer;
    answer.setInterval(50);
    connect(&answer, &QTimer::timeout, this, [&] {
        auto *dialog = qobject_cast<AllowScopeDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        answer.stop();
        shownRule = dialog->chosenRules().value(0).displayText();
        shownDiff = dialog->diffText();
        // scripts/screenshots sets this to picture the dialog for the docs.
        if (const QByteArray dir = qgetenv("SANDBENCH_SCREENSHOT_DIR"); !dir.isEmpty())
            dialog->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/allow-this.png"));
        dialog->applyButton()->click();
    });
    answer.start();
    QTest::mouseClick(allow, Qt::LeftButton);
    QVERIFY2(shownRule.contains(QStringLiteral("\"allow_read\": \"%1\"").arg(m_secret)), qPrintable(shownRule));
    QVERIFY2(shownDiff.contains(QStringLiteral("+ ")) && shownDiff.contains(m_secret), qPrintable(shownDiff));
    QVERIFY(w.policyPanel()->policy().permissions.allowRead.contains(m_secret));
    QVERIFY(w.policyPanel()->text().contains(m_secret));
    QVERIFY(w.policyPanel()->form()->list(PolicyForm::ListKind::Read)->values().contains(m_secret));

    // The rerun reads the file.
    w.runAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() == 2 && !history->run(1).running, kRunTimeoutMs);
    QCOMPARE(history->run(1).result->exitCode, 0);
    w.consolePanel()->flushAll();
    const QString secondOutput = w.consolePanel()->text();
    QVERIFY2(secondOutput.contains(QStringLiteral("read: the secret is 42")), qPrintable(secondOutput));
    const int allowed = findRow(audit, m_secret, true);
    QVERIFY(allowed >= 0);
    QVERIFY2(audit->eventAt(allowed).rule.startsWith(QStringLiteral("allow_read")),
             qPrintable(audit->eventAt(allowed).rule));

    // The history shows the first run again.
    w.showRun(0);
    w.consolePanel()->flushAll();
    QVERIFY(w.consolePanel()->text().contains(QStringLiteral("denied: NotCapable")));
    QVERIFY(findRow(audit, m_secret, false) >= 0);
    QVERIFY(findRow(audit, m_secret, true) < 0);
}

void TestMainWindow::stopEndsALongRun()
{
    MainWindow &w = *m_window;
    w.scriptPanel()->setCode(QStringLiteral("console.log('waiting');\nawait new Promise(r => setTimeout(r, 60000));\n"));
    QVERIFY(w.runScript());
    QTRY_VERIFY_WITH_TIMEOUT(w.consolePanel()->text().contains(QStringLiteral("waiting")), kRunTimeoutMs);
    QVERIFY(w.stopAction()->isEnabled());
    QTRY_VERIFY(w.runStatus()->stateText().contains(QStringLiteral("Running")));
    QTest::keyClick(&w, Qt::Key_F5, Qt::ShiftModifier);
    RunHistoryModel *history = w.historyPanel()->model();
    QTRY_VERIFY_WITH_TIMEOUT(!history->run(0).running, 15000);
    QVERIFY(history->run(0).result);
    QVERIFY(history->run(0).result->cancelled);
    QVERIFY(history->run(0).result->durationMs < 30000);
    QVERIFY(w.runStatus()->stateText().contains(QStringLiteral("Stopped")));
}

void TestMainWindow::anInvalidPolicyDoesNotRun()
{
    MainWindow &w = *m_window;
    w.scriptPanel()->setCode(QStringLiteral("console.log(1)"));
    w.policyPanel()->setText(QStringLiteral("{ \"sandbox\": tru }"));
    QVERIFY(!w.runScript());
    QCOMPARE(w.historyPanel()->model()->rowCount(), 0);
    QVERIFY(w.runStatus()->stateText().contains(QStringLiteral("policy")));
    // Issue #17: "Could not run" stayed after the policy was fixed.
    w.policyPanel()->setText(QStringLiteral("{ \"sandbox\": true }"));
    QVERIFY2(!w.runStatus()->stateText().contains(QStringLiteral("Could not run")), qPrintable(w.runStatus()->stateText()));
}

void TestMainWindow::resetLayoutPutsPanelsBack()
{
    MainWindow &w = *m_window;
    const QStringList names = {QStringLiteral("scriptDock"), QStringLiteral("policyDock"),
                               QStringLiteral("consoleDock"), QStringLiteral("auditDock"),
                               QStringLiteral("historyDock"), QStringLiteral("sessionsDock"), QStringLiteral("sandboxesDock"),
                               QStringLiteral("desktopDock"), QStringLiteral("portPreviewDock"),
                               QStringLiteral("approvalsDock")};
    for (const QString &name : names)
        QVERIFY2(w.findChild<QDockWidget *>(name), qPrintable(name));
    auto *console = w.findChild<QDockWidget *>(QStringLiteral("consoleDock"));
    auto *audit = w.findChild<QDockWidget *>(QStringLiteral("auditDock"));
    console->setFloating(true);
    audit->close();
    w.removeDockWidget(w.findChild<QDockWidget *>(QStringLiteral("policyDock")));
    w.resetLayout();
    for (const QString &name : names) {
        auto *dock = w.findChild<QDockWidget *>(name);
        QVERIFY2(!dock->isFloating(), qPrintable(name));
        QVERIFY2(w.dockWidgetArea(dock) != Qt::NoDockWidgetArea, qPrintable(name));
    }
    QVERIFY(audit->isVisible());
    QCOMPARE(w.tabifiedDockWidgets(audit), (QList<QDockWidget *>{w.findChild<QDockWidget *>(QStringLiteral("historyDock")),
                                                                w.findChild<QDockWidget *>(QStringLiteral("sessionsDock")),
                                                                w.findChild<QDockWidget *>(QStringLiteral("sandboxesDock")),
                                                                w.findChild<QDockWidget *>(QStringLiteral("approvalsDock"))}));
    auto *script = w.findChild<QDockWidget *>(QStringLiteral("scriptDock"));
    QCOMPARE(w.tabifiedDockWidgets(script), (QList<QDockWidget *>{w.findChild<QDockWidget *>(QStringLiteral("desktopDock")),
                                                                 w.findChild<QDockWidget *>(QStringLiteral("portPreviewDock")),
                                                                 w.findChild<QDockWidget *>(QStringLiteral("welcomeDock"))}));
}

void TestMainWindow::seedAndFrozenTimeAreShown()
{
    MainWindow &w = *m_window;
    QCOMPARE(w.runStatus()->seedText(), QStringLiteral("Seed: random"));
    Policy policy = w.policyPanel()->policy();
    policy.seed = 7;
    policy.freezeTimeMs = 1767225600000;
    w.policyPanel()->setPolicy(policy);
    QCOMPARE(w.runStatus()->seedText(), QStringLiteral("Seed: 7"));
    QVERIFY2(w.runStatus()->frozenTimeText().contains(QStringLiteral("2026-01-01T00:00:00")),
             qPrintable(w.runStatus()->frozenTimeText()));
}

void TestMainWindow::closingAsksAboutUnsavedChanges()
{
    MainWindow &w = *m_window;
    w.policyPanel()->form()->list(PolicyForm::ListKind::Read)->addValue(QStringLiteral("/srv"));
    QVERIFY(w.policyPanel()->isModified());
    QVERIFY(w.windowTitle().contains(QLatin1Char('*')));
    QString asked;
    QTimer answer;
    answer.setInterval(50);
    connect(&answer, &QTimer::timeout, this, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        answer.stop();
        asked = box->text();
        box->button(QMessageBox::Cancel)->click();
    });
    answer.start();
    QVERIFY(!w.close()); // cancelled: the window stays
    QVERIFY(w.isVisible());
    QVERIFY2(asked.contains(QStringLiteral("unsaved")), qPrintable(asked));
}

void TestMainWindow::layoutIsRememberedAcrossSessions()
{
    auto *console = m_window->findChild<QDockWidget *>(QStringLiteral("consoleDock"));
    QCOMPARE(m_window->dockWidgetArea(console), Qt::LeftDockWidgetArea);
    m_window->addDockWidget(Qt::TopDockWidgetArea, console);
    QVERIFY(m_window->close()); // nothing unsaved: closes and saves the layout
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    console = m_window->findChild<QDockWidget *>(QStringLiteral("consoleDock"));
    QCOMPARE(m_window->dockWidgetArea(console), Qt::TopDockWidgetArea);
    m_window->resetLayout();
    QCOMPARE(m_window->dockWidgetArea(console), Qt::LeftDockWidgetArea);
    QSettings().clear();
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
