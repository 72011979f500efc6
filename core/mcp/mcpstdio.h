#pragma once

#include <QObject>
#include <QPointer>

class QSocketNotifier;

namespace Sandbench {

class McpSession;

// MCP's stdio transport for one session: newline-delimited JSON-RPC messages on `inFd`,
// replies on `outFd`, nothing else on it. A message longer than maxMessageBytes is dropped up
// to its newline, never held, and answered with an error (id null: the id was not kept);
// the session goes on. End of input
// closes the session, and finished() follows once it has closed.
class McpStdioTransport : public QObject
{
    Q_OBJECT
public:
    // Above the largest request a tool takes (a 16 MiB write as base64, about 22 MiB), so a
    // legal call is never dropped: a dropped one can only be answered with a null id, which a
    // client cannot match to its request.
    static constexpr qint64 defaultMaxMessageBytes = qint64(32) << 20;

    McpStdioTransport(McpSession *session, int inFd, int outFd, QObject *parent = nullptr);
    ~McpStdioTransport() override;

    void setMaxMessageBytes(qint64 bytes) { m_maxMessageBytes = bytes; }
    void start();

signals:
    void finished();

private:
    void readAvailable();
    void takeLine(const QByteArray &line);
    void write(const QByteArray &reply);
    void endOfInput();

    QPointer<McpSession> m_session;
    int m_in;
    int m_out;
    qint64 m_maxMessageBytes = defaultMaxMessageBytes;
    QSocketNotifier *m_notifier = nullptr;
    QByteArray m_buffer;
    bool m_discarding = false; // inside a line over the cap
    bool m_ended = false;
};

} // namespace Sandbench
