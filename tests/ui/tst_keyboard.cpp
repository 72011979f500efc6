// The workbench from the keyboard: moving between panels, the menus' shortcuts, the shortcut
// list, names a screen reader can read, the questions before something alive is lost, and a
// keyboard-only journey from a denied access to allowing it (against the real Deno runtime).
#include "mainwindow.h"

#include "allowscopedialog.h"
#include "confirmations.h"
#include "dockertestsupport.h"
#include "models/auditlogmodel.h"
#include "models/runhistorymodel.h"
#include "panelnavigator.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/consolepanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/runhistorypanel.h"
#include "panels/sandboxespanel.h"
#include "panels/scripteditorpanel.h"
#include "sandbox/sandbox.h"
#include "shortcutsdialog.h"
#include "workbench/workbench.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr int kRunTimeoutMs = 60000;
// How long a state the test needs (a focus, a window's activation) may take to come: generous,
// since a loaded 2-core machine under ASan is many times slower than a quiet one. Only a
// failure waits this long.
constexpr int kStateTimeoutMs = 30000;

// A key as the user types it: to whatever has the focus.
void press(QWidget *fallback, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget *target = QApplication::focusWidget();
    QTest::keyClick(target ? target : fallback, key, modifiers);
}

void pressSequence(QWidget *fallback, const QKeySequence &sequence)
{
    QWidget *target = QApplication::focusWidget();
    QTest::keySequence(target ? target : fallback, sequence);
}

// Answers the next modal box named `objectName` with `answer` once it is up, active and holds
// the focus (a box is the active modal widget as soon as exec() shows it; its window is
// activated and its focus set later, on a loaded machine much later). The timer polls because
// the box runs its own event loop. Whatever the answer does, the box is closed after it: a
// check that fails inside the answer returns early, and a box left open would keep its exec()
// and the test waiting for ever.
class BoxAnswer : public QObject
{
public:
    BoxAnswer(const QString &objectName, std::function<void(QWidget *)> answer)
        : m_name(objectName)
        , m_answer(std::move(answer))
    {
        m_timer.setInterval(30);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            QWidget *modal = QApplication::activeModalWidget();
            if (!modal || modal->objectName() != m_name)
                return;
            if (!m_up.isValid())
                m_up.start();
            const QWidget *focus = QApplication::focusWidget();
            const bool ready = modal->isActiveWindow() && focus && (focus == modal || modal->isAncestorOf(focus));
            if (!ready && !m_up.hasExpired(kStateTimeoutMs))
                return; // not ready yet; past the deadline the answer runs and its checks say why
            m_timer.stop();
            seen = true;
            m_answer(modal);
            if (modal->isVisible()) {
                if (auto *dialog = qobject_cast<QDialog *>(modal))
                    dialog->reject();
                else
                    modal->close();
            }
        });
        m_timer.start();
    }
    bool seen = false;

private:
    QString m_name;
    std::function<void(QWidget *)> m_answer;
    QTimer m_timer;
    QElapsedTimer m_up;
};

// The "Allow this" dialog (a scope per denied resource, the policy diff), answered from the
// keyboard: Enter takes the default button, Apply to Policy. What it showed lands in `shown`.
// Kept apart so a new allow dialog only changes this.
std::unique_ptr<BoxAnswer> confirmAllowWithKeyboard(QString *shown)
{
    return std::make_unique<BoxAnswer>(QStringLiteral("allowScopeDialog"), [shown](QWidget *box) {
        if (auto *dialog = qobject_cast<AllowScopeDialog *>(box)) {
            for (int row = 0; row < dialog->table()->rowCount(); ++row)
                *shown += dialog->table()->item(row, AllowScopeDialog::ResourceColumn)->text() + QLatin1Char('\n');
            *shown += dialog->diffText();
        }
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : box, Qt::Key_Return);
        // A key that did not take must fail the check after, not leave the test on a modal dialog.
        if (box->isVisible()) {
            *shown += QStringLiteral("\n(Enter did not close the dialog)");
            qobject_cast<QDialog *>(box)->reject();
        }
    });
}

