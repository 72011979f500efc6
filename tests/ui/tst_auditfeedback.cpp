// Issue #24, "selection and current row disagree" and "actions without feedback", driven by
// real keys and clicks on the window (no runtime): one event the audit panel is on, for the
// explanation and for Allow this; an action that cannot run says why; the explanation can be
// read whole; Open Audit Log comes forward and says what it loaded; F5 on an empty script says
// what to do in the user's language; the script is named after its example, and New Script
// lets go of the old file.
#include "mainwindow.h"

#include "allowscopedialog.h"
#include "exec/permissionbroker.h"
#include "models/auditlogmodel.h"
#include "models/runhistorymodel.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/runhistorypanel.h"
#include "panels/runstatuswidget.h"
#include "panels/scripteditorpanel.h"
#include "panels/welcomepanel.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QAbstractItemView>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>

#include <functional>

using namespace Sandbench;
using namespace Qt::StringLiterals;

namespace {

AuditEvent makeEvent(quint64 seq, const QString &kind, const QString &action, const QString &resource, bool allowed,
                     const QString &reason = {})
{
    AuditEvent e;
    e.seq = seq;
    e.timeMs = 1767225600000 + qint64(seq);
    e.kind = kind;
    e.action = action;
    e.resource = resource;
    e.allowed = allowed;
    e.rule = allowed ? u"allow_read[0]"_s : u"sandbox default"_s;
    e.reason = allowed ? QString() : reason.isEmpty() ? u"%1 access to \"%2\" is not allowed"_s.arg(action, resource) : reason;
    return e;
}

// Calls `answer` with the first modal widget of type T once it is up; a check that fails
// inside must not leave the test waiting on it, so it is closed after.
template<typename T>
void onModal(QObject *context, const std::function<void(T *)> &answer, bool *seen)
{
    auto *timer = new QTimer(context);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, context, [timer, answer, seen] {
        auto *dialog = qobject_cast<T *>(QApplication::activeModalWidget());
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

// A tabbed dock behind another is still "visible"; in front, it has a region on screen.
bool inFront(QWidget *panel)
{
    return panel->isVisible() && !panel->visibleRegion().isEmpty();
}

} // namespace

class TestAuditFeedback : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void keyboardMovesSelectTheRowTheExplanationShows();
    void anAllowThatCannotRunSaysWhy();
    void theExplanationIsReadableInFull();
    void openAuditLogComesForwardAndSaysWhatItLoaded();
    void f5OnAnEmptyScriptSaysWhatToDoInTheUsersLanguage_data();
    void f5OnAnEmptyScriptSaysWhatToDoInTheUsersLanguage();
    void theScriptIsNamedAfterItsExample();
    void theCodeEntryIsNamedAfterTheScriptNotTheCommandLine();
    void f8GoesFromDenialToDenial();

private:
    void click(int row);

    QTemporaryDir m_dir;
    QString m_log;
    QString m_longReason;
    std::unique_ptr<MainWindow> m_window;
    AuditPanel *m_panel = nullptr;
};

void TestAuditFeedback::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"SandbenchTest"_s);
    QCoreApplication::setApplicationName(u"tst_auditfeedback"_s);
    QSettings().clear();
    // Long enough that no dock at 1280x800 holds it on one line.
    m_longReason = u"permission denied: read access to \"%1\" is not allowed (not in any allow list); the end of "
                   u"this reason is the part a cut line lost"_s.arg(m_dir.filePath(QString(160, u'd') + u"/data.csv"_s));
    m_log = m_dir.filePath(u"run.audit.jsonl"_s);
    QFile file(m_log);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QList<AuditEvent> events{makeEvent(1, u"read"_s, u"read"_s, u"/etc/hostname"_s, true)};
    for (quint64 seq = 2; seq <= 60; ++seq)
        events << makeEvent(seq, u"read"_s, u"read"_s, u"/srv/allowed-%1"_s.arg(seq), true);
    events << makeEvent(61, u"sys"_s, u"info"_s, u"hostname"_s, false);
    events << makeEvent(62, u"read"_s, u"read"_s, m_dir.filePath(QString(160, u'd') + u"/data.csv"_s), false, m_longReason);
    events << makeEvent(63, u"net"_s, u"connect"_s, u"api.github.com:443"_s, false);
    for (const AuditEvent &e : events)
        file.write(e.toJsonLine() + '\n');
}

