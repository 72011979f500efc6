// The workbench never changes what the user looks at behind their back: moving the focus never
// changes the run the panels show (only a choice in the history does, and every panel names
// that run), no control out of view gets keys, unsaved text is never replaced without a
// question, and the panel holding the focus is marked. Driven by real keys and clicks on the
// real window; the runs are real Deno runs.
#include "mainwindow.h"

#include "dockfocusframe.h"
#include "focuskeeper.h"
#include "models/runhistorymodel.h"
#include "panelnavigator.h"
#include "panels/codeeditor.h"
#include "panels/consolepanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/runhistorypanel.h"
#include "panels/runstatuswidget.h"
#include "panels/scripteditorpanel.h"
#include "panels/welcomepanel.h"
#include "theme.h"
#include "workbench/workbench.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>
#include <QTest>
#include <QTimer>

using namespace Sandbench;

namespace {

constexpr int kRunTimeoutMs = 60000;
// Generous: a loaded 2-core machine is many times slower than a quiet one; only a failure
// waits this long.
constexpr int kStateTimeoutMs = 30000;

// A key as the user types it: to whatever has the focus.
void press(QWidget *fallback, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget *target = QApplication::focusWidget();
    QTest::keyClick(target ? target : fallback, key, modifiers);
}

QString describe(const QWidget *w)
{
    QStringList chain;
    for (const QWidget *p = w; p; p = p->parentWidget()) {
        chain << QStringLiteral("%1(%2)").arg(QString::fromLatin1(p->metaObject()->className()), p->objectName());
        if (qobject_cast<const QDockWidget *>(p))
            break;
    }
    return w ? chain.join(QStringLiteral(" < ")) : QStringLiteral("(nothing)");
}

// The tab of the dock tab bar that reads `title`, as a click would find it.
std::pair<QTabBar *, int> dockTab(QMainWindow *window, const QString &title)
{
    for (QTabBar *bar : window->findChildren<QTabBar *>()) {
        if (!bar->isVisible())
            continue;
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == title)
                return {bar, i};
    }
    return {nullptr, -1};
}

} // namespace

class TestFocusContext : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void movingTheFocusNeverChangesTheShownRun();
    void aLiveRunStaysShownUntilItEnds();
    void ctrlNThenSpaceTypesIntoTheNewScript();
    void aControlBehindATabGetsNoKeys();
    void openingAnExampleOverUnsavedTextAsks();
    void theFocusedDockIsMarked();
    void closingTheFocusedPanelLeavesTheFocusInView();

private:
    QDockWidget *dock(const QString &name) const { return m_window->findChild<QDockWidget *>(name); }
    void runOnce(const QString &code);
    // Every view that shows a run names run `number`.
    void verifyShown(int number);
    std::unique_ptr<MainWindow> m_window;
};

void TestFocusContext::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_focuscontext"));
}

void TestFocusContext::init()
{
    QSettings().clear();
    applyTheme(Theme::Light);
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get(), kStateTimeoutMs));
}

void TestFocusContext::cleanup()
{
    if (m_window) {
        m_window->workbench()->stopRun();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->workbench()->isRunning(), kStateTimeoutMs);
        m_window->scriptPanel()->editor()->document()->setModified(false);
        m_window->policyPanel()->editor()->document()->setModified(false);
    }
    m_window.reset();
}

void TestFocusContext::runOnce(const QString &code)
{
    MainWindow &w = *m_window;
    RunHistoryModel *history = w.historyPanel()->model();
    const int before = history->rowCount();
    w.scriptPanel()->setCode(code);
    w.navigator()->focusDock(dock(QStringLiteral("scriptDock")));
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), w.scriptPanel()->editor(), kStateTimeoutMs);
    press(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() == before + 1 && !history->run(before).running, kRunTimeoutMs);
    QVERIFY2(history->run(before).result, qPrintable(history->run(before).statusText()));
}

