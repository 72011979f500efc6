#pragma once

#include "exec/execrequest.h"
#include "mcp/jsonrpc.h"
#include "mcp/mcpsession.h"
#include "mcp/sandboxtoolcall.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QTemporaryDir>

#include <memory>

namespace Sandbench {

class AgentSessionWriter;
struct ApprovalDecision;
class McpServer;
class Sandbox;
struct ToolSpec;

// The McpSession of the agent server: the protocol (initialize, ping, tools/list, tools/call),
// each call checked against its tool's schema and the server's tool sets, run on the server's
// Workbench (code.run) or on this session's own sandbox of the tool set, and every call written
// to the session's record before it is answered.
class McpClientSession : public McpSession
{
    Q_OBJECT
public:
    McpClientSession(McpServer *server, const QString &transport, QObject *parent);
    ~McpClientSession() override;

    QString id() const override { return m_id; }
    bool isInitialized() const override { return !m_protocolVersion.isEmpty(); }
    QString protocolVersion() const override { return m_protocolVersion; }
    void handle(const QByteArray &message, McpReplyHandler answer) override;
    void close(const QString &reason) override;
    bool isClosed() const override { return m_closed; }

    // The session's record, or empty when it could not be made (then every call is refused).
    QString recordPath() const;

    static QStringList supportedProtocolVersions();

private:
    struct Call
    {
        qint64 seq = 0;
        QJsonValue rpcId;
        QString tool;
        QJsonObject arguments;
        qint64 startedMs = 0;
        QElapsedTimer clock;
        McpReplyHandler answer;
        // Owns what runs for the call (its code run in the server's queue): deleted, the run
        // is dropped. Null for calls refused before they ran.
        QPointer<QObject> owner;
        // The person's decision on a held call (--approve or an approvals rule), or a rule's
        // deny, as the record has it; else empty.
        QJsonObject approval;
        QString approvalRule; // the rule that held it

        bool isCodeRun() const { return tool == QLatin1String("code.run"); }
    };
    struct InFlight
    {
        Call call;
        QPointer<ToolOperation> operation;
        QString approvalId; // while it waits for a person
    };
    struct ToolSetSandbox
    {
        QPointer<Sandbox> sandbox;
        bool creating = false;
        std::optional<Error> failed;
        QList<std::function<void()>> waiting;
    };

    void initialize(const JsonRpc::Message &m, const McpReplyHandler &answer);
    void callTool(const JsonRpc::Message &m, const McpReplyHandler &answer);
    void refuse(Call call, int code, const QString &message);
    // Runs a call whose arguments were checked (and approved, when its tool needs a person).
    void dispatch(Call call);
    // --approve or an approvals rule: the call waits on the Workbench's approver socket (mcpclientapproval.cpp).
    void holdForApproval(Call call, const ToolSpec &spec, const QString &rule);
    // A call an approvals rule denies: refused without asking anyone, recorded with the rule.
    void denyByRule(Call call, const QString &rule);
    void approvalDecided(Call call, const ApprovalDecision &decision);
    void runCode(Call call);
    void runSandboxTool(Call call, const QString &set, SandboxVerb verb);
    // Calls `then` once the tool set's sandbox is there (or failed).
    void withSandbox(const QString &set, std::function<void()> then);
    // Writes the sandbox's connections (network allow) to the record as they come.
    void recordConnections(const QString &set, Sandbox *sandbox);
    // Writes the call's line (and a code run's exec session after it), then answers it: an
    // answered call is in the record whole. A record that cannot be written fails the call.
    void finishCall(const Call &call, const ToolResult &result, const QList<QJsonObject> &decisions = {},
                    const QByteArray &execSessionLine = {});
    Result<QString> sessionWorkdir();
    ExecRequest codeRequest(const QString &workdir) const;
    void maybeClosed();
    void removeWorkdir(int attempt);
    // notifications/cancelled: the call is stopped, recorded as cancelled and never answered.
    void cancelCall(const QJsonValue &requestId, const QString &reason);
    static QString idKey(const QJsonValue &id);

    McpServer *m_server;
    QString m_transport;
    QString m_id;
    QString m_protocolVersion;
    std::unique_ptr<AgentSessionWriter> m_record;
    std::optional<Error> m_recordError;
    qint64 m_nextSeq = 1;
    bool m_closed = false;
    bool m_closeDone = false;
    int m_releasing = 0;
    QHash<QString, ToolSetSandbox> m_sandboxes;
    QHash<QString, InFlight> m_inFlight; // by JSON-RPC id
    std::unique_ptr<QTemporaryDir> m_workdir;
    // Code runs whose answer waits for their exec session to be encoded for the record.
    int m_encoding = 0;
    QString m_closeReason;
    quint64 m_netSeq = 0;
};

} // namespace Sandbench
