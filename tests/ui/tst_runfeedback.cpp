// Issue #24, what a run says about itself, against the real Deno runtime and real files: the Run
// History names each run's script (its file, or its example) and says where its session was
// saved; the audit log names the script's code in GUI words; and at 1280x800 a replay's recorded
// and replayed panes have room to read.
#include "mainwindow.h"

#include "models/auditlogmodel.h"
#include "models/runhistorymodel.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/runhistorypanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessiondiffview.h"
#include "panels/sessionspanel.h"
#include "panels/welcomepanel.h"
#include "session/replayreport.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCompleter>
#include <QDockWidget>
#include <QFileDialog>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>

using namespace Sandbench;
using namespace Qt::StringLiterals;

namespace {

constexpr int kRunTimeoutMs = 60000;
// What "room" means at 1280x800: more than seven lines of each side (the issue saw one; five
// lines of minimum left 6.7 in this window).
constexpr int kMinimumPaneLines = 7; // strictly more than this many

void onFileDialog(QObject *context, const std::function<void(QFileDialog *)> &answer, bool *seen)
{
    auto *timer = new QTimer(context);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, context, [timer, answer, seen] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        timer->stop();
        timer->deleteLater();
        *seen = true;
        answer(dialog);
        if (dialog->isVisible())
            dialog->reject();
    });
    timer->start();
}

} // namespace

class TestRunFeedback : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void historyNamesTheScriptAndTheSavedSession();
    void anExampleRunIsNamedAfterTheExample();
    void replayPanesHaveRoomAt1280x800();

private:
    // Runs the script in the editor by F5 and waits for its end and its session; the row.
    int runByF5();

    QTemporaryDir m_data;
    std::unique_ptr<MainWindow> m_window;
};

void TestRunFeedback::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"SandbenchTest"_s);
    QCoreApplication::setApplicationName(u"tst_runfeedback"_s);
    QSettings().clear();
}

void TestRunFeedback::init()
{
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QApplication::setActiveWindow(m_window.get());
}

void TestRunFeedback::cleanup()
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

int TestRunFeedback::runByF5()
{
    RunHistoryModel *history = m_window->historyPanel()->model();
    const int row = history->rowCount();
    m_window->showPanel(m_window->scriptPanel());
    m_window->scriptPanel()->editor()->setFocus();
    QTest::keyClick(m_window->scriptPanel()->editor(), Qt::Key_F5);
    if (!QTest::qWaitFor([&] { return history->rowCount() > row && !history->run(row).running && !m_window->workbench()->isRunning(); },
                         kRunTimeoutMs))
        return -1;
    if (!QTest::qWaitFor([&] { return bool(history->run(row).session); }, 30000))
        return -1;
    return row;
}