// The entries of a menu and its submenus; `skipData` leaves out the submenus whose entries
// are data (policy templates, recent files), which need no keys.
QList<QAction *> menuActions(QMenu *menu, bool skipData = false)
{
    QList<QAction *> all;
    for (QAction *a : menu->actions()) {
        if (a->menu()) {
            const QString title = a->menu()->title();
            if (!skipData || (title != QStringLiteral("&Templates") && title != QStringLiteral("Open &Recent")))
                all << menuActions(a->menu(), skipData);
        }
        else if (!a->isSeparator())
            all << a;
    }
    return all;
}

QString describe(QWidget *w)
{
    QStringList chain;
    for (QWidget *p = w; p; p = p->parentWidget()) {
        chain << QStringLiteral("%1(%2)").arg(QString::fromLatin1(p->metaObject()->className()), p->objectName());
        if (qobject_cast<QDockWidget *>(p))
            break;
    }
    return chain.join(QStringLiteral(" < "));
}

} // namespace

class TestKeyboard : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void ctrlTabLeavesTheEditorForTheNextPanel();
    void f6CyclesThroughTheOpenPanels();
    void escapeLeavesTheEditor();
    void viewActionBringsThePanelForwardAndFocusesIt();
    void menuShortcutsAreSetAndUnique();
    void shortcutsDialogListsTheMenusAndFilters();
    void everyFocusableControlHasAName();
    void quittingWithARunAsksAndListsIt();
    void quittingWithNothingAliveDoesNotAsk();
    void releaseAsksWithTheSandboxName();
    void keyboardOnlyFromDenialToAllowed();

private:
    QDockWidget *dock(const QString &name) const { return m_window->findChild<QDockWidget *>(name); }
    QTemporaryDir m_data;
    QString m_secret;
    std::unique_ptr<MainWindow> m_window;
};

void TestKeyboard::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_keyboard"));
    QSettings().clear();
    m_secret = m_data.filePath(QStringLiteral("secret.txt"));
    QFile file(m_secret);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("the secret is 42\n");
}

void TestKeyboard::init()
{
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get(), kStateTimeoutMs));
}

void TestKeyboard::cleanup()
{
    setLossQuestionHook({});
    if (m_window) {
        m_window->workbench()->stopRun();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->workbench()->isRunning(), kStateTimeoutMs);
        m_window->scriptPanel()->editor()->document()->setModified(false);
        m_window->policyPanel()->editor()->document()->setModified(false);
    }
    m_window.reset();
}

void TestKeyboard::ctrlTabLeavesTheEditorForTheNextPanel()
{
    MainWindow &w = *m_window;
    CodeEditor *editor = w.scriptPanel()->editor();
    editor->setFocus();
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), editor, kStateTimeoutMs);
    // Tab stays in the editor and indents.
    QTest::keyClick(editor, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), editor);
    QVERIFY(w.scriptPanel()->code().contains(QLatin1Char('\t')));

    const QList<QDockWidget *> open = w.navigator()->openDocks();
    QCOMPARE(open.first(), dock(QStringLiteral("scriptDock")));
    QTest::keyClick(editor, Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(w.navigator()->currentDock(), open.at(1));
    QVERIFY(PanelNavigator::isInFront(open.at(1)));
    // And back, into the editor.
    press(&w, Qt::Key_Tab, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QApplication::focusWidget(), editor);
}

void TestKeyboard::f6CyclesThroughTheOpenPanels()
{
    MainWindow &w = *m_window;
    dock(QStringLiteral("desktopDock"))->close(); // a closed panel is skipped
    const QList<QDockWidget *> open = w.navigator()->openDocks();
    QVERIFY(!open.contains(dock(QStringLiteral("desktopDock"))));
    QVERIFY(open.size() >= 5);
    w.scriptPanel()->editor()->setFocus();
    QTRY_COMPARE_WITH_TIMEOUT(w.navigator()->currentDock(), open.first(), kStateTimeoutMs);
    QList<QDockWidget *> visited;
    for (int i = 0; i < open.size(); ++i) {
        press(&w, Qt::Key_F6);
        QDockWidget *now = w.navigator()->currentDock();
        QVERIFY2(now, qPrintable(QStringLiteral("F6 #%1 left the focus outside every panel").arg(i + 1)));
        QVERIFY2(PanelNavigator::isInFront(now), qPrintable(now->objectName())); // brought forward when tabbed
        visited << now;
    }
    QCOMPARE(visited, open.mid(1) + open.mid(0, 1));
    QVERIFY(!dock(QStringLiteral("desktopDock"))->isVisible());
    press(&w, Qt::Key_F6, Qt::ShiftModifier);
    QCOMPARE(w.navigator()->currentDock(), open.last());
}