void TestFocusContext::verifyShown(int number)
{
    MainWindow &w = *m_window;
    const QString name = QStringLiteral("Run %1").arg(number);
    QCOMPARE(w.workbench()->history()->run(w.workbench()->shownRow()).number, number);
    QVERIFY2(dock(QStringLiteral("consoleDock"))->windowTitle().endsWith(name), qPrintable(dock(QStringLiteral("consoleDock"))->windowTitle()));
    QVERIFY2(dock(QStringLiteral("auditDock"))->windowTitle().endsWith(name), qPrintable(dock(QStringLiteral("auditDock"))->windowTitle()));
    QVERIFY2(dock(QStringLiteral("policyDock"))->windowTitle().endsWith(name), qPrintable(dock(QStringLiteral("policyDock"))->windowTitle()));
    auto *save = w.findChild<QAction *>(QStringLiteral("saveSessionAction"));
    QVERIFY2(save->text().contains(name), qPrintable(save->text()));
    QCOMPARE(w.runStatus()->shownRunText(), name + QLatin1Char(':'));
    w.consolePanel()->flushAll();
    // The console's own first line names the run it holds.
    const QString console = w.consolePanel()->text();
    QVERIFY2(console.contains(QStringLiteral("run-%1-output").arg(number)), qPrintable(console));
    QVERIFY2(!console.contains(QStringLiteral("run-%1-output").arg(number == 1 ? 2 : 1)), qPrintable(console));
    // The history's current and selected row is the shown run, so the focus lands on it.
    QTableView *view = w.historyPanel()->view();
    QCOMPARE(view->currentIndex().row(), w.workbench()->shownRow());
    QCOMPARE(w.historyPanel()->selectedRow(), w.workbench()->shownRow());
}

void TestFocusContext::movingTheFocusNeverChangesTheShownRun()
{
    MainWindow &w = *m_window;
    runOnce(QStringLiteral("console.log('run-1-output');\n"));
    runOnce(QStringLiteral("console.log('run-2-output');\n"));
    verifyShown(2);

    // F6 and Ctrl+Tab through every open panel, the Run History among them: Run 2 stays.
    QDockWidget *historyDock = dock(QStringLiteral("historyDock"));
    const int open = int(w.navigator()->openDocks().size());
    bool visitedHistory = false;
    for (const auto &[key, modifiers] : {std::pair{Qt::Key_F6, Qt::KeyboardModifiers(Qt::NoModifier)},
                                         std::pair{Qt::Key_Tab, Qt::KeyboardModifiers(Qt::ControlModifier)},
                                         std::pair{Qt::Key_F6, Qt::KeyboardModifiers(Qt::ShiftModifier)}}) {
        for (int i = 0; i < open + 1; ++i) {
            press(&w, key, modifiers);
            QApplication::processEvents();
            if (w.navigator()->currentDock() == historyDock) {
                visitedHistory = true;
                QCOMPARE(QApplication::focusWidget(), w.historyPanel()->view());
            }
            QCOMPARE(w.workbench()->shownRow(), 1);
        }
    }
    QVERIFY(visitedHistory);
    verifyShown(2);

    // The focus lands on Run 2's row; an arrow key is a choice: Run 1 everywhere.
    w.navigator()->focusDock(historyDock);
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), w.historyPanel()->view(), kStateTimeoutMs);
    press(&w, Qt::Key_Up);
    verifyShown(1);
    // Away and back again: still Run 1.
    press(&w, Qt::Key_F6);
    press(&w, Qt::Key_F6, Qt::ShiftModifier);
    QCOMPARE(w.navigator()->currentDock(), historyDock);
    verifyShown(1);
    // A click on a row is a choice too.
    QTableView *view = w.historyPanel()->view();
    const QRect row2 = view->visualRect(w.historyPanel()->model()->index(1, 0));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, row2.center());
    verifyShown(2);
}

