// Quitting, by keys and mouse on the real window: one question that lists everything quitting
// would lose or end (unsaved script and policy, the run, each sandbox), asked before anything is
// let go and never again on the way out; Cancel at every way out (Ctrl+Q, the window's close
// button, an application quit, the desktop session's end) keeps all of it; yes ends the run,
// releases the sandboxes (real Deno, real Docker engine) and leaves no process or temp folder.
#include "mainwindow.h"

#include "dockertestsupport.h"
#include "testsupport.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/sandboxespanel.h"
#include "panels/scripteditorpanel.h"
#include "sandbox/sandbox.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QWindow>

#include <csignal>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr int kStateTimeoutMs = 30'000;

// Every modal dialog that comes up while this lives: counted, named, and answered once it is
// up and active. Questions it was not told about are answered with Escape, so a second,
// unexpected question is seen in `names` instead of hanging the test.
class Modals : public QObject
{
public:
    using Answer = std::function<void(QWidget *)>;
    explicit Modals(Answer answer)
        : m_answer(std::move(answer))
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            QWidget *modal = QApplication::activeModalWidget();
            if (!modal || !modal->isVisible() || modal == m_last)
                return;
            if (!modal->isActiveWindow() && !m_up.isValid())
                m_up.start();
            if (!modal->isActiveWindow() && !m_up.hasExpired(kStateTimeoutMs))
                return;
            m_up.invalidate();
            m_last = modal;
            names << modal->objectName();
            if (owner && !owner->isVisible())
                askedWithoutWindow << modal->objectName() + QLatin1Char('/') + modal->windowTitle();
            if (auto *box = qobject_cast<QMessageBox *>(modal)) {
                texts << box->text() + QLatin1Char('\n') + box->informativeText();
                if (auto *cancel = box->findChild<QPushButton *>(QStringLiteral("cancelButton")))
                    cancelDefault = cancel->isDefault();
            }
            if (m_answer && modal->objectName() == QStringLiteral("quitConfirmation"))
                m_answer(modal);
            else if (otherAnswer)
                otherAnswer(modal);
            else
                QTest::keyClick(modal, Qt::Key_Escape);
        });
        m_timer.start(30);
    }
    void setAnswer(Answer answer) { m_answer = std::move(answer); }
    // Any other question (none is expected): by default Escape.
    Answer otherAnswer;
    // Questions that came while this window was hidden (none may).
    QPointer<QWidget> owner;
    QStringList askedWithoutWindow;
    QStringList names;
    QStringList texts;
    bool cancelDefault = false;

private:
    Answer m_answer;
    QTimer m_timer;
    QPointer<QWidget> m_last;
    QElapsedTimer m_up;
};

void click(QWidget *box, const char *name)
{
    auto *button = box->findChild<QPushButton *>(QString::fromLatin1(name));
    QVERIFY2(button, name);
    QTest::mouseClick(button, Qt::LeftButton);
}

// This process's descendants (the run's launcher, bubblewrap and Deno), by name; the web
// engine's helpers, which the port preview may start, are the window's own and not counted.
QStringList descendants()
{
    QMultiHash<qint64, qint64> children;
    QHash<qint64, QString> names;
    for (const ProcessEntry &p : processTable()) {
        children.insert(p.parent, p.pid);
        names.insert(p.pid, p.name);
    }
    QStringList found;
    QList<qint64> todo{QCoreApplication::applicationPid()};
    while (!todo.isEmpty()) {
        for (qint64 child : children.values(todo.takeFirst())) {
            if (!names.value(child).startsWith(QStringLiteral("QtWebEngine")))
                found << QStringLiteral("%1 %2").arg(child).arg(names.value(child));
            todo << child;
        }
    }
    return found;
}

} // namespace

