// The Approvals panel in the workbench window, against a real `sandbench-cli mcp --approve
// code.run` (real Deno), driven over its stdin as a client would. While the user types in the
// script editor a call starts waiting: the docked panel lists it, the cue tells of it (the dock's
// title counts it, the status bar names it and the key that shows the panel) and the focus and
// the panel in front stay as they were. The keyboard answers it: the panel's key, then A approves
// and the agent gets the run's output; a second call, held while the user is on the panel, needs
// no cue, and R, a reason and Enter refuse it (the agent reads the reason). A refused approvals
// folder is said, not shown as "nothing waits". And every phrase of the panel and the cue is in
// German and Japanese.
#include "approvalcue.h"
#include "approvals/approvalwatcher.h"
#include "mainwindow.h"
#include "panelnavigator.h"
#include "panels/approvalspanel.h"
#include "panels/codeeditor.h"
#include "panels/scripteditorpanel.h"
#include "testsupport.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace Sandbench;

namespace {

constexpr int kTimeoutMs = 60000; // generous: only a failure waits this long

QByteArray line(const QJsonObject &message)
{
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

QJsonObject callTool(int id, const QString &code)
{
    return {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
            {QStringLiteral("method"), QStringLiteral("tools/call")},
            {QStringLiteral("params"), QJsonObject{{QStringLiteral("name"), QStringLiteral("code.run")},
                                                   {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("code"), code}}}}}};
}

QString resultText(const QJsonObject &reply)
{
    QString text;
    for (const QJsonValue &c : reply.value(QLatin1String("result")).toObject().value(QLatin1String("content")).toArray())
        text += c.toObject().value(QLatin1String("text")).toString();
    return text;
}

// A key as the user types it: to whatever has the focus.
void press(QWidget *fallback, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget *target = QApplication::focusWidget();
    QTest::keyClick(target ? target : fallback, key, modifiers);
}

} // namespace

class TestApprovalsDock : public QObject
{
    Q_OBJECT

    QTemporaryDir m_runtime; // the approver folder of this test alone: no other server shows

private slots:
    void initTestCase()
    {
        QVERIFY(m_runtime.isValid());
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_approvalsdock"));
    }
    void init() { QSettings().clear(); }