void TestFocusContext::aLiveRunStaysShownUntilItEnds()
{
    MainWindow &w = *m_window;
    runOnce(QStringLiteral("console.log('run-1-output');\n"));
    // Run 2 goes on for a minute; meanwhile a click on Run 1 must not mix the two runs.
    w.scriptPanel()->setCode(QStringLiteral("console.log('run-2-output');\nawait new Promise(r => setTimeout(r, 60000));\n"));
    w.navigator()->focusDock(dock(QStringLiteral("scriptDock")));
    press(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(w.consolePanel()->text().contains(QStringLiteral("run-2-output")), kRunTimeoutMs);
    QTableView *view = w.historyPanel()->view();
    w.navigator()->focusDock(dock(QStringLiteral("historyDock")));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(w.historyPanel()->model()->index(0, 0)).center());
    press(&w, Qt::Key_Up);
    verifyShown(2);
    // Once it ends, a choice goes through.
    press(&w, Qt::Key_F5, Qt::ShiftModifier);
    QTRY_VERIFY_WITH_TIMEOUT(!w.workbench()->isRunning(), kRunTimeoutMs);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(w.historyPanel()->model()->index(0, 0)).center());
    verifyShown(1);
}

void TestFocusContext::ctrlNThenSpaceTypesIntoTheNewScript()
{
    MainWindow &w = *m_window;
    QDockWidget *welcome = dock(QStringLiteral("welcomeDock"));
    QTRY_VERIFY_WITH_TIMEOUT(PanelNavigator::isInFront(welcome), kStateTimeoutMs);
    // The user is on the welcome page's first "Open Example" (Alt+0, then Tab to it).
    press(&w, Qt::Key_0, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(w.navigator()->currentDock(), welcome, kStateTimeoutMs);
    auto *button = w.findChild<QPushButton *>(QStringLiteral("openExample-hello-safe"));
    for (int i = 0; i < 10 && QApplication::focusWidget() != button; ++i)
        press(&w, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), button);
    const QString policy = w.policyPanel()->text();

    press(&w, Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(PanelNavigator::isInFront(dock(QStringLiteral("scriptDock"))), kStateTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), w.scriptPanel()->editor(), kStateTimeoutMs);
    press(&w, Qt::Key_Space);
    press(&w, Qt::Key_X);
    QCOMPARE(w.scriptPanel()->code(), QStringLiteral(" x"));
    QCOMPARE(w.policyPanel()->text(), policy);
}

void TestFocusContext::aControlBehindATabGetsNoKeys()
{
    MainWindow &w = *m_window;
    QDockWidget *welcome = dock(QStringLiteral("welcomeDock"));
    QTRY_VERIFY_WITH_TIMEOUT(PanelNavigator::isInFront(welcome), kStateTimeoutMs);
    auto *button = w.findChild<QPushButton *>(QStringLiteral("openExample-denied-reads"));
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(2, 2)); // opens it: the focus is on the button
    QTRY_VERIFY(w.scriptPanel()->code().contains(QStringLiteral("Deno")));
    // Back to the welcome page, and with Tab to the button (the way a keyboard user gets there).
    press(&w, Qt::Key_F1, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(PanelNavigator::isInFront(welcome), kStateTimeoutMs);
    press(&w, Qt::Key_0, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(w.navigator()->currentDock(), welcome, kStateTimeoutMs);
    for (int i = 0; i < 10 && QApplication::focusWidget() != button; ++i)
        press(&w, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), button);
    w.scriptPanel()->setCode(QStringLiteral("// mine\n"));

    // A click on the Script tab puts the welcome page behind it; the tab bar takes no focus.
    const auto [bar, index] = dockTab(&w, QStringLiteral("Script"));
    QVERIFY(bar);
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(index).center());
    QTRY_VERIFY_WITH_TIMEOUT(!PanelNavigator::isInFront(welcome), kStateTimeoutMs);
    QTRY_VERIFY2_WITH_TIMEOUT(QApplication::focusWidget() != button, qPrintable(describe(QApplication::focusWidget())),
                              kStateTimeoutMs);
    QCOMPARE(QApplication::focusWidget(), w.scriptPanel()->editor());
    press(&w, Qt::Key_Space);
    QVERIFY2(w.scriptPanel()->code().contains(QStringLiteral("// mine")), qPrintable(w.scriptPanel()->code()));

    // Tab never walks into a panel behind a tab either: the Port Preview, in front of the
    // welcome page, comes just before it in the focus chain.
    QDockWidget *preview = dock(QStringLiteral("portPreviewDock"));
    w.navigator()->focusDock(preview);
    QTRY_VERIFY_WITH_TIMEOUT(PanelNavigator::isInFront(preview) && !PanelNavigator::isInFront(welcome), kStateTimeoutMs);
    for (int i = 0; i < 12; ++i) {
        press(&w, Qt::Key_Tab);
        QTRY_VERIFY2_WITH_TIMEOUT(!welcome->isAncestorOf(QApplication::focusWidget()),
                                  qPrintable(describe(QApplication::focusWidget())), kStateTimeoutMs);
        QVERIFY2(QApplication::focusWidget(), "Tab left the focus nowhere");
    }
}