void TestAuditFeedback::init()
{
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_panel = m_window->auditPanel();
    m_window->showPanel(m_panel);
    QString error;
    QVERIFY2(m_panel->openLog(m_log, &error), qPrintable(error));
    QTRY_VERIFY(!m_panel->model()->isLoading() && m_panel->model()->rowCount() == 63);
}

void TestAuditFeedback::cleanup()
{
    if (m_window) {
        m_window->scriptPanel()->editor()->document()->setModified(false);
        m_window->policyPanel()->editor()->document()->setModified(false);
    }
    m_window.reset();
}

void TestAuditFeedback::click(int row)
{
    QTableView *view = m_panel->view();
    view->scrollTo(m_panel->model()->index(row, 0));
    const QRect rect = view->visualRect(m_panel->model()->index(row, int(AuditLogModel::Column::Resource)));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
}

// F8 from anywhere: the audit panel forward, the next denial selected and explained; around
// at the end; Shift+F8 back; a filter that hides every denial says so.
void TestAuditFeedback::f8GoesFromDenialToDenial()
{
    m_window->scriptPanel()->editor()->setFocus();
    QApplication::setActiveWindow(m_window.get());
    const auto pressed = [this](QKeyCombination key) {
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : m_window.get(), key.key(),
                        key.keyboardModifiers());
        return m_panel->selectedEvents().size() == 1 ? m_panel->selectedEvents().first().seq : 0;
    };
    QCOMPARE(pressed(Qt::Key_F8), quint64(61));
    QCOMPARE(QApplication::focusWidget(), m_panel->view());
    QVERIFY2(m_panel->detailsLabel()->text().startsWith(u"#61 denied"_s), qPrintable(m_panel->detailsLabel()->text()));
    QCOMPARE(pressed(Qt::Key_F8), quint64(62));
    QCOMPARE(pressed(Qt::Key_F8), quint64(63));
    QCOMPARE(pressed(Qt::Key_F8), quint64(61));
    QCOMPARE(pressed(Qt::SHIFT | Qt::Key_F8), quint64(63));
    QCOMPARE(pressed(Qt::SHIFT | Qt::Key_F8), quint64(62));

    QStringList said;
    connect(m_panel, &AuditPanel::statusMessage, this, [&said](const QString &text) { said << text; });
    m_panel->findChild<QComboBox *>(u"auditDecisionFilter"_s)->setCurrentIndex(1); // Allowed only
    m_panel->applyFilterNow();
    QTRY_VERIFY(!m_panel->model()->isFiltering() && m_panel->model()->rowCount() == 60);
    click(3);
    pressed(Qt::Key_F8);
    QCOMPARE(m_panel->eventRow(), 3);
    QVERIFY2(!said.isEmpty() && said.last().contains(u"no denial"_s), qPrintable(said.join(u'|')));
}