    void waitingCallIsCuedAndAnsweredByKeyboard()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString workdir = dir.filePath(QStringLiteral("wd"));
        QVERIFY(QDir().mkpath(workdir));
        const QString policy = dir.filePath(QStringLiteral("policy.json"));
        QVERIFY(Test::writeFile(policy, R"({"permissions": {}})"));

        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("approvalsDock"));
        QVERIFY2(dock, "the Approvals panel is not docked in the window");
        QVERIFY(w.docks().contains(dock));
        QCOMPARE(dock->widget(), w.approvalsPanel());
        QVERIFY(w.navigator()->openDocks().contains(dock)); // F6 / Ctrl+Tab reach it
        auto *list = w.approvalsPanel()->findChild<QListWidget *>(QStringLiteral("approvalsList"));
        QVERIFY(list);

        // The user is typing in the script editor.
        w.editScript();
        CodeEditor *editor = w.scriptPanel()->editor();
        QTRY_COMPARE(QApplication::focusWidget(), editor);
        QTest::keyClicks(editor, QStringLiteral("let a"));
        QApplication::processEvents();
        const bool dockWasInFront = PanelNavigator::isInFront(dock);
        QVERIFY(!dockWasInFront); // in the default layout it is a tab behind the Audit Log

        QProcess server;
        server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        server.start(Test::cliPath(), {QStringLiteral("mcp"), QStringLiteral("--policy"), policy, QStringLiteral("--workdir"), workdir,
                                       QStringLiteral("--record-dir"), dir.filePath(QStringLiteral("sessions")),
                                       QStringLiteral("--approve"), QStringLiteral("code.run"), QStringLiteral("--approve-timeout"),
                                       QStringLiteral("300")});
        QVERIFY(server.waitForStarted());
        auto cleanup = qScopeGuard([&] {
            server.closeWriteChannel();
            if (!server.waitForFinished(30000))
                server.kill();
            server.waitForFinished(5000);
        });
        auto answer = [&server]() -> QJsonObject {
            // Waited for with the event loop running, so the window keeps following meanwhile.
            [&] { QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine(), kTimeoutMs); }();
            return QJsonDocument::fromJson(server.readLine()).object();
        };
        server.write(line({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1},
                           {QStringLiteral("method"), QStringLiteral("initialize")},
                           {QStringLiteral("params"), QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                                                  {QStringLiteral("capabilities"), QJsonObject{}},
                                                                  {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("dock-test")},
                                                                                                             {QStringLiteral("version"), QStringLiteral("1")}}}}}}));
        QVERIFY(answer().contains(QStringLiteral("result")));
        server.write(line({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), QStringLiteral("notifications/initialized")}}));

        server.write(line(callTool(2, QStringLiteral("console.log('ran after ' + 'approval')"))));
        // The docked panel lists it, the title counts it, the status bar names it and the key.
        QTRY_COMPARE_WITH_TIMEOUT(w.approvalsPanel()->pendingCount(), 1, kTimeoutMs);
        QVERIFY2(list->item(0)->text().startsWith(QStringLiteral("code.run")), qPrintable(list->item(0)->text()));
        QTRY_COMPARE(dock->windowTitle(), ApprovalCue::title(1));
        QTRY_VERIFY(!w.approvalCue()->lastCue().isEmpty());
        const QString cue = w.approvalCue()->lastCue();
        QVERIFY2(cue.contains(QStringLiteral("code.run")) && cue.contains(MainWindow::approvalsKey().toString(QKeySequence::NativeText)),
                 qPrintable(cue));
        QCOMPARE(w.statusBar()->currentMessage(), cue);
        // Nothing moved: the keys still go to the editor, the panel in front is the one before.
        QCOMPARE(QApplication::focusWidget(), editor);
        QCOMPARE(PanelNavigator::isInFront(dock), dockWasInFront);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral(" = 1;"));
        QVERIFY2(w.scriptPanel()->code().contains(QStringLiteral("let a = 1;")), qPrintable(w.scriptPanel()->code()));
        QVERIFY(!server.canReadLine()); // the call still waits

        // The user goes to the panel by its key, and A approves.
        press(&w, Qt::Key_A, Qt::AltModifier | Qt::ShiftModifier);
        QTRY_COMPARE(QApplication::focusWidget(), list);
        QVERIFY(PanelNavigator::isInFront(dock));
        press(&w, Qt::Key_A);
        const QJsonObject ran = answer();
        QVERIFY2(!ran.value(QLatin1String("result")).toObject().value(QLatin1String("isError")).toBool()
                     && resultText(ran).contains(QStringLiteral("ran after approval")),
                 QJsonDocument(ran).toJson().constData());
        QTRY_COMPARE(w.approvalsPanel()->pendingCount(), 0);
        QTRY_COMPARE(dock->windowTitle(), ApprovalCue::title(0));
        QVERIFY(w.statusBar()->currentMessage() != cue); // the cue's words went with the call

        // A call held while the user is on the panel: listed, counted, no cue needed.
        server.write(line(callTool(3, QStringLiteral("console.log('must not run')"))));
        QTRY_COMPARE_WITH_TIMEOUT(w.approvalsPanel()->pendingCount(), 1, kTimeoutMs);
        QTRY_COMPARE(dock->windowTitle(), ApprovalCue::title(1));
        QCOMPARE(w.approvalCue()->lastCue(), cue);
        QCOMPARE(QApplication::focusWidget(), list);
        // R asks for a reason; Enter refuses with it, and the agent reads it.
        press(&w, Qt::Key_R);
        auto *reason = w.approvalsPanel()->findChild<QLineEdit *>(QStringLiteral("approvalReason"));
        QTRY_COMPARE(QApplication::focusWidget(), reason);
        QTest::keyClicks(reason, QStringLiteral("not on a Friday"));
        press(&w, Qt::Key_Return);
        const QJsonObject refused = answer();
        const QString refusedText = QString::fromUtf8(QJsonDocument(refused).toJson());
        // A tool error the agent can act on, with the reason; the code never ran.
        QVERIFY2(refused.value(QLatin1String("result")).toObject().value(QLatin1String("isError")).toBool()
                     && resultText(refused).contains(QStringLiteral("not on a Friday")) && !resultText(refused).contains(QStringLiteral("must not run\n")),
                 qPrintable(refusedText));
        QTRY_COMPARE(w.approvalsPanel()->pendingCount(), 0);
        QTRY_COMPARE(dock->windowTitle(), ApprovalCue::title(0));

        w.scriptPanel()->editor()->document()->setModified(false);
    }

    // An approvals folder others may enter is refused (servers refuse it too): the panel says
    // so and why, never "no call waits" while calls could be waiting unseen.
    void refusedFolderIsSaidNotHidden()
    {
        QTemporaryDir runtime;
        QVERIFY(runtime.isValid());
        const QString folder = runtime.filePath(QStringLiteral("sandbench-approvals"));
        QVERIFY(QDir().mkdir(folder));
        QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadOther | QFileDevice::ExeOther));
        const QByteArray before = qgetenv("XDG_RUNTIME_DIR");
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime.path()));
        auto restore = qScopeGuard([&] { qputenv("XDG_RUNTIME_DIR", before); });
        ApprovalWatcher watcher;
        ApprovalsPanel panel;
        panel.setWatcher(&watcher);
        auto *status = panel.findChild<QLabel *>(QStringLiteral("approvalStatus"));
        auto *arguments = panel.findChild<QPlainTextEdit *>(QStringLiteral("approvalArguments"));
        QVERIFY(status && arguments);
        QVERIFY2(status->text().contains(folder) && status->text().contains(QStringLiteral("0700")), qPrintable(status->text()));
        QVERIFY2(arguments->toPlainText().contains(QStringLiteral("0700")), qPrintable(arguments->toPlainText()));
        QVERIFY(!arguments->toPlainText().contains(QStringLiteral("No call waits")));

        // Made right (0700), a new watcher starts and the panel is as usual.
        QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
        ApprovalWatcher fine;
        ApprovalsPanel usual;
        usual.setWatcher(&fine);
        QCOMPARE(usual.findChild<QPlainTextEdit *>(QStringLiteral("approvalArguments"))->toPlainText(),
                 QStringLiteral("No call waits for approval."));
        QVERIFY(usual.findChild<QLabel *>(QStringLiteral("approvalStatus"))->text().isEmpty());
    }

    // Every phrase of the panel, the cue and the watcher's answers in German and Japanese.
    void phrasesAreTranslated_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("ja") << QStringLiteral("ja");
    }
    void phrasesAreTranslated()
    {
        QFETCH(QString, language);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/sandbench_%1.qm").arg(language)));
        const QString root = qEnvironmentVariable("SANDBENCH_SOURCE_DIR");
        QVERIFY2(!root.isEmpty(), "SANDBENCH_SOURCE_DIR is not set");
        const std::pair<const char *, const char *> files[] = {{"ui/panels/approvalspanel.cpp", "Sandbench::ApprovalsPanel"},
                                                               {"ui/approvalcue.cpp", "Sandbench::ApprovalCue"},
                                                               {"core/approvals/approvalwatcher.cpp", "Sandbench::ApprovalWatcher"}};
        static const QRegularExpression phrase(QStringLiteral("\\btr\\(\"((?:[^\"\\\\]|\\\\.)*)\"(,\\s*nullptr,)?"));
        int found = 0;
        for (const auto &[path, context] : files) {
            QFile file(root + QLatin1Char('/') + QLatin1String(path));
            QVERIFY2(file.open(QIODevice::ReadOnly), path);
            for (const QRegularExpressionMatch &hit : phrase.globalMatch(QString::fromUtf8(file.readAll()))) {
                const QByteArray text = hit.captured(1).replace(QStringLiteral("\\\""), QStringLiteral("\"")).toUtf8();
                const int n = hit.captured(2).isEmpty() ? -1 : 2;
                const QString translated = translator.translate(context, text.constData(), nullptr, n);
                ++found;
                QVERIFY2(!translated.isEmpty() && translated != QString::fromUtf8(text),
                         qPrintable(QStringLiteral("%1: no %2 translation of \"%3\"").arg(QLatin1String(path), language, QString::fromUtf8(text))));
            }
        }
        QVERIFY2(found >= 25, qPrintable(QString::number(found)));
    }
};

QTEST_MAIN(TestApprovalsDock)
#include "tst_approvalsdock.moc"
