// The Approvals panel, keyboard first, against a real ApprovalBroker on its owner-only socket:
// A approves, E edits (Ctrl+Enter sends, a bad edit is refused and the call keeps waiting),
// N goes to the next call, R asks for a reason and Enter refuses; the arguments an agent sent
// are shown with hidden characters made visible.
#include "approvals/approvalbroker.h"
#include "approvals/approvalwatcher.h"
#include "panels/approvalspanel.h"

#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

class TestApprovalsPanel : public QObject
{
    Q_OBJECT

    QTemporaryDir m_runtime;

    static ApprovalRequest request(const QString &tool, const QString &command)
    {
        ApprovalRequest r;
        r.server = QStringLiteral("mcp pid 1");
        r.session = QStringLiteral("s1");
        r.tool = tool;
        r.arguments = {{QStringLiteral("command"), command}};
        r.validate = [](const QJsonValue &v) -> Result<QJsonObject> {
            if (!v.isObject() || !v.toObject().value(QLatin1String("command")).isString())
                return std::unexpected(Error{ErrorCode::InvalidInput, QStringLiteral("\"command\" must be a string")});
            return v.toObject();
        };
        return r;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_runtime.isValid());
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime.path()));
    }

    void approveEditNextRefuseByKeyboard()
    {
        ApprovalBroker broker;
        QVERIFY(broker.listen(QStringLiteral("panel")));
        QObject owner;
        QHash<QString, ApprovalDecision> decided;
        auto ask = [&](const QString &tool, const QString &command) {
            auto id = broker.ask(request(tool, command), &owner, [&decided, tool](const ApprovalDecision &d) { decided.insert(tool, d); });
            QVERIFY(id);
            QTest::qWait(2); // distinct sinceMs, so the list's order is the asking order
        };
        ask(QStringLiteral("one"), QStringLiteral("ls \u202e gnp.sh"));
        ask(QStringLiteral("two"), QStringLiteral("cat"));

        ApprovalWatcher watcher;
        ApprovalsPanel panel;
        panel.resize(800, 500);
        panel.setWatcher(&watcher);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        QTRY_COMPARE_WITH_TIMEOUT(panel.pendingCount(), 2, 10000);
        auto *list = panel.findChild<QListWidget *>(QStringLiteral("approvalsList"));
        auto *args = panel.findChild<QPlainTextEdit *>(QStringLiteral("approvalArguments"));
        auto *reason = panel.findChild<QLineEdit *>(QStringLiteral("approvalReason"));
        QVERIFY(list && args && reason);
        // The agent's text is shown, its bidirectional override made visible, not obeyed.
        QVERIFY2(!args->toPlainText().contains(QChar(0x202e)) && args->toPlainText().contains(QStringLiteral("U+202E")), qPrintable(args->toPlainText()));
        if (!qEnvironmentVariableIsEmpty("SANDBENCH_APPROVALS_SCREENSHOT"))
            QTest::qWait(qEnvironmentVariableIntValue("SANDBENCH_APPROVALS_SCREENSHOT")); // time for `import -window root`

        list->setFocus();
        // A: the first call approved as asked.
        QTest::keyClick(list, Qt::Key_A);
        QTRY_VERIFY_WITH_TIMEOUT(decided.contains(QStringLiteral("one")), 10000);
        QCOMPARE(decided.value(QStringLiteral("one")).outcome, ApprovalOutcome::Approved);
        QTRY_COMPARE_WITH_TIMEOUT(panel.pendingCount(), 1, 10000);

        // E: edit; a bad edit is refused by the tool's check and the call keeps waiting.
        QTest::keyClick(list, Qt::Key_E);
        QVERIFY(args->hasFocus() && !args->isReadOnly());
        args->selectAll();
        QTest::keyClicks(args, QStringLiteral("{\"command\": 7}"));
        QTest::keyClick(args, Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(panel.findChild<QLabel *>(QStringLiteral("approvalStatus"))->text().contains(QStringLiteral("must be a string")), true, 10000);
        QVERIFY(!decided.contains(QStringLiteral("two")));
        QTest::keyClick(list, Qt::Key_E);
        args->selectAll();
        auto *changes = panel.findChild<QLabel *>(QStringLiteral("approvalChanges"));
        QVERIFY(changes && changes->isVisible());
        QCOMPARE(changes->text(), QStringLiteral("No change yet."));
        QTest::keyClicks(args, QStringLiteral("{\"command\": \"cat"));
        QVERIFY2(changes->text().startsWith(QStringLiteral("Not yet one JSON object")), qPrintable(changes->text()));
        QTest::keyClicks(args, QStringLiteral(" -n\"}"));
        // What the edit changes is shown as it is typed, before it is approved.
        QCOMPARE(changes->text(), QStringLiteral("Changes: command: \"cat\" → \"cat -n\""));
        QTest::keyClick(args, Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(!changes->isVisible());
        QCOMPARE(panel.findChild<QLabel *>(QStringLiteral("approvalStatus"))->text(),
                 QStringLiteral("Approved with changes: command: \"cat\" → \"cat -n\""));
        QTRY_VERIFY_WITH_TIMEOUT(decided.contains(QStringLiteral("two")), 10000);
        // And once the server took it, the answer still says what changed.
        QTRY_COMPARE_WITH_TIMEOUT(panel.findChild<QLabel *>(QStringLiteral("approvalStatus"))->text(),
                                  QStringLiteral("Answered: approved with changes: command: \"cat\" → \"cat -n\""), 10000);
        QCOMPARE(decided.value(QStringLiteral("two")).outcome, ApprovalOutcome::Edited);
        QCOMPARE(decided.value(QStringLiteral("two")).arguments.value(QLatin1String("command")).toString(), QStringLiteral("cat -n"));

        // N, then R with a reason, Enter: the second of two new calls refused.
        ask(QStringLiteral("three"), QStringLiteral("rm"));
        ask(QStringLiteral("four"), QStringLiteral("curl"));
        QTRY_COMPARE_WITH_TIMEOUT(panel.pendingCount(), 2, 10000);
        list->setFocus();
        QTest::keyClick(list, Qt::Key_N);
        QCOMPARE(list->currentRow(), 1);
        QTest::keyClick(list, Qt::Key_R);
        QVERIFY(reason->hasFocus());
        QTest::keyClicks(reason, QStringLiteral("no network today"));
        QTest::keyClick(reason, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(decided.contains(QStringLiteral("four")), 10000);
        QCOMPARE(decided.value(QStringLiteral("four")).outcome, ApprovalOutcome::Refused);
        QCOMPARE(decided.value(QStringLiteral("four")).reason, QStringLiteral("no network today"));
        QVERIFY(!decided.value(QStringLiteral("four")).by.isEmpty());
        QVERIFY(!decided.contains(QStringLiteral("three")));
        QTRY_COMPARE_WITH_TIMEOUT(panel.pendingCount(), 1, 10000);
    }

    // F approves a run's held permission check for the rest of the run; on an agent's call
    // (no "run" scope) it does nothing, and its button is off.
    void forTheRunOnlyWhereOffered()
    {
        ApprovalBroker broker;
        QVERIFY(broker.listen(QStringLiteral("panelrun")));
        QObject owner;
        QHash<QString, ApprovalDecision> decided;
        ApprovalRequest agentCall = request(QStringLiteral("agent"), QStringLiteral("ls"));
        ApprovalRequest check;
        check.server = QStringLiteral("run r1 pid 1");
        check.session = QStringLiteral("r1");
        check.tool = QStringLiteral("read");
        check.arguments = {{QStringLiteral("kind"), QStringLiteral("read")}, {QStringLiteral("resource"), QStringLiteral("/data/x")},
                           {QStringLiteral("action"), QStringLiteral("read")}};
        check.allowForRun = true;
        check.heldBy = QStringLiteral("ask_read[0]");
        agentCall.heldBy = QStringLiteral("--approve agent");
        QVERIFY(broker.ask(agentCall, &owner, [&decided](const ApprovalDecision &d) { decided.insert(QStringLiteral("agent"), d); }));
        QTest::qWait(2);
        QVERIFY(broker.ask(check, &owner, [&decided](const ApprovalDecision &d) { decided.insert(QStringLiteral("read"), d); }));

        ApprovalWatcher watcher;
        ApprovalsPanel panel;
        panel.resize(800, 500);
        panel.setWatcher(&watcher);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        QTRY_COMPARE_WITH_TIMEOUT(panel.pendingCount(), 2, 10000);
        auto *list = panel.findChild<QListWidget *>(QStringLiteral("approvalsList"));
        auto *forRun = panel.findChild<QPushButton *>(QStringLiteral("approvalApproveForRun"));
        QVERIFY(list && forRun);
        list->setFocus();
        QCOMPARE(list->currentRow(), 0);
        QVERIFY(!forRun->isEnabled());
        // Each call says what held it: the approver sees the policy's reason, not only the call.
        auto *heldBy = panel.findChild<QLabel *>(QStringLiteral("approvalHeldBy"));
        QVERIFY(heldBy);
        QCOMPARE(heldBy->text(), QStringLiteral("Held by: --approve agent"));
        QTest::keyClick(list, Qt::Key_F);
        // Answers go over one socket in order: had F answered the agent's call, that answer
        // would be decided before the run's check below.
        QTest::keyClick(list, Qt::Key_N);
        QVERIFY(forRun->isEnabled());
        QCOMPARE(heldBy->text(), QStringLiteral("Held by: ask_read[0]"));
        // A permission check has no arguments to change: no edit is offered, and E starts none.
        auto *edit = panel.findChild<QPushButton *>(QStringLiteral("approvalEdit"));
        auto *arguments = panel.findChild<QPlainTextEdit *>();
        QVERIFY(edit && arguments);
        QVERIFY(!edit->isEnabled());
        QTest::keyClick(list, Qt::Key_E);
        QVERIFY(arguments->isReadOnly());
        QVERIFY(list->hasFocus());
        QTest::keyClick(list, Qt::Key_F);
        QTRY_VERIFY_WITH_TIMEOUT(decided.contains(QStringLiteral("read")), 10000);
        QCOMPARE(decided.value(QStringLiteral("read")).outcome, ApprovalOutcome::Approved);
        QVERIFY(decided.value(QStringLiteral("read")).forRun);
        QVERIFY(!decided.contains(QStringLiteral("agent")));
        QTRY_COMPARE_WITH_TIMEOUT(panel.pendingCount(), 1, 10000);
        // The status says what was given: the rest of the run, not one answer.
        auto *status = panel.findChild<QLabel *>(QStringLiteral("approvalStatus"));
        QVERIFY(status);
        QTRY_COMPARE_WITH_TIMEOUT(status->text(), QStringLiteral("Answered: approved for the rest of this run"), 10000);
        // The agent's call stays editable.
        QCOMPARE(list->currentRow(), 0);
        QVERIFY(edit->isEnabled());
    }
};

QTEST_MAIN(TestApprovalsPanel)
#include "tst_approvalspanel.moc"