void TestRunFeedback::historyNamesTheScriptAndTheSavedSession()
{
    const QString script = m_data.filePath(u"greet.ts"_s);
    {
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("console.log('hello from greet');\n");
    }
    QVERIFY(m_window->scriptPanel()->openFile(script));
    const int row = runByF5();
    QVERIFY(row >= 0);
    RunHistoryModel *history = m_window->historyPanel()->model();
    QVERIFY2(history->run(row).result, qPrintable(history->run(row).error ? history->run(row).error->message : QString()));
    QCOMPARE(history->index(row, int(RunHistoryModel::Column::Title)).data().toString(), u"greet.ts"_s);

    // The audit table names the code after the script, never in the command line's words.
    AuditLogModel *audit = m_window->auditPanel()->model();
    bool named = false;
    for (int r = 0; r < audit->rowCount(); ++r) {
        const QString shown = audit->index(r, int(AuditLogModel::Column::Resource)).data().toString();
        QVERIFY2(!shown.contains(u"--code"_s), qPrintable(shown));
        named = named || shown == u"(the code of greet.ts)"_s;
    }
    QVERIFY(named);

    // Save Session by its key, through the dialog: the Session column says where it went.
    QCOMPARE(history->index(row, int(RunHistoryModel::Column::Session)).data().toString(), u"ready to save"_s);
    const QString target = m_data.filePath(u"greet-run.sbsession"_s);
    QSettings().setValue(u"sessions/lastFolder"_s, m_data.path());
    QApplication::setActiveWindow(m_window.get());
    QSignalSpy saved(m_window.get(), &MainWindow::sessionSaved);
    bool seen = false;
    onFileDialog(this, [&](QFileDialog *dialog) {
        auto *name = dialog->findChild<QLineEdit *>(u"fileNameEdit"_s);
        if (!name)
            return;
        // The dialog starts in the last sessions folder; the suggested name is typed over.
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(name, QFileInfo(target).fileName());
        if (name->completer() && name->completer()->popup()->isVisible())
            name->completer()->popup()->hide();
        QTest::keyClick(name, Qt::Key_Return);
    }, &seen);
    QTest::keyClick(m_window->scriptPanel()->editor(), Qt::Key_S, Qt::ControlModifier | Qt::AltModifier);
    QTRY_VERIFY(seen);
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 30000);
    QVERIFY(QFileInfo::exists(target));
    QCOMPARE(history->index(row, int(RunHistoryModel::Column::Session)).data().toString(), u"saved: greet-run.sbsession"_s);
    QVERIFY(history->index(row, int(RunHistoryModel::Column::Session)).data(Qt::ToolTipRole).toString().contains(target));
}

void TestRunFeedback::anExampleRunIsNamedAfterTheExample()
{
    m_window->showWelcome();
    auto *open = m_window->welcomePanel()->findChild<QPushButton *>(u"openExample-hello-safe"_s);
    QVERIFY(open);
    QTRY_VERIFY(open->isVisible());
    QTest::mouseClick(open, Qt::LeftButton);
    const int row = runByF5();
    QVERIFY(row >= 0);
    QCOMPARE(m_window->historyPanel()->model()->index(row, int(RunHistoryModel::Column::Title)).data().toString(),
             u"hello-safe.ts (example)"_s);
}

void TestRunFeedback::replayPanesHaveRoomAt1280x800()
{
    m_window->scriptPanel()->setCode(u"for (let i = 0; i < 40; i++) console.log('line ' + i);\n"_s);
    const int row = runByF5();
    QVERIFY(row >= 0);
    m_window->historyPanel()->view()->selectRow(row);
    QTest::mouseClick(m_window->historyPanel()->openSessionButton(), Qt::LeftButton);
    SessionsPanel *sessions = m_window->sessionsPanel();
    QVERIFY(sessions->bundle());
    QSignalSpy replayed(sessions, &SessionsPanel::replayFinished);
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE_WITH_TIMEOUT(replayed.count(), 1, kRunTimeoutMs);
    QCOMPARE(sessions->tabs()->currentWidget(), sessions->diffView());
    QTRY_VERIFY(sessions->diffView()->recordedView()->isVisible());
    QCOMPARE(m_window->size(), QSize(1280, 800));
    QPlainTextEdit *recorded = sessions->diffView()->recordedView();
    QPlainTextEdit *replayedView = sessions->diffView()->replayedView();
    const int room = recorded->fontMetrics().lineSpacing() * kMinimumPaneLines;
    QTRY_VERIFY2(recorded->viewport()->height() > room && replayedView->viewport()->height() > room,
                 qPrintable(u"recorded %1 px, replayed %2 px, wanted more than %3 px"_s.arg(recorded->viewport()->height())
                                .arg(replayedView->viewport()->height())
                                .arg(room)));

    // The height the user gives the panes is kept for the next window.
    auto *split = sessions->diffView()->findChild<QSplitter *>(u"replaySplit"_s);
    QVERIFY(split);
    QList<int> sizes = split->sizes();
    QVERIFY(sizes.size() >= 2);
    QVERIFY2(sizes.first() > room, qPrintable(QString::number(sizes.first())));
}

QTEST_MAIN(TestRunFeedback)
#include "tst_runfeedback.moc"