void TestKeyboard::escapeLeavesTheEditor()
{
    MainWindow &w = *m_window;
    for (CodeEditor *editor : {w.scriptPanel()->editor(), w.policyPanel()->editor()}) {
        QDockWidget *own = dock(editor == w.scriptPanel()->editor() ? QStringLiteral("scriptDock")
                                                                    : QStringLiteral("policyDock"));
        w.navigator()->focusDock(own);
        editor->setFocus();
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), editor, kStateTimeoutMs);
        QTest::keyClick(editor, Qt::Key_Escape);
        QVERIFY(QApplication::focusWidget() != editor);
        QVERIFY2(w.navigator()->currentDock() && w.navigator()->currentDock() != own,
                 qPrintable(describe(QApplication::focusWidget())));
    }
}

void TestKeyboard::viewActionBringsThePanelForwardAndFocusesIt()
{
    MainWindow &w = *m_window;
    QDockWidget *audit = dock(QStringLiteral("auditDock"));
    QDockWidget *history = dock(QStringLiteral("historyDock"));
    QVERIFY(w.tabifiedDockWidgets(audit).contains(history));
    history->raise();
    QTRY_VERIFY_WITH_TIMEOUT(!PanelNavigator::isInFront(audit), kStateTimeoutMs); // open but behind
    auto *show = w.findChild<QAction *>(QStringLiteral("auditDockAction"));
    QVERIFY(show);
    QVERIFY(show->isChecked());
    QVERIFY(!show->shortcut().isEmpty());
    w.scriptPanel()->editor()->setFocus();
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), w.scriptPanel()->editor(), kStateTimeoutMs);

    pressSequence(&w, show->shortcut());
    QVERIFY(PanelNavigator::isInFront(audit));
    QCOMPARE(QApplication::focusWidget(), w.auditPanel()->view());
    QVERIFY(show->isChecked());
    // Again, with the focus in it: it closes, and the focus goes on to another panel.
    pressSequence(&w, show->shortcut());
    QVERIFY(audit->isHidden());
    QVERIFY(!show->isChecked());
    QVERIFY(w.navigator()->currentDock() && w.navigator()->currentDock() != audit);
    // And once more: back, in front, focused.
    pressSequence(&w, show->shortcut());
    QVERIFY(PanelNavigator::isInFront(audit));
    QCOMPARE(QApplication::focusWidget(), w.auditPanel()->view());
    QVERIFY(show->isChecked());
}

