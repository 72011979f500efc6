// The approval broker on its real socket: the folder it trusts, hostile lines, decisions,
// edits checked by the caller's validator, timeouts, and calls withdrawn with their owner.
// The other uid and the official MCP client are tests/mcp/client/approvals.mjs.
#include "approvals/approvalbroker.h"
#include "approvals/approvalfolder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <ctime>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Sandbench;

class TestApprovalBroker : public QObject
{
    Q_OBJECT

    QTemporaryDir m_runtime;

    // One line sent, one line back (or the connection's end), waiting on the event loop.
    static QJsonObject roundTrip(const QString &path, const QByteArray &bytes, bool *closed = nullptr)
    {
        QLocalSocket socket;
        socket.connectToServer(path);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(socket.state() == QLocalSocket::ConnectedState, 10000); }();
        socket.write(bytes);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(socket.canReadLine() || socket.state() != QLocalSocket::ConnectedState, 10000); }();
        const QByteArray line = socket.readLine();
        if (closed) {
            [&] { QTRY_VERIFY_WITH_TIMEOUT(socket.state() == QLocalSocket::UnconnectedState, 10000); }();
            *closed = true;
        }
        return QJsonDocument::fromJson(line).object();
    }

    static ApprovalRequest request(int timeoutMs = 60000)
    {
        ApprovalRequest r;
        r.server = QStringLiteral("test");
        r.session = QStringLiteral("s1");
        r.tool = QStringLiteral("box.exec");
        r.arguments = {{QStringLiteral("command"), QJsonArray{QStringLiteral("ls")}}};
        r.timeoutMs = timeoutMs;
        r.validate = [](const QJsonValue &v) -> Result<QJsonObject> {
            if (!v.isObject() || !v.toObject().value(QLatin1String("command")).isArray())
                return std::unexpected(Error{ErrorCode::InvalidInput, QStringLiteral("\"command\" must be an array")});
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

    void cleanup() { QDir(ApprovalFolder::path()).removeRecursively(); }

    void folderThatOthersCanReachIsRefused()
    {
        QVERIFY(QDir().mkpath(ApprovalFolder::path()));
        ::chmod(QFile::encodeName(ApprovalFolder::path()).constData(), 0755);
        ApprovalBroker broker;
        auto ok = broker.listen(QStringLiteral("t"));
        QVERIFY(!ok);
        QVERIFY2(ok.error().message.contains(QLatin1String("0700")), qPrintable(ok.error().message));
        QVERIFY(ApprovalFolder::sockets().isEmpty()); // an approver does not ask there either
    }

    void symlinkedFolderIsRefused()
    {
        QTemporaryDir elsewhere;
        ::chmod(QFile::encodeName(elsewhere.path()).constData(), 0700);
        QVERIFY(QFile::link(elsewhere.path(), ApprovalFolder::path()));
        ApprovalBroker broker;
        QVERIFY(!broker.listen(QStringLiteral("t")));
        QFile::remove(ApprovalFolder::path());
    }

    void socketIsOwnerOnlyAndRemovedWithTheBroker()
    {
        QString path;
        {
            ApprovalBroker broker;
            QVERIFY(broker.listen(QStringLiteral("t")));
            path = broker.socketPath();
            struct stat st{};
            QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
            QCOMPARE(st.st_mode & 0777, 0600u);
            QCOMPARE(::stat(QFile::encodeName(ApprovalFolder::path()).constData(), &st), 0);
            QCOMPARE(st.st_mode & 0777, 0700u);
        }
        QVERIFY(!QFile::exists(path));
    }

    // A server killed with SIGKILL cannot remove its socket: the next server to start removes
    // every socket nobody listens on, and leaves a live server's, a young one's (a server between
    // its bind and its listen) and anything that is not a socket.
    void socketsOfKilledServersAreRemovedByTheNext()
    {
        QVERIFY(ApprovalFolder::ensure());
        const auto bound = [](const QString &path) {
            sockaddr_un address{};
            address.sun_family = AF_UNIX;
            const QByteArray native = QFile::encodeName(path);
            std::memcpy(address.sun_path, native.constData(), size_t(native.size()));
            const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
            // Bound, never listening, then closed: what a killed server's socket is to a client.
            const bool ok = fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
            ::close(fd);
            return ok;
        };
        const auto age = [](const QString &path) {
            const timespec old[2] = {{::time(nullptr) - 60, 0}, {::time(nullptr) - 60, 0}};
            return ::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), old, AT_SYMLINK_NOFOLLOW) == 0;
        };
        const QString dead = ApprovalFolder::path() + QStringLiteral("/dead.sock");
        const QString young = ApprovalFolder::path() + QStringLiteral("/young.sock");
        const QString notASocket = ApprovalFolder::path() + QStringLiteral("/file.sock");
        QVERIFY(bound(dead) && age(dead));
        QVERIFY(bound(young));
        {
            QFile f(notASocket);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        QVERIFY(age(notASocket));
        ApprovalBroker live;
        QVERIFY(live.listen(QStringLiteral("live")));
        QVERIFY(age(live.socketPath()));
        QVERIFY(!QFile::exists(dead)); // the live server's start already swept it

        QVERIFY(bound(dead) && age(dead));
        ApprovalBroker next;
        QVERIFY(next.listen(QStringLiteral("next")));
        QVERIFY(!QFile::exists(dead));
        QVERIFY(QFile::exists(young));
        QVERIFY(QFile::exists(notASocket));
        QVERIFY(QFile::exists(live.socketPath()));
        QCOMPARE(roundTrip(live.socketPath(), "{\"op\":\"list\"}\n").value(QLatin1String("ok")).toBool(), true);
    }

    void hostileLinesAreRefusedAndTheServerGoesOn()
    {
        ApprovalBroker broker;
        QVERIFY(broker.listen(QStringLiteral("t")));
        const QString path = broker.socketPath();
        QCOMPARE(roundTrip(path, "{not json\n").value(QLatin1String("ok")), QJsonValue(false));
        QCOMPARE(roundTrip(path, "[1,2]\n").value(QLatin1String("ok")), QJsonValue(false));
        QVERIFY(roundTrip(path, "{\"op\":\"refuse\",\"id\":\"nope\",\"reason\":\"x\"}\n").value(QLatin1String("error")).toString().contains(QLatin1String("no call waits")));
        bool closed = false;
        const QJsonObject huge = roundTrip(path, "{\"op\":\"list\",\"pad\":\"" + QByteArray(ApprovalBroker::maxLineBytes * 3, 'a'), &closed);
        QVERIFY2(huge.value(QLatin1String("error")).toString().contains(QLatin1String("longer than")), QJsonDocument(huge).toJson());
        QVERIFY(closed);
        QCOMPARE(roundTrip(path, "{\"op\":\"list\"}\n").value(QLatin1String("ok")), QJsonValue(true));
    }

    void approveEditRefuse()
    {
        ApprovalBroker broker;
        QVERIFY(broker.listen(QStringLiteral("t")));
        QObject owner;
        std::optional<ApprovalDecision> got;
        auto id = broker.ask(request(), &owner, [&](const ApprovalDecision &d) { got = d; });
        QVERIFY(id);
        const QJsonArray pending = roundTrip(broker.socketPath(), "{\"op\":\"list\"}\n").value(QLatin1String("pending")).toArray();
        QCOMPARE(pending.size(), 1);
        QCOMPARE(pending.at(0).toObject().value(QLatin1String("id")).toString(), *id);
        // An edit the validator refuses leaves the call waiting.
        const QByteArray bad = "{\"op\":\"approve\",\"id\":\"" + id->toLatin1() + "\",\"arguments\":{\"command\":\"rm -rf /\"}}\n";
        QVERIFY(roundTrip(broker.socketPath(), bad).value(QLatin1String("error")).toString().contains(QLatin1String("must be an array")));
        QVERIFY(!got);
        QCOMPARE(broker.pendingCount(), 1);
        // A refusal needs a reason.
        QCOMPARE(roundTrip(broker.socketPath(), "{\"op\":\"refuse\",\"id\":\"" + id->toLatin1() + "\"}\n").value(QLatin1String("ok")), QJsonValue(false));
        const QByteArray good = "{\"op\":\"approve\",\"id\":\"" + id->toLatin1() + "\",\"arguments\":{\"command\":[\"ls\",\"-l\"]}}\n";
        QCOMPARE(roundTrip(broker.socketPath(), good).value(QLatin1String("decision")).toString(), QStringLiteral("edit"));
        QVERIFY(got);
        QCOMPARE(got->outcome, ApprovalOutcome::Edited);
        QCOMPARE(got->arguments.value(QLatin1String("command")).toArray().size(), 2);
        QVERIFY(!got->by.isEmpty());
        const QJsonObject recorded = got->toJson(request().arguments);
        QCOMPARE(recorded.value(QLatin1String("changed")).toArray(), QJsonArray{QStringLiteral("command")});
        // Answered once: a second answer finds nothing.
        QCOMPARE(roundTrip(broker.socketPath(), good).value(QLatin1String("ok")), QJsonValue(false));
    }

    // "For the rest of the run" only where the request offers it (a run's held check); an
    // agent's call is approved once or not at all, and an unknown scope changes nothing.
    void forRunScopeOnlyWhereOffered()
    {
        ApprovalBroker broker;
        QVERIFY(broker.listen(QStringLiteral("scopes")));
        QObject owner;
        std::optional<ApprovalDecision> agent, check;
        auto agentId = broker.ask(request(), &owner, [&](const ApprovalDecision &d) { agent = d; });
        ApprovalRequest runCheck = request();
        runCheck.allowForRun = true;
        auto checkId = broker.ask(runCheck, &owner, [&](const ApprovalDecision &d) { check = d; });
        QVERIFY(agentId && checkId);
        auto answer = [&](const QString &id, const QByteArray &scope) {
            return roundTrip(broker.socketPath(), "{\"op\":\"approve\",\"id\":\"" + id.toLatin1() + "\",\"scope\":" + scope + "}\n");
        };
        QCOMPARE(answer(*agentId, "\"run\"").value(QLatin1String("ok")), QJsonValue(false));
        QCOMPARE(answer(*checkId, "\"forever\"").value(QLatin1String("ok")), QJsonValue(false));
        QCOMPARE(answer(*checkId, "7").value(QLatin1String("ok")), QJsonValue(false));
        QVERIFY(!agent && !check);
        QCOMPARE(broker.pendingCount(), 2);
        const QJsonObject reply = answer(*checkId, "\"run\"");
        QCOMPARE(reply.value(QLatin1String("scope")).toString(), u"run"_qs);
        QVERIFY(check && check->forRun && check->outcome == ApprovalOutcome::Approved);
        QCOMPARE(answer(*agentId, "\"once\"").value(QLatin1String("decision")).toString(), u"approve"_qs);
        QVERIFY(agent && !agent->forRun);
    }

    void timeoutIsARefusalByNobody()
    {
        ApprovalBroker broker;
        QVERIFY(broker.listen(QStringLiteral("t")));
        QObject owner;
        std::optional<ApprovalDecision> got;
        QVERIFY(broker.ask(request(300), &owner, [&](const ApprovalDecision &d) { got = d; }));
        QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 10000);
        QCOMPARE(got->outcome, ApprovalOutcome::TimedOut);
        QVERIFY(!got->runs());
        QVERIFY(got->by.isEmpty());
        QVERIFY(got->waitedMs >= 300);
        QCOMPARE(broker.pendingCount(), 0);
    }

    void manyHeldCallsDoNotLockApproversOut()
    {
        ApprovalBroker broker;
        QVERIFY(broker.listen(QStringLiteral("t")));
        QObject owner;
        for (int i = 0; i < 100; ++i)
            QVERIFY(broker.ask(request(), &owner, [](const ApprovalDecision &) {}));
        const QJsonObject list = roundTrip(broker.socketPath(), "{\"op\":\"list\"}\n");
        QVERIFY2(list.value(QLatin1String("ok")).toBool(), QJsonDocument(list).toJson());
        QCOMPARE(list.value(QLatin1String("pending")).toArray().size(), 100);
    }

    void ownerGoneWithdrawsTheCall()
    {
        ApprovalBroker broker;
        QVERIFY(broker.listen(QStringLiteral("t")));
        bool answered = false;
        {
            QObject owner;
            QVERIFY(broker.ask(request(), &owner, [&](const ApprovalDecision &) { answered = true; }));
            QCOMPARE(broker.pendingCount(), 1);
        }
        QCOMPARE(broker.pendingCount(), 0);
        QVERIFY(!answered);
        QVERIFY(roundTrip(broker.socketPath(), "{\"op\":\"list\"}\n").value(QLatin1String("pending")).toArray().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestApprovalBroker)
#include "tst_approvalbroker.moc"
