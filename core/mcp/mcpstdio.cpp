#include "mcp/mcpstdio.h"

#include "mcp/jsonrpc.h"
#include "mcp/mcpsession.h"

#include <QSocketNotifier>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace Sandbench {

McpStdioTransport::McpStdioTransport(McpSession *session, int inFd, int outFd, QObject *parent)
    : QObject(parent), m_session(session), m_in(inFd), m_out(outFd)
{
}

McpStdioTransport::~McpStdioTransport() = default;

void McpStdioTransport::start()
{
    // Non-blocking reads, so one readable event never stalls the loop waiting for a newline.
    ::fcntl(m_in, F_SETFL, ::fcntl(m_in, F_GETFL) | O_NONBLOCK);
    m_notifier = new QSocketNotifier(m_in, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &McpStdioTransport::readAvailable);
    connect(m_session, &McpSession::closed, this, &McpStdioTransport::finished);
}

void McpStdioTransport::readAvailable()
{
    char chunk[65536];
    for (int round = 0; round < 64; ++round) {
        const ssize_t n = ::read(m_in, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0)
            return endOfInput();
        qsizetype from = 0;
        while (from < n) {
            const char *nl = static_cast<const char *>(memchr(chunk + from, '\n', size_t(n - from)));
            const qsizetype end = nl ? nl - chunk : n;
            if (!m_discarding) {
                if (m_buffer.size() + (end - from) > m_maxMessageBytes) {
                    m_discarding = true;
                    m_buffer.clear();
                    m_buffer.squeeze();
                } else {
                    m_buffer.append(chunk + from, end - from);
                }
            }
            if (!nl)
                break;
            if (m_discarding) {
                m_discarding = false;
                write(JsonRpc::error(QJsonValue::Null, JsonRpc::InvalidRequest,
                                     QStringLiteral("the message is over %1 MiB and was dropped").arg(m_maxMessageBytes >> 20)));
            } else {
                takeLine(std::exchange(m_buffer, {}));
            }
            from = end + 1;
        }
    }
}

void McpStdioTransport::takeLine(const QByteArray &line)
{
    if (line.trimmed().isEmpty() || !m_session)
        return;
    QPointer<McpStdioTransport> self(this);
    m_session->handle(line, [self](const QByteArray &reply) {
        if (self && !reply.isEmpty())
            self->write(reply);
    });
}

void McpStdioTransport::write(const QByteArray &reply)
{
    QByteArray line = reply;
    line.append('\n');
    qsizetype done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(m_out, line.constData() + done, size_t(line.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            usleep(1000); // a client slow to read: its own session waits, nothing else shares it
            continue;
        }
        if (n <= 0)
            return endOfInput(); // the client stopped reading for good
        done += n;
    }
}

void McpStdioTransport::endOfInput()
{
    if (m_ended)
        return;
    m_ended = true;
    if (m_notifier)
        m_notifier->setEnabled(false);
    if (!m_session || m_session->isClosed()) {
        emit finished();
        return;
    }
    m_session->close(QStringLiteral("the client closed its end"));
}

} // namespace Sandbench
