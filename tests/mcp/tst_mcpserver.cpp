// The agent server's protocol, tools and record, driven through McpSession as a transport would,
// with sandboxes from the fake provider and code.run on the real Deno runtime.
#include "fakeprovider.h"
#include "mcpcalls.h"
#include "testsupport.h"

#include "mcp/agentsessionreplayer.h"
#include "mcp/jsonrpc.h"
#include "mcp/mcpclientsession.h"
#include "mcp/mcpserver.h"
#include "mcp/sandboxtoolcall.h"
#include "mcp/toolschema.h"
#include "session/agent/agentsession.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

int errorCode(const QJsonObject &reply)
{
    return reply.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt();
}

QString errorMessage(const QJsonObject &reply)
{
    return reply.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
}

bool isToolError(const QJsonObject &reply)
{
    return reply.value(QLatin1String("result")).toObject().value(QLatin1String("isError")).toBool();
}

QString toolErrorText(const QJsonObject &reply)
{
    return reply.value(QLatin1String("result")).toObject().value(QLatin1String("content")).toArray().first().toObject()
            .value(QLatin1String("text")).toString();
}

} // namespace

class TestMcpServer : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    Test::FakeProvider *m_fake = nullptr;

    McpServerOptions options(QList<SandboxToolSet> sets = {{QStringLiteral("box"), true, true, true, false}})
    {
        McpServerOptions o;
        o.toolSets = sets;
        o.sandbox.lifetimeMs = 60'000;
        o.sandbox.ports = {8080};
        o.sandbox.network.kind = NetworkKind::All; // ports are published only with the network
        o.recordDir = m_dir.filePath(QStringLiteral("records-%1").arg(QLatin1String(QTest::currentTestFunction())));
        o.policyBaseDir = m_dir.path();
        o.sandboxProviders = [this]() -> Result<std::unique_ptr<SandboxProvider>> {
            auto provider = std::make_unique<Test::FakeProvider>();
            m_fake = provider.get();
            return std::unique_ptr<SandboxProvider>(std::move(provider));
        };
        return o;
    }

    static void initialize(McpSession *s, const QString &version = QStringLiteral("2025-06-18"))
    {
        const QJsonObject r = ask(s, rpc(1, QStringLiteral("initialize"),
                                         {{QStringLiteral("protocolVersion"), version},
                                          {QStringLiteral("capabilities"), QJsonObject()},
                                          {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("test")},
                                                                                     {QStringLiteral("version"), QStringLiteral("1")}}}}));
        QVERIFY2(r.contains(QLatin1String("result")), QJsonDocument(r).toJson().constData());
    }

    static void closeAndWait(McpSession *s)
    {
        QSignalSpy closed(s, &McpSession::closed);
        s->close(QStringLiteral("test over"));
        QVERIFY(closed.count() == 1 || closed.wait(10'000));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void init() { m_fake = nullptr; } // each test's server makes its own provider

    void malformedMessagesGetTheSpecsErrors()
    {
        McpServer server(options());
        McpSession *s = server.newSession(QStringLiteral("test"), &server);
        QJsonObject r = ask(s, "{not json");
        QCOMPARE(errorCode(r), int(JsonRpc::ParseError));
        QVERIFY(r.value(QLatin1String("id")).isNull());
        QCOMPARE(errorCode(ask(s, "[" + rpc(1, QStringLiteral("ping")) + "]")), int(JsonRpc::InvalidRequest));
        QCOMPARE(errorCode(ask(s, "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}")), int(JsonRpc::InvalidRequest));
        QCOMPARE(errorCode(ask(s, "{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}")), int(JsonRpc::InvalidRequest));
        QCOMPARE(errorCode(ask(s, "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}")), int(JsonRpc::InvalidRequest));
        QCOMPARE(errorCode(ask(s, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":[1]}")), int(JsonRpc::InvalidParams));
        QCOMPARE(ask(s, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":[1]}").value(QLatin1String("id")).toInt(), 7);
        QCOMPARE(errorCode(ask(s, rpc(2, QStringLiteral("tools/list")))), int(JsonRpc::InvalidRequest)); // before initialize
        QCOMPARE(errorCode(ask(s, rpc(3, QStringLiteral("no/such")))), int(JsonRpc::InvalidRequest));
        initialize(s);
        QCOMPARE(errorCode(ask(s, rpc(4, QStringLiteral("no/such")))), int(JsonRpc::MethodNotFound));
        // A notification gets no answer (an empty one from handle).
        QVERIFY(ask(s, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").isEmpty());
        QVERIFY(ask(s, rpc(5, QStringLiteral("ping"))).contains(QLatin1String("result")));
        closeAndWait(s);
    }

    void protocolVersionsAreNegotiated_data()
    {
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("agreed");
        QTest::newRow("2025-06-18") << "2025-06-18" << "2025-06-18";
        QTest::newRow("2025-11-25") << "2025-11-25" << "2025-11-25";
        QTest::newRow("unknown") << "2024-11-05" << "2025-11-25";
    }

    void protocolVersionsAreNegotiated()
    {
        QFETCH(QString, asked);
        QFETCH(QString, agreed);
        McpServer server(options());
        McpSession *s = server.newSession(QStringLiteral("test"), &server);
        const QJsonObject r = ask(s, rpc(1, QStringLiteral("initialize"), {{QStringLiteral("protocolVersion"), asked}}));
        QCOMPARE(r.value(QLatin1String("result")).toObject().value(QLatin1String("protocolVersion")).toString(), agreed);
        QCOMPARE(s->protocolVersion(), agreed);
        QCOMPARE(errorCode(ask(s, rpc(2, QStringLiteral("initialize"), {{QStringLiteral("protocolVersion"), asked}}))),
                 int(JsonRpc::InvalidRequest));
        closeAndWait(s);
    }

    void onlyEnabledToolsAreListedAndCallable()
    {
        McpServer server(options({{QStringLiteral("ro"), false, false, false, false},
                                  {QStringLiteral("box"), true, true, true, true}}));
        McpSession *s = server.newSession(QStringLiteral("test"), &server);
        initialize(s);
        const QJsonArray tools = ask(s, rpc(2, QStringLiteral("tools/list"))).value(QLatin1String("result")).toObject()
                                         .value(QLatin1String("tools")).toArray();
        QStringList names;
        for (const QJsonValue &t : tools) {
            const QJsonObject tool = t.toObject();
            names << tool.value(QLatin1String("name")).toString();
            QVERIFY(tool.value(QLatin1String("outputSchema")).isObject());
            QVERIFY(!tool.value(QLatin1String("title")).toString().isEmpty());
            QVERIFY(!tool.value(QLatin1String("inputSchema")).toObject().contains(QLatin1String("oneOfRequired")));
            const QJsonObject a = tool.value(QLatin1String("annotations")).toObject();
            const QString verb = names.last().section(QLatin1Char('.'), 1);
            const bool readOnly = QStringList{QStringLiteral("read"), QStringLiteral("list"), QStringLiteral("url"), QStringLiteral("screenshot")}.contains(verb);
            QCOMPARE(a.value(QLatin1String("readOnlyHint")).toBool(), readOnly);
            QCOMPARE(a.value(QLatin1String("destructiveHint")).toBool(), !readOnly);
        }
        QCOMPARE(names, (QStringList{QStringLiteral("code.run"), QStringLiteral("ro.read"), QStringLiteral("ro.list"),
                                     QStringLiteral("box.read"), QStringLiteral("box.list"), QStringLiteral("box.exec"),
                                     QStringLiteral("box.write"), QStringLiteral("box.remove"), QStringLiteral("box.url"),
                                     QStringLiteral("box.screenshot"), QStringLiteral("box.click"), QStringLiteral("box.scroll"),
                                     QStringLiteral("box.type"), QStringLiteral("box.key")}));
        for (const QString &disabled : {QStringLiteral("ro.exec"), QStringLiteral("ro.write"), QStringLiteral("ro.remove"),
                                        QStringLiteral("ro.url"), QStringLiteral("ro.screenshot"), QStringLiteral("ro.key")}) {
            const QJsonObject r = ask(s, toolCall(3, disabled, {}));
            QCOMPARE(errorCode(r), int(JsonRpc::InvalidParams));
            QVERIFY2(errorMessage(r).contains(QLatin1String("not enabled")), qPrintable(errorMessage(r)));
        }
        QVERIFY(errorMessage(ask(s, toolCall(4, QStringLiteral("nope.read"), {}))).contains(QLatin1String("unknown tool")));
        QVERIFY(m_fake == nullptr || m_fake->backends.isEmpty()); // nothing refused reached a sandbox
        closeAndWait(s);
    }

    void argumentsAreCheckedAgainstTheSchema_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QByteArray>("arguments");
        QTest::addColumn<QString>("says");
        QTest::newRow("wrong type") << "box.exec" << QByteArray("{\"command\":1}") << "must be a string";
        QTest::newRow("unknown") << "box.exec" << QByteArray("{\"command\":\"true\",\"shell\":\"bash\"}") << "unknown argument \"shell\"";
        QTest::newRow("missing") << "box.read" << QByteArray("{}") << "missing argument \"path\"";
        QTest::newRow("not an object") << "box.read" << QByteArray("\"x\"") << "must be an object";
        QTest::newRow("fraction") << "box.read" << QByteArray("{\"path\":\"a\",\"offset\":1.5}") << "must be an integer";
        QTest::newRow("negative") << "box.read" << QByteArray("{\"path\":\"a\",\"offset\":-1}") << "must be from 0";
        QTest::newRow("timeout") << "box.exec" << QByteArray("{\"command\":\"true\",\"timeoutMs\":99999999999}") << "must be from 1";
        QTest::newRow("enum") << "box.write" << QByteArray("{\"path\":\"a\",\"content\":\"x\",\"encoding\":\"hex\"}") << "must be one of";
        QTest::newRow("nul") << "box.read" << QByteArray("{\"path\":\"a\\u0000b\"}") << "NUL";
        QTest::newRow("neither") << "code.run" << QByteArray("{\"args\":[]}") << "exactly one of";
        QTest::newRow("both") << "code.run" << QByteArray("{\"code\":\"1\",\"entrypoint\":\"a.ts\"}") << "exactly one of";
        QTest::newRow("args type") << "code.run" << QByteArray("{\"code\":\"1\",\"args\":[1]}") << "args[0]";
    }

    void argumentsAreCheckedAgainstTheSchema()
    {
        QFETCH(QString, tool);
        QFETCH(QByteArray, arguments);
        QFETCH(QString, says);
        McpServer server(options());
        McpSession *s = server.newSession(QStringLiteral("test"), &server);
        initialize(s);
        const QByteArray message = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool.toUtf8()
                + "\",\"arguments\":" + arguments + "}}";
        const QJsonObject r = ask(s, message);
        QCOMPARE(errorCode(r), int(JsonRpc::InvalidParams));
        QVERIFY2(errorMessage(r).contains(says), qPrintable(errorMessage(r)));
        QVERIFY(m_fake == nullptr || m_fake->backends.isEmpty());
        closeAndWait(s);
    }

    void pathsStayInsideTheWorkdir_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("resolved"); // empty: refused
        QTest::newRow("relative") << "a/b.txt" << "/work/a/b.txt";
        QTest::newRow("dot") << "." << "/work";
        QTest::newRow("dot parts") << "./a/./b" << "/work/a/b";
        QTest::newRow("absolute inside") << "/work/x" << "/work/x";
        QTest::newRow("double slash") << "a//b" << "/work/a/b";
        QTest::newRow("dotdot") << "../etc/passwd" << "";
        QTest::newRow("dotdot inside") << "a/../../x" << "";
        QTest::newRow("dotdot after inside") << "/work/../etc" << "";
        QTest::newRow("absolute outside") << "/etc/passwd" << "";
        QTest::newRow("prefix trick") << "/workshop/x" << "";
        QTest::newRow("control") << "a\nb" << "";
        QTest::newRow("empty") << "" << "";
    }

    void pathsStayInsideTheWorkdir()
    {
        QFETCH(QString, path);
        QFETCH(QString, resolved);
        const auto r = toolPath(QStringLiteral("/work"), path);
        if (resolved.isEmpty()) {
            QVERIFY2(!r, r ? qPrintable(*r) : "");
        } else {
            QVERIFY2(r, r ? "" : qPrintable(r.error().message));
            QCOMPARE(*r, resolved);
        }
    }

    void sandboxToolsWorkOnTheSessionsOwnSandbox()
    {
        McpServer server(options());
        McpSession *s = server.newSession(QStringLiteral("test"), &server);
        initialize(s);
        QJsonObject r = ask(s, toolCall(2, QStringLiteral("box.write"), {{QStringLiteral("path"), QStringLiteral("d/a.txt")},
                                                                         {QStringLiteral("content"), QStringLiteral("hello")}}));
        QVERIFY2(!isToolError(r), QJsonDocument(r).toJson().constData());
        QCOMPARE(structured(r).value(QLatin1String("bytes")).toInt(), 5);
        r = ask(s, toolCall(3, QStringLiteral("box.read"), {{QStringLiteral("path"), QStringLiteral("/work/d/a.txt")},
                                                            {QStringLiteral("offset"), 1}, {QStringLiteral("length"), 3}}));
        QCOMPARE(structured(r).value(QLatin1String("content")).toString(), QStringLiteral("ell"));
        QCOMPARE(structured(r).value(QLatin1String("size")).toInt(), 5);
        QCOMPARE(structured(r).value(QLatin1String("eof")).toBool(), false);
        // Bytes that are not text come as base64.
        r = ask(s, toolCall(4, QStringLiteral("box.write"), {{QStringLiteral("path"), QStringLiteral("bin")},
                                                             {QStringLiteral("content"), QString::fromLatin1(QByteArray("\x00\xff\x01", 3).toBase64())},
                                                             {QStringLiteral("encoding"), QStringLiteral("base64")}}));
        QVERIFY(!isToolError(r));
        r = ask(s, toolCall(5, QStringLiteral("box.read"), {{QStringLiteral("path"), QStringLiteral("bin")}}));
        QCOMPARE(structured(r).value(QLatin1String("encoding")).toString(), QStringLiteral("base64"));
        QCOMPARE(QByteArray::fromBase64(structured(r).value(QLatin1String("content")).toString().toLatin1()), QByteArray("\x00\xff\x01", 3));
        // Refused where they stand, before the sandbox sees them.
        const int writesBefore = int(m_fake->backends.first()->files.size());
        r = ask(s, toolCall(6, QStringLiteral("box.write"), {{QStringLiteral("path"), QStringLiteral("../escape")},
                                                             {QStringLiteral("content"), QStringLiteral("x")}}));
        QVERIFY(isToolError(r));
        QVERIFY(toolErrorText(r).contains(QLatin1String("\"..\"")));
        r = ask(s, toolCall(7, QStringLiteral("box.write"), {{QStringLiteral("path"), QStringLiteral("/etc/cron.d/x")},
                                                             {QStringLiteral("content"), QStringLiteral("x")}}));
        QVERIFY(isToolError(r));
        r = ask(s, toolCall(8, QStringLiteral("box.write"), {{QStringLiteral("path"), QStringLiteral("b64")},
                                                             {QStringLiteral("content"), QStringLiteral("!!!")},
                                                             {QStringLiteral("encoding"), QStringLiteral("base64")}}));
        QVERIFY(toolErrorText(r).contains(QLatin1String("not base64")));
        r = ask(s, toolCall(9, QStringLiteral("box.remove"), {{QStringLiteral("path"), QStringLiteral("/work")},
                                                              {QStringLiteral("recursive"), true}}));
        QVERIFY(toolErrorText(r).contains(QLatin1String("workdir itself")));
        QCOMPARE(int(m_fake->backends.first()->files.size()), writesBefore);
        // exec runs sh -c with the command as one argument.
        r = ask(s, toolCall(10, QStringLiteral("box.exec"), {{QStringLiteral("command"), QStringLiteral("echo $HOME; true")}}));
        QVERIFY(!isToolError(r));
        QCOMPARE(m_fake->backends.first()->execs.last().argv,
                 (QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo $HOME; true")}));
        r = ask(s, toolCall(11, QStringLiteral("box.url"), {{QStringLiteral("port"), 8080}}));
        QVERIFY(structured(r).value(QLatin1String("url")).toString().startsWith(QLatin1String("http://127.0.0.1:")));
        r = ask(s, toolCall(12, QStringLiteral("box.url"), {{QStringLiteral("port"), 9090}})); // not published
        QVERIFY(isToolError(r));
        QCOMPARE(m_fake->backends.size(), 1); // one sandbox for the session's tool set
        closeAndWait(s);
        QCOMPARE(m_fake->backends.first()->releases, 1); // released when the session closed
    }

    void sessionsDoNotShareSandboxes()
    {
        McpServer server(options());
        McpSession *a = server.newSession(QStringLiteral("test"), &server);
        McpSession *b = server.newSession(QStringLiteral("test"), &server);
        initialize(a);
        initialize(b);
        QVERIFY(!isToolError(ask(a, toolCall(2, QStringLiteral("box.write"), {{QStringLiteral("path"), QStringLiteral("secret")},
                                                                               {QStringLiteral("content"), QStringLiteral("a's")}}))));
        const QJsonObject r = ask(b, toolCall(2, QStringLiteral("box.read"), {{QStringLiteral("path"), QStringLiteral("secret")}}));
        QVERIFY2(isToolError(r), QJsonDocument(r).toJson().constData());
        QCOMPARE(m_fake->backends.size(), 2);
        closeAndWait(a);
        closeAndWait(b);
    }

    void everyAnsweredCallIsRecordedBeforeItsAnswer()
    {
        McpServer server(options());
        auto *s = static_cast<McpClientSession *>(server.newSession(QStringLiteral("test"), &server));
        initialize(s);
        const QString path = s->recordPath();
        QVERIFY(QFileInfo::exists(path));
        QCOMPARE(QFileInfo(path).permissions() & (QFile::ReadGroup | QFile::ReadOther), QFileDevice::Permissions());
        int answered = 0;
        for (int i = 0; i < 5; ++i) {
            bool seen = false;
            const QByteArray message = i == 3 ? toolCall(10 + i, QStringLiteral("box.nope"), {})
                                              : toolCall(10 + i, QStringLiteral("box.write"),
                                                         {{QStringLiteral("path"), QStringLiteral("f%1").arg(i)},
                                                          {QStringLiteral("content"), QStringLiteral("x")}});
            s->handle(message, [&, i](const QByteArray &) {
                // At the moment of the answer, the file already holds the call.
                auto read = AgentSession::read(path);
                QVERIFY(read);
                QCOMPARE(read->calls.size(), qsizetype(i + 1));
                QCOMPARE(read->calls.last().seq, qint64(i + 1));
                seen = true;
                ++answered;
            });
            QTRY_VERIFY_WITH_TIMEOUT(seen, 10'000);
        }
        QCOMPARE(answered, 5);
        closeAndWait(s);
        auto read = AgentSession::read(path);
        QVERIFY(read);
        QVERIFY(read->ended);
        QCOMPARE(read->clientName, QStringLiteral("test"));
        QVERIFY(read->calls.at(3).refusedCode.has_value());
        QCOMPARE(read->calls.at(3).tool, QStringLiteral("box.nope"));
        QCOMPARE(read->calls.at(1).arguments.value(QLatin1String("path")).toString(), QStringLiteral("f1"));
    }

    void anUnwritableRecordRefusesEveryCall()
    {
        McpServerOptions o = options();
        Test::writeFile(m_dir.filePath(QStringLiteral("a-file")), "x");
        o.recordDir = m_dir.filePath(QStringLiteral("a-file/records")); // cannot be made
        McpServer server(o);
        McpSession *s = server.newSession(QStringLiteral("test"), &server);
        initialize(s);
        const QJsonObject r = ask(s, toolCall(2, QStringLiteral("box.list"), {{QStringLiteral("path"), QStringLiteral(".")}}));
        QCOMPARE(errorCode(r), int(JsonRpc::InternalError));
        QVERIFY2(errorMessage(r).contains(QLatin1String("cannot be recorded")), qPrintable(errorMessage(r)));
        QVERIFY(m_fake == nullptr || m_fake->backends.isEmpty());
        closeAndWait(s);
    }

    void codeRunsTakeTurnsAndStartWarm()
    {
        McpServer server(options({}));
        McpSession *s = server.newSession(QStringLiteral("test"), &server);
        initialize(s);
        // The session's runtime is started before its first call.
        QTRY_VERIFY_WITH_TIMEOUT(server.workbench()->hasWarmRuntime(), 20'000);
        QJsonObject r = ask(s, toolCall(2, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("console.log(1 + 1)")}}));
        QCOMPARE(structured(r).value(QLatin1String("stdout")).toString(), QStringLiteral("2\n"));
        QVERIFY(server.workbench()->lastRunWasWarm());
        // Calls made at once are all answered, each with its own output, in turn.
        QMap<int, QString> outputs;
        for (int i = 0; i < 4; ++i) {
            s->handle(toolCall(10 + i, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("console.log('run %1')").arg(i)}}),
                      [&outputs](const QByteArray &reply) {
                          const QJsonObject o = QJsonDocument::fromJson(reply).object();
                          outputs.insert(o.value(QLatin1String("id")).toInt(), structured(o).value(QLatin1String("stdout")).toString());
                      });
        }
        QTRY_COMPARE_WITH_TIMEOUT(outputs.size(), 4, 60'000);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(outputs.value(10 + i), QStringLiteral("run %1\n").arg(i));
        closeAndWait(s);
    }

    void aRunawayRunEndsAndACancelledCallIsStoppedAndRecorded()
    {
        McpServerOptions o = options();
        o.limits.codeTimeoutMs = 2000; // the default when the policy sets none
        McpServer server(o);
        auto *s = static_cast<McpClientSession *>(server.newSession(QStringLiteral("test"), &server));
        initialize(s);
        QJsonObject r = ask(s, toolCall(2, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("while (true) {}")}}));
        QVERIFY2(structured(r).value(QLatin1String("timedOut")).toBool(), QJsonDocument(r).toJson().constData());

        // A call cancelled by the client is stopped, never answered, and the next one runs.
        bool answered = false;
        s->handle(toolCall(3, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("while (true) {}")}}),
                  [&answered](const QByteArray &) { answered = true; });
        QTest::qWait(300);
        QVERIFY(ask(s, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":3,\"reason\":\"too slow\"}}").isEmpty());
        QElapsedTimer clock;
        clock.start();
        r = ask(s, toolCall(4, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("console.log('next')")}}));
        QCOMPARE(structured(r).value(QLatin1String("stdout")).toString(), QStringLiteral("next\n"));
        QVERIFY2(clock.elapsed() < 1500, "the cancelled run was not stopped"); // well before its 2 s timeout
        QVERIFY(!answered);
        // Ids of calls still running are not taken again.
        s->handle(toolCall(5, QStringLiteral("box.exec"), {{QStringLiteral("command"), QStringLiteral("sleep 30")}}), [](const QByteArray &) {});
        QCOMPARE(errorCode(ask(s, toolCall(5, QStringLiteral("box.list"), {{QStringLiteral("path"), QStringLiteral(".")}}))),
                 int(JsonRpc::InvalidRequest));
        const QString path = s->recordPath();
        closeAndWait(s);
        auto read = AgentSession::read(path);
        QVERIFY(read);
        const auto cancelled = std::find_if(read->calls.cbegin(), read->calls.cend(), [](const AgentCall &c) { return c.seq == 2; });
        QVERIFY(cancelled != read->calls.cend());
        QVERIFY(cancelled->cancelled);
        QVERIFY(cancelled->result.value(QLatin1String("text")).toString().contains(QLatin1String("too slow")));
    }

    void codeRunAnswersAndEachSessionHasItsOwnWorkdir()
    {
        McpServerOptions o = options({});
        const QString workdir = m_dir.filePath(QStringLiteral("server-workdir"));
        QDir().mkpath(workdir);
        Test::writeFile(workdir + QStringLiteral("/hello.ts"), "console.log('args', Deno.args.join(','))\n");
        o.workdir = workdir;
        o.policy.permissions.allowWrite = {QStringLiteral(".")};
        McpServer server(o);
        McpSession *a = server.newSession(QStringLiteral("test"), &server);
        McpSession *b = server.newSession(QStringLiteral("test"), &server);
        initialize(a);
        initialize(b);
        QJsonObject r = ask(a, toolCall(2, QStringLiteral("code.run"), {{QStringLiteral("entrypoint"), QStringLiteral("hello.ts")},
                                                                        {QStringLiteral("args"), QJsonArray{QStringLiteral("x"), QStringLiteral("y")}}}));
        QVERIFY2(!isToolError(r), QJsonDocument(r).toJson().constData());
        QCOMPARE(structured(r).value(QLatin1String("stdout")).toString(), QStringLiteral("args x,y\n"));
        QCOMPARE(structured(r).value(QLatin1String("exitCode")).toInt(), 0);
        // What a's code writes stays in a's workdir: b starts from the server's folder.
        r = ask(a, toolCall(3, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("Deno.writeTextFileSync('note.txt', 'from a'); console.log(Deno.readTextFileSync('note.txt'))")}}));
        QCOMPARE(structured(r).value(QLatin1String("stdout")).toString(), QStringLiteral("from a\n"));
        r = ask(b, toolCall(2, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("try { console.log(Deno.readTextFileSync('note.txt')) } catch (e) { console.log(e.name) }")}}));
        QCOMPARE(structured(r).value(QLatin1String("stdout")).toString(), QStringLiteral("NotFound\n"));
        QVERIFY(!QFileInfo::exists(workdir + QStringLiteral("/note.txt"))); // the server's folder is never written
        // Denied by default: the policy grants nothing outside the workdir.
        r = ask(b, toolCall(3, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("try { Deno.readTextFileSync('/etc/passwd'); console.log('read') } catch (e) { console.log(e.name) }")}}));
        QCOMPARE(structured(r).value(QLatin1String("stdout")).toString(), QStringLiteral("NotCapable\n"));
        QCOMPARE(structured(r).value(QLatin1String("denied")).toInt(), 1);
        r = ask(b, toolCall(4, QStringLiteral("code.run"), {{QStringLiteral("entrypoint"), QStringLiteral("../hello.ts")}}));
        QVERIFY(isToolError(r));
        // The record has each run; the Workbench keeps none of them once idle.
        QTRY_COMPARE_WITH_TIMEOUT(server.workbench()->history()->size(), 0, 10'000);
        const QString recordA = static_cast<McpClientSession *>(a)->recordPath();
        closeAndWait(a);
        closeAndWait(b);

        // Each run's exec session is in the record, and the session replays identical offline.
        auto recorded = AgentSession::read(recordA);
        QVERIFY2(recorded, recorded ? "" : qPrintable(recorded.error().message));
        QCOMPARE(recorded->calls.size(), 2);
        QVERIFY(recorded->calls.at(0).execSessionOffset > 0);
        QVERIFY(!recorded->calls.at(1).decisions.isEmpty());
        Workbench replayBench;
        AgentSessionReplayer replayer(*recorded, &replayBench, {});
        auto report = runReplayToEnd(replayer);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary()));
        // A record whose answer was changed afterwards does not.
        QByteArray bytes = Test::readFile(recordA);
        QVERIFY(bytes.contains("\"stdout\":\"from a\\n\""));
        bytes.replace("\"stdout\":\"from a\\n\"", "\"stdout\":\"from b\\n\"");
        const QString forged = m_dir.filePath(QStringLiteral("forged.sbagent"));
        QVERIFY(Test::writeFile(forged, bytes));
        auto forgedSession = AgentSession::read(forged);
        QVERIFY(forgedSession);
        AgentSessionReplayer forgedReplayer(*forgedSession, &replayBench, {});
        report = runReplayToEnd(forgedReplayer);
        QVERIFY(report);
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.first().index, qint64(2));
    }

    // The server's policy gives code.run a variable; its exec sessions keep the name only. The
    // replay names it (every call's names are read before anything runs), refuses a name no call
    // had, and replays identical once given the value.
    void codeRunEnvKeptByNameIsGivenAtReplay()
    {
        McpServerOptions o = options({});
        const QString secret = QStringLiteral("agent-secret-%1").arg(QCoreApplication::applicationPid());
        o.policy.env.insert(QStringLiteral("SB_AGENT_TOKEN"), secret);
        o.policy.seed = 3;
        McpServer server(o);
        McpSession *a = server.newSession(QStringLiteral("test"), &server);
        initialize(a);
        const QString code = QStringLiteral("console.log(Math.random(), (Deno.env.get('SB_AGENT_TOKEN') ?? '<none>').length)");
        QJsonObject r = ask(a, toolCall(2, QStringLiteral("code.run"), {{QStringLiteral("code"), code}}));
        QVERIFY2(!isToolError(r), QJsonDocument(r).toJson().constData());
        QVERIFY(structured(r).value(QLatin1String("stdout")).toString().endsWith(QStringLiteral(" %1\n").arg(secret.size())));
        const QString record = static_cast<McpClientSession *>(a)->recordPath();
        closeAndWait(a);
        QVERIFY(!Test::readFile(record).contains(secret.toUtf8()));
        auto recorded = AgentSession::read(record);
        QVERIFY2(recorded, recorded ? "" : qPrintable(recorded.error().message));
        auto names = AgentSessionReplayer::valueNames(*recorded);
        QVERIFY(names);
        QCOMPARE(names->required, QStringList{QStringLiteral("SB_AGENT_TOKEN")});

        Workbench replayBench;
        AgentSessionReplayer without(*recorded, &replayBench, {});
        auto missing = runReplayToEnd(without);
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ErrorCode::ConfigError);
        QVERIFY2(missing.error().message.endsWith(QStringLiteral("needs its value: SB_AGENT_TOKEN")), qPrintable(missing.error().message));
        AgentReplayOptions extra;
        extra.exec.env = {{QStringLiteral("SB_AGENT_TOKEN"), secret}, {QStringLiteral("SB_NEVER"), QStringLiteral("1")}};
        AgentSessionReplayer withExtra(*recorded, &replayBench, extra);
        auto unknown = runReplayToEnd(withExtra);
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().message, QStringLiteral("the session has no variable SB_NEVER"));
        AgentReplayOptions given;
        given.exec.env = {{QStringLiteral("SB_AGENT_TOKEN"), secret}};
        AgentSessionReplayer with(*recorded, &replayBench, given);
        auto report = runReplayToEnd(with);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary()));
        QVERIFY(!report->summary().contains(secret));
    }
};

QTEST_GUILESS_MAIN(TestMcpServer)
#include "tst_mcpserver.moc"