void TestKeyboard::menuShortcutsAreSetAndUnique()
{
    MainWindow &w = *m_window;
    // Submenus whose entries are data (templates, recent files) and About need no key.
    const QStringList exempt = {QStringLiteral("&About Sandbench")};
    QList<QAction *> actions;
    for (QAction *top : w.menuBar()->actions()) {
        QVERIFY(top->menu());
        for (QAction *a : menuActions(top->menu(), true)) {
            if (exempt.contains(a->text()))
                continue;
            QVERIFY2(!a->shortcut().isEmpty(), qPrintable(QStringLiteral("no shortcut: ") + a->text()));
            actions << a;
        }
    }
    for (const QString &name : {QStringLiteral("openPolicyAction"), QStringLiteral("savePolicyAction"),
                                QStringLiteral("openAuditLogAction"), QStringLiteral("settingsAction"),
                                QStringLiteral("runAction"), QStringLiteral("stopAction"),
                                QStringLiteral("replaySessionAction"), QStringLiteral("allowSelectedAction"),
                                QStringLiteral("keyboardShortcutsAction"), QStringLiteral("nextPanelAction"),
                                QStringLiteral("previousPanelAction"), QStringLiteral("quitAction")}) {
        auto *a = w.findChild<QAction *>(name);
        QVERIFY2(a && actions.contains(a), qPrintable(name));
    }
    QCOMPARE(w.findChild<QAction *>(QStringLiteral("settingsAction"))->shortcut(), QKeySequence(QStringLiteral("Ctrl+,")));

    // Every key of the window once: menu actions, other actions and the panels' QShortcuts.
    QHash<QKeySequence, QString> owners;
    QStringList clashes;
    auto claim = [&](const QKeySequence &key, const QString &who) {
        if (key.isEmpty())
            return;
        if (owners.contains(key) && owners.value(key) != who)
            clashes << QStringLiteral("%1: %2 and %3").arg(key.toString(), owners.value(key), who);
        owners.insert(key, who);
    };
    // A key scoped to a widget (the audit table's Ctrl+Shift+A, in the Audit Log and again in
    // a session's audit tab) is one per widget, and never one the window uses as well.
    QList<QPair<QKeySequence, QString>> scoped;
    QSet<QString> scopedSeen;
    QSet<QAction *> seen;
    for (QAction *a : w.findChildren<QAction *>()) {
        seen.insert(a);
        const QString who = a->text() + QLatin1Char('#') + QString::number(quintptr(a), 16);
        const bool widgetScoped = a->shortcutContext() == Qt::WidgetShortcut
                                  || a->shortcutContext() == Qt::WidgetWithChildrenShortcut;
        for (const QKeySequence &key : a->shortcuts()) {
            if (!widgetScoped) {
                claim(key, who);
                continue;
            }
            const QString place = key.toString() + QLatin1Char('@')
                                  + QString::number(quintptr(a->parent()), 16);
            if (scopedSeen.contains(place))
                clashes << QStringLiteral("%1 twice on one widget (%2)").arg(key.toString(), who);
            scopedSeen.insert(place);
            scoped << qMakePair(key, who);
        }
    }
    for (QAction *a : actions) {
        if (!seen.contains(a))
            for (const QKeySequence &key : a->shortcuts())
                claim(key, a->text() + QLatin1Char('#') + QString::number(quintptr(a), 16));
    }
    for (QShortcut *s : w.findChildren<QShortcut *>())
        for (const QKeySequence &key : s->keys())
            claim(key, QStringLiteral("QShortcut ") + s->parent()->objectName() + QLatin1Char('#')
                           + QString::number(quintptr(s), 16));
    for (const auto &[key, who] : std::as_const(scoped))
        if (owners.contains(key))
            clashes << QStringLiteral("%1: %2 and the widget's %3").arg(key.toString(), owners.value(key), who);
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
}

void TestKeyboard::shortcutsDialogListsTheMenusAndFilters()
{
    MainWindow &w = *m_window;
    QString firstRun;
    int rows = 0, filtered = -1;
    BoxAnswer answer(QStringLiteral("keyboardShortcutsDialog"), [&](QWidget *box) {
        auto *dialog = static_cast<ShortcutsDialog *>(box);
        rows = dialog->visibleCount();
        for (int i = 0; i < dialog->list()->topLevelItemCount(); ++i) {
            if (dialog->list()->topLevelItem(i)->text(0) == QStringLiteral("Run"))
                firstRun = dialog->list()->topLevelItem(i)->text(1);
        }
        QCOMPARE(QApplication::focusWidget(), dialog->searchEdit());
        QTest::keyClicks(dialog->searchEdit(), QStringLiteral("policy"));
        filtered = dialog->visibleCount();
        QTest::keyClick(dialog->searchEdit(), Qt::Key_Escape); // closes
    });
    pressSequence(&w, w.findChild<QAction *>(QStringLiteral("keyboardShortcutsAction"))->shortcut());
    QVERIFY(answer.seen);
    QTRY_VERIFY_WITH_TIMEOUT(!QApplication::activeModalWidget(), kStateTimeoutMs);
    QCOMPARE(firstRun, QStringLiteral("F5"));
    int withKeys = 0;
    for (QAction *top : w.menuBar()->actions())
        for (QAction *a : menuActions(top->menu()))
            withKeys += a->shortcut().isEmpty() ? 0 : 1;
    QVERIFY2(rows >= withKeys, qPrintable(QStringLiteral("%1 rows, %2 actions with keys").arg(rows).arg(withKeys)));
    QVERIFY2(filtered >= 5 && filtered < rows, qPrintable(QString::number(filtered)));
}