void TestAuditFeedback::keyboardMovesSelectTheRowTheExplanationShows()
{
    // Into the table by its key (Alt+4): the row focus makes current is the one selected.
    m_window->scriptPanel()->editor()->setFocus();
    QApplication::setActiveWindow(m_window.get());
    QTest::keyClick(m_window->scriptPanel()->editor(), Qt::Key_4, Qt::AltModifier);
    QTRY_COMPARE(QApplication::focusWidget(), m_panel->view());
    QCOMPARE(m_panel->eventRow(), 0);
    QCOMPARE(m_panel->view()->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(m_panel->view()->selectionModel()->selectedRows().first().row(), 0);

    // On the allowed first row, then to the last row by the keyboard: the explanation, the
    // selection and Allow this all move there.
    click(0);
    QCOMPARE(m_panel->selectedEvents().size(), 1);
    QTest::keyClick(m_panel->view(), Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(m_panel->eventRow(), 62);
    QCOMPARE(m_panel->selectedEvents().size(), 1);
    QCOMPARE(m_panel->selectedEvents().first().seq, quint64(63));
    QVERIFY2(m_panel->detailsLabel()->text().startsWith(u"#63 denied"_s), qPrintable(m_panel->detailsLabel()->text()));
    QVERIFY(m_panel->allowButton()->isEnabled());

    // Ctrl+Shift+A allows the row the explanation shows, nothing else.
    bool seen = false;
    QStringList resources;
    onModal<AllowScopeDialog>(this, [&](AllowScopeDialog *dialog) {
        for (int row = 0; row < dialog->table()->rowCount(); ++row)
            resources << dialog->table()->item(row, AllowScopeDialog::ResourceColumn)->text();
        dialog->reject();
    }, &seen);
    QTest::keyClick(m_panel->view(), Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(seen);
    QCOMPARE(resources, QStringList{u"api.github.com:443"_s});

    // Ctrl+Up and Ctrl+Home too: the current row is never one the selection left behind.
    QTest::keyClick(m_panel->view(), Qt::Key_Up, Qt::ControlModifier);
    QCOMPARE(m_panel->selectedEvents().size(), 1);
    QCOMPARE(m_panel->selectedEvents().first().seq, quint64(62));
    QVERIFY(m_panel->detailsLabel()->text().startsWith(u"#62 denied"_s));
    QTest::keyClick(m_panel->view(), Qt::Key_Home, Qt::ControlModifier);
    QCOMPARE(m_panel->selectedEvents().first().seq, quint64(1));
    QVERIFY(m_panel->detailsLabel()->text().startsWith(u"#1 allowed"_s));
    QVERIFY(!m_panel->allowButton()->isEnabled());
    // Shift still extends: a range from the first row, acted on whole.
    QTest::keyClick(m_panel->view(), Qt::Key_End, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_panel->selectedEvents().size(), 63);
    QVERIFY(m_panel->allowButton()->isEnabled());
}

void TestAuditFeedback::anAllowThatCannotRunSaysWhy()
{
    // An allowed row: the key says why, in the status bar and in the panel, and no dialog opens.
    click(0);
    QVERIFY(!m_panel->allowButton()->isEnabled());
    QVERIFY2(m_panel->allowButton()->toolTip().contains(u"#1 was allowed"_s), qPrintable(m_panel->allowButton()->toolTip()));
    QTest::keyClick(m_panel->view(), Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!QApplication::activeModalWidget());
    QVERIFY2(m_window->statusBar()->currentMessage().contains(u"#1 was allowed: there is nothing to allow"_s),
             qPrintable(m_window->statusBar()->currentMessage()));
    QVERIFY(m_panel->countsLabel()->text().contains(u"#1 was allowed"_s));
    // A denial no rule can allow (sys): named as such.
    QTest::keyClick(m_panel->view(), Qt::Key_End, Qt::ControlModifier);
    QTest::keyClick(m_panel->view(), Qt::Key_Up);
    QTest::keyClick(m_panel->view(), Qt::Key_Up);
    QCOMPARE(m_panel->selectedEvents().first().seq, quint64(61));
    // The reason given for the earlier row is gone with it.
    QVERIFY(!m_panel->countsLabel()->text().contains(u"#1 was allowed"_s));
    m_window->statusBar()->clearMessage();
    // From anywhere in the window (Policy > Allow Selected Denial, Ctrl+Alt+A) as well.
    m_window->scriptPanel()->editor()->setFocus();
    QTest::keyClick(m_window->scriptPanel()->editor(), Qt::Key_A, Qt::ControlModifier | Qt::AltModifier);
    QVERIFY(!QApplication::activeModalWidget());
    QVERIFY2(m_window->statusBar()->currentMessage().contains(u"#61 was denied, but no policy rule can allow a sys access"_s),
             qPrintable(m_window->statusBar()->currentMessage()));

    // In German, in German.
    QTranslator translator;
    QVERIFY(translator.load(u":/i18n/sandbench_de.qm"_s));
    QCoreApplication::installTranslator(&translator);
    click(0);
    QTest::keyClick(m_panel->view(), Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    const QString german = m_window->statusBar()->currentMessage();
    QCoreApplication::removeTranslator(&translator);
    QVERIFY2(german.contains(u"#1 wurde erlaubt"_s), qPrintable(german));
}

void TestAuditFeedback::theExplanationIsReadableInFull()
{
    click(61);
    QLabel *details = m_panel->detailsLabel();
    // All of it, wrapped, nothing cut.
    QVERIFY2(details->text().contains(m_longReason), qPrintable(details->text()));
    QVERIFY(!details->text().contains(u'\u2026'));
    QVERIFY(details->wordWrap());
    QVERIFY(details->isVisible());
    QVERIFY2(details->height() >= 2 * details->fontMetrics().lineSpacing(), qPrintable(QString::number(details->height())));
    // Reached from the table by Tab, selected and copied by the keyboard.
    m_panel->view()->setFocus();
    QTest::keyClick(m_panel->view(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), details);
    QTest::keyClick(details, Qt::Key_A, Qt::ControlModifier);
    QCOMPARE(details->selectedText().replace(QChar::ParagraphSeparator, u'\n'), details->text());
}

void TestAuditFeedback::openAuditLogComesForwardAndSaysWhatItLoaded()
{
    // Another tab of the audit dock's group is in front, the focus is in the script.
    m_window->showPanel(m_window->historyPanel());
    QTRY_VERIFY(!inFront(m_panel));
    m_panel->model()->clear();
    m_window->scriptPanel()->editor()->setFocus();
    QApplication::setActiveWindow(m_window.get());
    QSettings().setValue(u"audit/lastFolder"_s, m_dir.path());
    QString startedIn;
    bool seen = false;
    bool panelInFront = false;
    onModal<QFileDialog>(this, [&](QFileDialog *dialog) {
        panelInFront = inFront(m_panel);
        auto *name = dialog->findChild<QLineEdit *>(u"fileNameEdit"_s);
        if (!name)
            return;
        // It starts where the last log came from; the name typed as a person would (the
        // completer's list, if it came up, closed first).
        startedIn = dialog->directory().absolutePath();
        QTest::keyClicks(name, QFileInfo(m_log).fileName());
        if (name->completer() && name->completer()->popup()->isVisible())
            name->completer()->popup()->hide();
        QTest::keyClick(name, Qt::Key_Return);
    }, &seen);
    QTest::keyClick(m_window->scriptPanel()->editor(), Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(seen);
    QVERIFY(panelInFront);
    QCOMPARE(startedIn, QDir(m_dir.path()).absolutePath());
    QTRY_VERIFY2(m_panel->model()->rowCount() == 63, qPrintable(m_window->statusBar()->currentMessage()));
    QVERIFY(inFront(m_panel));
    // The window's focus (the window itself is active again once the dialog is gone).
    QTRY_COMPARE(m_window->focusWidget(), m_panel->view());
    QTRY_VERIFY2(m_window->statusBar()->currentMessage().contains(u"Opened the audit log run.audit.jsonl: 63 lines, 60 allowed, 3 denied"_s),
                 qPrintable(m_window->statusBar()->currentMessage()));

    // Cancelled: said too, nothing else changes. (Offscreen has no window manager to make the
    // window active again after the dialog: done here.)
    QApplication::setActiveWindow(m_window.get());
    seen = false;
    onModal<QFileDialog>(this, [&](QFileDialog *dialog) { dialog->reject(); }, &seen);
    QTest::keyClick(m_panel->view(), Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(seen);
    QCOMPARE(m_window->statusBar()->currentMessage(), u"No audit log opened."_s);
    QCOMPARE(m_panel->model()->rowCount(), 63);
}

void TestAuditFeedback::f5OnAnEmptyScriptSaysWhatToDoInTheUsersLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en") << QString() << u"The script is empty: type some code or open a file (Ctrl+O)."_s;
    QTest::newRow("de") << u"de"_s << u"Das Skript ist leer: Geben Sie Code ein oder öffnen Sie eine Datei (Strg+O)."_s;
    QTest::newRow("ja") << u"ja"_s << u"スクリプトが空です: コードを入力するか、ファイルを開いてください (Ctrl+O)。"_s;
}

void TestAuditFeedback::f5OnAnEmptyScriptSaysWhatToDoInTheUsersLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, expected);
    m_window.reset();
    QTranslator translator;
    if (!language.isEmpty()) {
        QVERIFY(translator.load(u":/i18n/sandbench_%1.qm"_s.arg(language)));
        QCoreApplication::installTranslator(&translator);
    }
    auto removeTranslator = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->showPanel(m_window->scriptPanel());
    CodeEditor *editor = m_window->scriptPanel()->editor();
    editor->setFocus();
    // Blank lines are as empty as nothing.
    QTest::keyClick(editor, Qt::Key_Return);
    QTest::keyClick(editor, Qt::Key_Space);
    QTest::keyClick(editor, Qt::Key_F5);
    QCOMPARE(m_window->statusBar()->currentMessage(), expected);
    QVERIFY(!m_window->workbench()->isRunning());
    QCOMPARE(m_window->historyPanel()->model()->rowCount(), 0);
    QVERIFY2(!m_window->runStatus()->stateText().contains(u"exactly one"_s), qPrintable(m_window->runStatus()->stateText()));
    // The focus stays where the code goes.
    QCOMPARE(QApplication::focusWidget(), editor);
}

void TestAuditFeedback::theScriptIsNamedAfterItsExample()
{
    // A real file first, then the welcome page's first example by a click.
    const QString path = m_dir.filePath(u"mine.ts"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("console.log('mine');\n");
    }
    QVERIFY(m_window->scriptPanel()->openFile(path));
    QVERIFY(m_window->windowTitle().startsWith(u"mine.ts"_s));
    m_window->showWelcome();
    auto *open = m_window->welcomePanel()->findChild<QPushButton *>(u"openExample-hello-safe"_s);
    QVERIFY(open);
    QTRY_VERIFY(open->isVisible());
    QTest::mouseClick(open, Qt::LeftButton);
    QVERIFY2(m_window->windowTitle().startsWith(u"hello-safe.ts (example)"_s), qPrintable(m_window->windowTitle()));
    QCOMPARE(m_window->scriptPanel()->displayName(), u"hello-safe.ts (example)"_s);
    // The example is not the file opened before: Save must not write over that.
    QVERIFY(m_window->scriptPanel()->filePath().isEmpty());

    // New Script (Ctrl+N) lets go of the example's name and of any file.
    QVERIFY(m_window->scriptPanel()->openFile(path));
    m_window->scriptPanel()->editor()->setFocus();
    QTest::keyClick(m_window->scriptPanel()->editor(), Qt::Key_N, Qt::ControlModifier);
    QVERIFY(m_window->scriptPanel()->code().isEmpty());
    QVERIFY(m_window->scriptPanel()->filePath().isEmpty());
    QVERIFY2(m_window->windowTitle().startsWith(u"untitled"_s), qPrintable(m_window->windowTitle()));
}

void TestAuditFeedback::theCodeEntryIsNamedAfterTheScriptNotTheCommandLine()
{
    AuditEvent code = makeEvent(1, u"read"_s, u"load"_s, QLatin1String(PermissionBroker::codeEntryResource), true);
    code.rule = u"code"_s;
    code.reason = u"module graph"_s;
    // A file that only calls itself so, with another rule, is shown as what it says.
    AuditEvent impostor = makeEvent(2, u"read"_s, u"read"_s, QLatin1String(PermissionBroker::codeEntryResource), false);
    RunRecord record;
    record.title = u"hello.ts"_s;
    ExecResult result;
    result.auditEvents = {code, impostor};
    record.result = result;
    m_panel->showRun(record);
    AuditLogModel *model = m_panel->model();
    const int resource = int(AuditLogModel::Column::Resource);
    QCOMPARE(model->index(0, resource).data().toString(), u"(the code of hello.ts)"_s);
    QCOMPARE(model->index(1, resource).data().toString(), QLatin1String(PermissionBroker::codeEntryResource));
    // A log opened from a file names no script.
    QVERIFY(m_panel->openLog(m_log));
    model->setEvents({code});
    QCOMPARE(model->index(0, resource).data().toString(), u"(the script's own code)"_s);
}

QTEST_MAIN(TestAuditFeedback)
#include "tst_auditfeedback.moc"