class TestQuitFlow : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QTemporaryDir m_files;
    std::unique_ptr<MainWindow> m_window;

    // Types into an editor as the user does: a click into it, then keys.
    void type(QWidget *editor, const QString &text)
    {
        QTest::mouseClick(editor, Qt::LeftButton, Qt::NoModifier, QPoint(10, 10));
        QTest::keyClick(editor, Qt::Key_End, Qt::ControlModifier);
        const QStringList lines = text.split(QLatin1Char('\n'));
        for (qsizetype i = 0; i < lines.size(); ++i) {
            if (i > 0)
                QTest::keyClick(editor, Qt::Key_Return);
            QTest::keyClicks(editor, lines.at(i));
        }
    }
    // Ctrl+Q to whatever has the focus in the window, as the user types it.
    void quitKeys()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get(), kStateTimeoutMs));
        QWidget *focus = QApplication::focusWidget();
        QTest::keySequence(focus ? focus : m_window.get(), QKeySequence(Qt::CTRL | Qt::Key_Q));
    }
    // A sandbox made through the panel, as the create dialog would; null when none came (the
    // panel's status says why).
    Sandbox *createSandbox(MainWindow &w)
    {
        QSignalSpy created(w.sandboxesPanel(), &SandboxesPanel::sandboxCreated);
        SandboxOptions o;
        o.image = QStringLiteral("sandbench/base:1");
        o.lifetimeMs = 300'000;
        w.sandboxesPanel()->createSandbox(o);
        if (!created.wait(90'000))
            return nullptr;
        return created.first().first().value<Sandbox *>();
    }
    QStringList tmpEntries() const { return QDir(m_tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden); }

private slots:
    void initTestCase()
    {
        // Whatever the window and its runs make in the temp folder lands here, to be counted.
        QVERIFY(m_tmp.isValid());
        qputenv("TMPDIR", QFile::encodeName(m_tmp.path()));
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_quitflow"));
    }

    void init()
    {
        QSettings().clear();
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get(), kStateTimeoutMs));
    }

    void cleanup()
    {
        if (m_window && !m_window->isQuitting()) {
            m_window->workbench()->stopRun();
            m_window->scriptPanel()->editor()->document()->setModified(false);
            m_window->policyPanel()->editor()->document()->setModified(false);
            QSignalSpy done(m_window.get(), &MainWindow::quitDone);
            Modals yes([](QWidget *box) { click(box, "acceptButton"); });
            m_window->close();
            done.wait(60'000);
        }
        m_window.reset();
    }

    // Unsaved texts, a live run and a live sandbox: Cancel at each way out keeps them all;
    // then yes ends everything after one question.
    void cancelAtEveryWayOutThenQuit()
    {
        REQUIRE_DOCKER();
        MainWindow &w = *m_window;
        QVERIFY2(w.sandboxPool(), "no sandbox pool");
        w.scriptPanel()->setCode(QStringLiteral("console.log('waiting');\nawait new Promise(r => setTimeout(r, 120000));\n"));
        type(w.scriptPanel()->editor(), QStringLiteral("// my edit\n"));
        type(w.policyPanel()->editor(), QStringLiteral(" "));
        QVERIFY(w.scriptPanel()->isModified());
        QVERIFY(w.policyPanel()->isModified());
        QTest::keyClick(w.scriptPanel()->editor(), Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->isRunning(), kStateTimeoutMs);
        QPointer<Sandbox> sandbox = createSandbox(w);
        QVERIFY2(sandbox, qPrintable(w.sandboxesPanel()->status()));
        const QString id = sandbox->id();
        QVERIFY(containerExists(dockerSocket(), id));

        const auto allAlive = [&] {
            QVERIFY(w.isVisible());
            QVERIFY(!w.isQuitting());
            QVERIFY(w.workbench()->isRunning());
            QVERIFY(sandbox && sandbox->isAlive());
            QVERIFY(containerExists(dockerSocket(), id));
            QVERIFY(w.scriptPanel()->isModified());
            QVERIFY(w.policyPanel()->isModified());
        };
        Modals modals([](QWidget *box) { QTest::keyClick(box, Qt::Key_Return); }); // Enter: the default, Cancel

        // Ctrl+Q: one question, listing all four; Enter cancels.
        quitKeys();
        QCOMPARE(modals.names, QStringList{QStringLiteral("quitConfirmation")});
        QVERIFY(modals.cancelDefault);
        const QString listed = modals.texts.first();
        for (const QString &item : {QStringLiteral("Unsaved changes to the script untitled"),
                                    QStringLiteral("Unsaved changes to the policy"),
                                    QStringLiteral("The run of untitled"),
                                    QStringLiteral("Sandbox %1").arg(id.left(12))})
            QVERIFY2(listed.contains(item), qPrintable(listed));
        allAlive();

        // The window's close button (the window manager's close), answered with the mouse.
        modals.setAnswer([](QWidget *box) { click(box, "cancelButton"); });
        w.windowHandle()->close();
        QCOMPARE(modals.names.size(), 2);
        allAlive();

        // An application quit (what the session manager's "die" and QApplication::quit send).
        modals.setAnswer([](QWidget *box) { QTest::keyClick(box, Qt::Key_Escape); });
        QEvent quit(QEvent::Quit);
        QCoreApplication::sendEvent(qApp, &quit);
        QCOMPARE(modals.names.size(), 3);
        allAlive();

        // The desktop session's end: cancelled, so the session end is too.
        QVERIFY(!w.endSession(true));
        QCOMPARE(modals.names.size(), 4);
        allAlive();

        // Yes: Discard and Quit, by mouse. Nothing is asked again while everything goes.
        QSignalSpy done(&w, &MainWindow::quitDone);
        modals.setAnswer([](QWidget *box) { click(box, "acceptButton"); });
        quitKeys();
        QCOMPARE(modals.names.size(), 5);
        QVERIFY(done.wait(60'000) || done.size() == 1);
        QVERIFY(!w.isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!w.workbench()->isRunning(), kStateTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), kStateTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(descendants().isEmpty(), kStateTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(tmpEntries().isEmpty(), kStateTimeoutMs);
        // Let whatever else would run on the way out run: no second question.
        QTest::qWait(300);
        QCOMPARE(modals.names.size(), 5);
        QVERIFY2(modals.names.count(QStringLiteral("quitConfirmation")) == 5, qPrintable(modals.names.join(u',')));
    }

    // Discarding the texts with a sandbox alive: asked once, and never again once the window is
    // gone (it used to ask about the script a second time, hidden, after the release).
    void noQuestionAfterTheWindowIsGone()
    {
        REQUIRE_DOCKER();
        MainWindow &w = *m_window;
        QPointer<Sandbox> sandbox = createSandbox(w);
        QVERIFY2(sandbox, qPrintable(w.sandboxesPanel()->status()));
        const QString id = sandbox->id();
        type(w.scriptPanel()->editor(), QStringLiteral("console.log('unsaved');"));
        QSignalSpy done(&w, &MainWindow::quitDone);
        // Every question is answered "go ahead, drop the texts", whichever box asks.
        Modals modals([](QWidget *box) { click(box, "acceptButton"); });
        modals.owner = &w;
        modals.otherAnswer = [](QWidget *box) {
            if (auto *message = qobject_cast<QMessageBox *>(box); message && message->button(QMessageBox::Discard))
                QTest::mouseClick(message->button(QMessageBox::Discard), Qt::LeftButton);
            else
                QTest::keyClick(box, Qt::Key_Escape);
        };
        quitKeys();
        QVERIFY(done.size() == 1 || done.wait(60'000));
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), kStateTimeoutMs);
        QTest::qWait(300);
        QVERIFY2(modals.askedWithoutWindow.isEmpty(), qPrintable(modals.askedWithoutWindow.join(u',')));
        QCOMPARE(modals.names, QStringList{QStringLiteral("quitConfirmation")});
    }

    // A signal (a kill, Ctrl-C in the terminal that started us, that terminal closing) ends the
    // session as a session end without interaction does: nothing is asked, a quit question
    // already up goes too, the run stops, the sandbox is released and nothing is left.
    void aSignalEndsEverythingWithoutAQuestion_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addColumn<bool>("questionUp");
        QTest::newRow("SIGTERM") << int(SIGTERM) << false;
        QTest::newRow("SIGHUP") << int(SIGHUP) << false;
        QTest::newRow("SIGINT during the quit question") << int(SIGINT) << true;
    }

    void aSignalEndsEverythingWithoutAQuestion()
    {
        REQUIRE_DOCKER();
        QFETCH(int, signal);
        QFETCH(bool, questionUp);
        MainWindow &w = *m_window;
        w.endSessionOnSignals();
        w.scriptPanel()->setCode(QStringLiteral("console.log('waiting');\nawait new Promise(r => setTimeout(r, 120000));\n"));
        type(w.scriptPanel()->editor(), QStringLiteral("// my edit\n"));
        QTest::keyClick(w.scriptPanel()->editor(), Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->isRunning(), kStateTimeoutMs);
        QPointer<Sandbox> sandbox = createSandbox(w);
        QVERIFY2(sandbox, qPrintable(w.sandboxesPanel()->status()));
        const QString id = sandbox->id();
        QTRY_VERIFY_WITH_TIMEOUT(!descendants().isEmpty(), kStateTimeoutMs);

        QSignalSpy done(&w, &MainWindow::quitDone);
        // With the question up, the signal comes while it waits for an answer and gives none.
        Modals modals(questionUp ? Modals::Answer([signal](QWidget *) { ::raise(signal); }) : Modals::Answer());
        if (questionUp)
            quitKeys();
        else
            ::raise(signal);
        QVERIFY(done.size() == 1 || done.wait(60'000));
        QCOMPARE(w.endedBySignal(), signal);
        QVERIFY(!w.isVisible());
        QCOMPARE(modals.names, questionUp ? QStringList{QStringLiteral("quitConfirmation")} : QStringList{});
        QTRY_VERIFY_WITH_TIMEOUT(!w.workbench()->isRunning(), kStateTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), kStateTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(descendants().isEmpty(), kStateTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(tmpEntries().isEmpty(), kStateTimeoutMs);
    }

    // A session that ends without letting us ask: nothing is asked, everything goes.
    void sessionEndWithoutInteractionQuits()
    {
        MainWindow &w = *m_window;
        type(w.scriptPanel()->editor(), QStringLiteral("console.log('x');"));
        QSignalSpy done(&w, &MainWindow::quitDone);
        Modals modals([](QWidget *box) { click(box, "cancelButton"); });
        QVERIFY(w.endSession(false));
        QVERIFY(done.size() == 1 || done.wait(30'000));
        QVERIFY(modals.names.isEmpty());
        QVERIFY(!w.isVisible());
    }

    // Save and Quit writes both texts, then quits; asked once.
    void saveAndQuitSavesFirst()
    {
        MainWindow &w = *m_window;
        const QString script = m_files.filePath(QStringLiteral("s.ts"));
        const QString policy = m_files.filePath(QStringLiteral("p.json"));
        QFile(script).remove();
        QFile(policy).remove();
        {
            QFile s(script), p(policy);
            QVERIFY(s.open(QIODevice::WriteOnly) && p.open(QIODevice::WriteOnly));
            s.write("console.log(1);\n");
            p.write("{}\n");
        }
        QVERIFY(w.scriptPanel()->openFile(script));
        QVERIFY(w.policyPanel()->loadFile(policy));
        type(w.scriptPanel()->editor(), QStringLiteral("console.log(2);\n"));
        type(w.policyPanel()->editor(), QStringLiteral("\n"));
        QSignalSpy done(&w, &MainWindow::quitDone);
        Modals modals([](QWidget *box) { click(box, "saveButton"); });
        quitKeys();
        QVERIFY(done.size() == 1 || done.wait(30'000));
        QCOMPARE(modals.names, QStringList{QStringLiteral("quitConfirmation")});
        QVERIFY2(modals.texts.first().contains(QStringLiteral("s.ts")) && modals.texts.first().contains(QStringLiteral("p.json")),
                 qPrintable(modals.texts.first()));
        QFile s(script), p(policy);
        QVERIFY(s.open(QIODevice::ReadOnly) && p.open(QIODevice::ReadOnly));
        QVERIFY2(s.readAll().contains("console.log(2);"), "the script was not saved");
        QCOMPARE(p.readAll(), QByteArray("{}\n\n"));
    }

    // Save and Quit on a script never saved: cancelling its Save As keeps everything.
    void cancelledSaveAsKeepsEverything()
    {
        MainWindow &w = *m_window;
        w.scriptPanel()->setCode(QStringLiteral("console.log('waiting');\nawait new Promise(r => setTimeout(r, 120000));\n"));
        type(w.scriptPanel()->editor(), QStringLiteral("// mine\n"));
        QTest::keyClick(w.scriptPanel()->editor(), Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(w.workbench()->isRunning(), kStateTimeoutMs);
        // The question is answered Save; the Save As dialog after it gets Escape.
        Modals modals([](QWidget *box) { click(box, "saveButton"); });
        quitKeys();
        QTRY_COMPARE_WITH_TIMEOUT(modals.names.size(), 2, kStateTimeoutMs);
        QCOMPARE(modals.names.first(), QStringLiteral("quitConfirmation"));
        QVERIFY(w.isVisible());
        QVERIFY(!w.isQuitting());
        QVERIFY(w.workbench()->isRunning());
        QVERIFY(w.scriptPanel()->isModified());
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("Not quitting")), qPrintable(w.statusBar()->currentMessage()));
    }
};

QTEST_MAIN(TestQuitFlow)
#include "tst_quitflow.moc"