void TestKeyboard::everyFocusableControlHasAName()
{
    MainWindow &w = *m_window;
    QStringList unnamed;
    auto walk = [&] {
        QCoreApplication::processEvents();
        for (QWidget *widget : w.findChildren<QWidget *>()) {
            if (!widget->isVisible() || !(widget->focusPolicy() & Qt::TabFocus))
                continue;
            // The web view's render widget: the page's own accessibility tree (Chromium's)
            // stands for it; the view around it is named.
            if (widget->parentWidget() && widget->parentWidget()->inherits("QWebEngineView"))
                continue;
            QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget);
            const QString name = iface ? iface->text(QAccessible::Name).trimmed() : QString();
            if (name.isEmpty() && !unnamed.contains(describe(widget)))
                unnamed << describe(widget);
        }
    };
    for (QDockWidget *d : w.docks()) {
        d->show();
        d->raise();
        walk();
        for (QTabWidget *tabs : d->findChildren<QTabWidget *>()) {
            for (int i = 0; i < tabs->count(); ++i) {
                tabs->setCurrentIndex(i);
                walk();
            }
        }
    }
    for (const QString &u : std::as_const(unnamed))
        qWarning("without an accessible name: %s", qPrintable(u));
    QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("%1 controls without an accessible name").arg(unnamed.size())));
}

void TestKeyboard::quittingWithARunAsksAndListsIt()
{
    MainWindow &w = *m_window;
    w.scriptPanel()->setCode(QStringLiteral("console.log('waiting');\nawait new Promise(r => setTimeout(r, 60000));\n"));
    QVERIFY(w.runScript());
    QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->isRunning(), kRunTimeoutMs);

    // The real box, answered from the keyboard: Enter is Cancel, nothing is lost.
    QString listed;
    BoxAnswer cancel(QStringLiteral("quitConfirmation"), [&](QWidget *box) {
        listed = static_cast<QMessageBox *>(box)->informativeText();
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : box, Qt::Key_Return);
    });
    pressSequence(&w, QKeySequence(Qt::CTRL | Qt::Key_Q));
    QVERIFY(cancel.seen);
    QVERIFY(w.isVisible());
    QVERIFY(w.workbench()->isRunning());
    QVERIFY2(listed.contains(QStringLiteral("The run of untitled")), qPrintable(listed));

    // Through the hook: the same list; yes quits (and stops the run).
    QStringList items;
    setLossQuestionHook([&](const LossQuestion &q) {
        items = q.items;
        return q.objectName == QStringLiteral("quitConfirmation");
    });
    QVERIFY(w.close());
    QCOMPARE(items, QStringList{QStringLiteral("The run of untitled")});
    QTRY_VERIFY_WITH_TIMEOUT(!w.workbench()->isRunning(), 15000);
}

void TestKeyboard::quittingWithNothingAliveDoesNotAsk()
{
    int asked = 0;
    setLossQuestionHook([&](const LossQuestion &) {
        ++asked;
        return false;
    });
    QVERIFY(m_window->liveWork().isEmpty());
    QVERIFY(m_window->close());
    QCOMPARE(asked, 0);
}