void TestFocusContext::openingAnExampleOverUnsavedTextAsks()
{
    MainWindow &w = *m_window;
    QDockWidget *welcome = dock(QStringLiteral("welcomeDock"));
    w.navigator()->focusDock(dock(QStringLiteral("scriptDock")));
    QTest::keyClicks(w.scriptPanel()->editor(), QStringLiteral("my work"));
    QVERIFY(w.scriptPanel()->isModified());
    const QString policy = w.policyPanel()->text();
    press(&w, Qt::Key_F1, Qt::ControlModifier); // Help -> Welcome
    QTRY_VERIFY_WITH_TIMEOUT(PanelNavigator::isInFront(welcome), kStateTimeoutMs);

    // Answers the next question with a click on `button`, once the box is up and active.
    QString asked;
    QTimer answer;
    answer.setInterval(30);
    QMessageBox::StandardButton button = QMessageBox::Cancel;
    connect(&answer, &QTimer::timeout, this, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isActiveWindow())
            return;
        answer.stop();
        asked = box->text();
        QTest::mouseClick(box->button(button), Qt::LeftButton);
    });
    auto *open = w.findChild<QPushButton *>(QStringLiteral("openExample-hello-safe"));

    // Cancel keeps the script and the policy as they were.
    answer.start();
    QTest::mouseClick(open, Qt::LeftButton, {}, QPoint(2, 2));
    QVERIFY2(asked.contains(QStringLiteral("unsaved")), qPrintable(asked));
    QCOMPARE(w.scriptPanel()->code(), QStringLiteral("my work"));
    QCOMPARE(w.policyPanel()->text(), policy);

    // Unsaved policy text, the script saved as it is: asked about the policy, and Cancel there
    // replaces nothing at all (not the script either).
    w.scriptPanel()->editor()->document()->setModified(false);
    w.navigator()->focusDock(dock(QStringLiteral("policyDock")));
    w.policyPanel()->editor()->setFocus();
    QTest::keyClick(w.policyPanel()->editor(), Qt::Key_End, Qt::ControlModifier);
    QTest::keyClicks(w.policyPanel()->editor(), QStringLiteral(" "));
    QVERIFY(w.policyPanel()->isModified());
    const QString editedPolicy = w.policyPanel()->text();
    press(&w, Qt::Key_F1, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(PanelNavigator::isInFront(welcome), kStateTimeoutMs);
    asked.clear();
    answer.start();
    QTest::mouseClick(open, Qt::LeftButton, {}, QPoint(2, 2));
    QVERIFY2(asked.contains(QStringLiteral("policy")), qPrintable(asked));
    QCOMPARE(w.scriptPanel()->code(), QStringLiteral("my work"));
    QCOMPARE(w.policyPanel()->text(), editedPolicy);

    // Discard opens it, and the keys go to its script.
    press(&w, Qt::Key_F1, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(PanelNavigator::isInFront(welcome), kStateTimeoutMs);
    button = QMessageBox::Discard;
    asked.clear();
    answer.start();
    QTest::mouseClick(open, Qt::LeftButton, {}, QPoint(2, 2));
    answer.stop();
    QVERIFY(!asked.isEmpty());
    QCOMPARE(w.scriptPanel()->code(), WelcomePanel::example(QStringLiteral("hello-safe")).script);
    // The window's focus, which it has again once it is active after the box (a window manager
    // reactivates it; the offscreen platform leaves that to the next click or key).
    QTRY_COMPARE_WITH_TIMEOUT(w.focusWidget(), w.scriptPanel()->editor(), kStateTimeoutMs);
    QVERIFY(PanelNavigator::isInFront(dock(QStringLiteral("scriptDock"))));
}

void TestFocusContext::theFocusedDockIsMarked()
{
    MainWindow &w = *m_window;
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        applyTheme(theme);
        const QColor highlight = QApplication::palette().color(QPalette::Active, QPalette::Highlight);
        // The new palette reaches the widgets as events.
        QTRY_COMPARE_WITH_TIMEOUT(w.dockFocusFrame()->palette().color(QPalette::Active, QPalette::Highlight), highlight,
                                  kStateTimeoutMs);
        w.navigator()->focusDock(dock(QStringLiteral("scriptDock")));
        for (int step = 0; step < 2; ++step) {
            press(&w, Qt::Key_F6);
            QDockWidget *focused = w.navigator()->currentDock();
            QVERIFY(focused);
            QTRY_COMPARE_WITH_TIMEOUT(w.dockFocusFrame()->markedDock(), focused, kStateTimeoutMs);
            QVERIFY(w.dockFocusFrame()->isVisible());
            // What the user sees: the highlight along the dock's edges, and nowhere on the
            // dock the focus left.
            const QImage shot = w.grab().toImage();
            const QPoint origin = focused->mapTo(&w, QPoint(0, 0));
            const int midY = origin.y() + focused->height() / 2;
            const int midX = origin.x() + focused->width() / 2;
            for (const QPoint &p : {QPoint(origin.x(), midY), QPoint(origin.x() + focused->width() - 1, midY),
                                    QPoint(midX, origin.y() + focused->height() - 1)}) {
                QVERIFY2(shot.pixelColor(p) == highlight,
                         qPrintable(QStringLiteral("%1 at %2,%3 in %4: %5").arg(focused->objectName()).arg(p.x()).arg(p.y())
                                        .arg(themeName(theme), shot.pixelColor(p).name())));
            }
        }
        QDockWidget *script = dock(QStringLiteral("scriptDock"));
        const QImage shot = w.grab().toImage();
        const QPoint origin = script->mapTo(&w, QPoint(0, 0));
        QVERIFY(shot.pixelColor(origin.x(), origin.y() + script->height() / 2) != highlight);
    }
}