void TestKeyboard::releaseAsksWithTheSandboxName()
{
    REQUIRE_DOCKER();
    SandboxesPanel *panel = m_window->sandboxesPanel();
    QVERIFY2(m_window->sandboxPool(), "the window has no sandbox pool");
    QSignalSpy created(panel, &SandboxesPanel::sandboxCreated);
    SandboxOptions o;
    o.lifetimeMs = 300'000;
    panel->createSandbox(o);
    QVERIFY2(created.wait(90'000), qPrintable(panel->status()));
    QPointer<Sandbox> sandbox = created.first().first().value<Sandbox *>();
    const QString id = sandbox->id().left(12);
    auto *release = panel->findChild<QPushButton *>(QStringLiteral("sandboxRelease"));
    QTRY_VERIFY_WITH_TIMEOUT(release->isEnabled(), kStateTimeoutMs);

    QList<LossQuestion> asked;
    bool yes = false;
    setLossQuestionHook([&](const LossQuestion &q) {
        asked << q;
        return yes;
    });
    // Quitting lists it too.
    QVERIFY(m_window->liveWork().join(QLatin1Char('\n')).contains(id));
    release->click();
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().objectName, QStringLiteral("releaseConfirmation"));
    QVERIFY2(asked.first().text.contains(id), qPrintable(asked.first().text));
    QVERIFY(sandbox && sandbox->isAlive()); // cancelled: still there
    yes = true;
    release->click();
    QCOMPARE(asked.size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(!sandbox || !sandbox->isAlive(), 60'000);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->liveWork().isEmpty(), 30'000);
}

// Open a script that reads a file outside its folder, run it, see the denial, go to the audit
// log, pick the denied row, allow it and run again: every step a key.
void TestKeyboard::keyboardOnlyFromDenialToAllowed()
{
    MainWindow &w = *m_window;
    // Setup: the script on disk, opened as File → Open would.
    QTemporaryDir work;
    const QString script = work.filePath(QStringLiteral("reader.ts"));
    {
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("try { console.log(\"read: \" + (await Deno.readTextFile(\"%1\")).trim()); }\n"
                                  "catch (e) { console.error(\"denied: \" + e.name); }\n")
                       .arg(m_secret)
                       .toUtf8());
    }
    QVERIFY(w.scriptPanel()->openFile(script));
    RunHistoryModel *history = w.historyPanel()->model();
    AuditLogModel *audit = w.auditPanel()->model();

    // From here on, keys only; F5 runs from wherever the focus is. Five command keys in all
    // (F5, F8, Ctrl+Alt+A, Enter, F5): README's "From a denial to an allowed rerun".
    press(&w, Qt::Key_F5);
    // Ended in the history, and let go of by the engine (a moment later, from the event loop):
    // until then the workbench is still busy and the next F5 would start nothing.
    QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() == 1 && !history->run(0).running && !w.workbench()->isRunning(), kRunTimeoutMs);
    QCOMPARE(history->run(0).result->exitCode, 0);
    QTRY_VERIFY_WITH_TIMEOUT(audit->denyCount() >= 1, kStateTimeoutMs);
    int denied = -1;
    for (int row = 0; row < audit->rowCount() && denied < 0; ++row) {
        if (audit->eventAt(row).resource == m_secret && !audit->eventAt(row).allowed)
            denied = row;
    }
    QVERIFY2(denied >= 0, "the denied read is in the audit log");

    // F8: the audit panel comes forward with the run's denial selected (the script makes one).
    press(&w, Qt::Key_F8);
    QCOMPARE(QApplication::focusWidget(), w.auditPanel()->view());
    AuditEvent selected;
    QVERIFY(w.auditPanel()->selectedEvent(&selected));
    QCOMPARE(selected.resource, m_secret);
    QVERIFY(w.allowAction()->isEnabled());

    QString shown;
    auto confirm = confirmAllowWithKeyboard(&shown);
    pressSequence(&w, w.allowAction()->shortcut());
    QVERIFY(confirm->seen);
    QVERIFY2(shown.contains(m_secret), qPrintable(shown));
    QVERIFY(w.policyPanel()->policy().permissions.allowRead.contains(m_secret));

    // The offscreen platform does not hand the activation back after a modal box (a window
    // manager does); window shortcuts need an active window.
    if (!w.isActiveWindow())
        w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w, kStateTimeoutMs));
    press(&w, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() == 2 && !history->run(1).running, kRunTimeoutMs);
    QCOMPARE(history->run(1).result->exitCode, 0);
    w.consolePanel()->flushAll();
    QVERIFY2(w.consolePanel()->text().contains(QStringLiteral("read: the secret is 42")),
             qPrintable(w.consolePanel()->text()));
    bool allowed = false;
    for (int row = 0; row < audit->rowCount(); ++row)
        allowed = allowed || (audit->eventAt(row).resource == m_secret && audit->eventAt(row).allowed);
    QVERIFY(allowed);
}

QTEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"