void TestFocusContext::closingTheFocusedPanelLeavesTheFocusInView()
{
    MainWindow &w = *m_window;
    // The Audit Log behind the Run History's tab: Qt hands the focus of a closed panel to the
    // next control in the chain, the audit table here, which nobody sees.
    QDockWidget *audit = dock(QStringLiteral("auditDock"));
    dock(QStringLiteral("historyDock"))->raise();
    QTRY_VERIFY_WITH_TIMEOUT(!PanelNavigator::isInFront(audit), kStateTimeoutMs);
    QDockWidget *console = dock(QStringLiteral("consoleDock"));
    press(&w, Qt::Key_3, Qt::AltModifier); // View -> Console
    QTRY_COMPARE_WITH_TIMEOUT(w.navigator()->currentDock(), console, kStateTimeoutMs);

    QAbstractButton *close = console->findChild<QAbstractButton *>(QStringLiteral("qt_dockwidget_closebutton"));
    QVERIFY(close);
    QTest::mouseClick(close, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(console->isHidden(), kStateTimeoutMs);
    QTRY_VERIFY2_WITH_TIMEOUT(FocusKeeper::isShownToUser(QApplication::focusWidget()),
                              qPrintable(describe(QApplication::focusWidget())), kStateTimeoutMs);
    QVERIFY(!audit->isAncestorOf(QApplication::focusWidget()));
    // And the mark is on the panel that has it.
    QTRY_COMPARE_WITH_TIMEOUT(w.dockFocusFrame()->markedDock(), w.navigator()->currentDock(), kStateTimeoutMs);
}

QTEST_MAIN(TestFocusContext)
#include "tst_focuscontext.moc"
