#include "dockerhttp.h"

#include <QLocalSocket>

#include <sys/socket.h>

namespace Sandbench {

DockerRequest::DockerRequest(const QString &socketPath, const QByteArray &method,
                             const QByteArray &path, const QByteArray &jsonBody, Mode mode,
                             int timeoutMs, QObject *parent)
    : QObject(parent)
    , m_socketPath(socketPath)
    , m_mode(mode)
{
    m_request = method + ' ' + path + " HTTP/1.1\r\nHost: docker\r\nUser-Agent: sandbench\r\n";
    if (mode == Mode::Stream)
        m_request += "Connection: Upgrade\r\nUpgrade: tcp\r\n";
    else
        m_request += "Connection: close\r\n";
    if (!jsonBody.isNull()) {
        m_request += "Content-Type: application/json\r\nContent-Length: "
                     + QByteArray::number(jsonBody.size()) + "\r\n\r\n" + jsonBody;
    } else {
        m_request += "Content-Length: 0\r\n\r\n";
    }
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        finish(fail(ErrorCode::EnvironmentError,
                    QStringLiteral("the Docker engine at %1 did not answer in time").arg(m_socketPath)));
    });
    if (timeoutMs > 0)
        m_timer.setInterval(timeoutMs);
}

DockerRequest::~DockerRequest()
{
    if (m_socket)
        m_socket->abort();
}

void DockerRequest::start()
{
    m_socket = new QLocalSocket(this);
    connect(m_socket, &QLocalSocket::connected, this, [this] { m_socket->write(m_request); });
    connect(m_socket, &QLocalSocket::readyRead, this, &DockerRequest::onReadyRead);
    connect(m_socket, &QLocalSocket::disconnected, this, &DockerRequest::onDisconnected);
    connect(m_socket, &QLocalSocket::errorOccurred, this, &DockerRequest::onError);
    connect(m_socket, &QLocalSocket::bytesWritten, this, &DockerRequest::maybeShutdownWrite);
    if (m_timer.interval() > 0)
        m_timer.start();
    m_socket->connectToServer(m_socketPath);
}

void DockerRequest::write(const QByteArray &data)
{
    if (m_socket && !m_writeClosed && m_socket->state() == QLocalSocket::ConnectedState)
        m_socket->write(data);
}

void DockerRequest::closeWrite()
{
    m_writeClosePending = true;
    maybeShutdownWrite();
}

void DockerRequest::maybeShutdownWrite()
{
    if (!m_writeClosePending || m_writeClosed || !m_socket || m_socket->bytesToWrite() > 0)
        return;
    m_writeClosed = true;
    ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
}

void DockerRequest::abort()
{
    finish(fail(ErrorCode::Cancelled, QStringLiteral("request aborted")));
}

void DockerRequest::onReadyRead()
{
    m_buffer += m_socket->readAll();
    if (!m_headersDone) {
        if (!parseHeaders()) {
            if (!isFinished() && m_buffer.size() > maxHeaderBytes)
                failTooLarge(QStringLiteral("headers"), maxHeaderBytes);
            return;
        }
        if (m_mode == Mode::Stream && (m_response.status == 101 || m_response.status == 200)) {
            // Hijacked: from here on the connection carries the exec's raw stream; the engine
            // has answered, so the call timeout no longer applies (the exec has its own).
            m_streaming = true;
            m_timer.stop();
            emit headersReceived(m_response.status);
        }
    }
    if (m_streaming) {
        if (!m_buffer.isEmpty())
            emit streamData(std::exchange(m_buffer, {}));
        return;
    }
    parseBody(false);
}

bool DockerRequest::parseHeaders()
{
    const qsizetype end = m_buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    if (end > maxHeaderBytes) {
        failTooLarge(QStringLiteral("headers"), maxHeaderBytes);
        return false;
    }
    const QList<QByteArray> lines = m_buffer.left(end).split('\n');
    const QList<QByteArray> status = lines.value(0).trimmed().split(' ');
    bool statusOk = false;
    m_response.status = status.value(1).toInt(&statusOk);
    if (!status.value(0).startsWith("HTTP/1.") || !statusOk || m_response.status < 100 || m_response.status > 599) {
        finish(fail(ErrorCode::EnvironmentError, QStringLiteral("the Docker engine at %1 sent no HTTP status line").arg(m_socketPath)));
        return false;
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            m_response.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                      lines[i].mid(colon + 1).trimmed());
    }
    m_buffer.remove(0, end + 4);
    m_headersDone = true;
    return true;
}

bool DockerRequest::parseBody(bool atEof)
{
    const int status = m_response.status;
    if (status == 204 || status == 304 || (status >= 100 && status < 200)) {
        finish(m_response);
        return true;
    }
    if (m_response.headers.value("transfer-encoding").toLower().contains("chunked")) {
        while (true) {
            const qsizetype lineEnd = m_buffer.indexOf("\r\n");
            if (lineEnd < 0)
                break;
            bool ok = false;
            const qsizetype size = m_buffer.left(lineEnd).split(';').value(0).trimmed().toLongLong(&ok, 16);
            if (!ok || size < 0) {
                finish(fail(ErrorCode::EnvironmentError, QStringLiteral("malformed chunked answer from the Docker engine")));
                return true;
            }
            if (size > m_maxBodyBytes - m_response.body.size()) {
                failTooLarge(QStringLiteral("a body"), m_maxBodyBytes);
                return true;
            }
            if (size == 0) {
                finish(m_response);
                return true;
            }
            if (m_buffer.size() < lineEnd + 2 + size + 2)
                break;
            m_response.body += m_buffer.mid(lineEnd + 2, size);
            m_buffer.remove(0, lineEnd + 2 + size + 2);
        }
        // A chunk-size line that never ends is no chunk either.
        if (m_buffer.indexOf("\r\n") < 0 && m_buffer.size() > 1024) {
            finish(fail(ErrorCode::EnvironmentError, QStringLiteral("malformed chunked answer from the Docker engine")));
            return true;
        }
    } else if (m_response.headers.contains("content-length")) {
        bool ok = false;
        const qsizetype length = m_response.headers.value("content-length").toLongLong(&ok);
        if (!ok || length < 0) {
            finish(fail(ErrorCode::EnvironmentError, QStringLiteral("the Docker engine sent a malformed Content-Length")));
            return true;
        }
        if (length > m_maxBodyBytes) {
            failTooLarge(QStringLiteral("a body"), m_maxBodyBytes);
            return true;
        }
        if (m_buffer.size() >= length) {
            m_response.body = m_buffer.left(length);
            finish(m_response);
            return true;
        }
    } else if (m_buffer.size() > m_maxBodyBytes) {
        failTooLarge(QStringLiteral("a body"), m_maxBodyBytes);
        return true;
    } else if (atEof) {
        m_response.body = m_buffer;
        finish(m_response);
        return true;
    }
    if (atEof) {
        finish(fail(ErrorCode::EnvironmentError,
                    QStringLiteral("the Docker engine at %1 closed the connection mid-answer").arg(m_socketPath)));
        return true;
    }
    return false;
}

void DockerRequest::failTooLarge(const QString &what, qsizetype limit)
{
    finish(fail(ErrorCode::EnvironmentError, QStringLiteral("the Docker engine at %1 sent %2 over %3 bytes; refused")
                                                 .arg(m_socketPath, what).arg(limit)));
}

void DockerRequest::onDisconnected()
{
    if (isFinished())
        return;
    if (m_socket->bytesAvailable() > 0)
        onReadyRead();
    if (isFinished())
        return;
    if (m_streaming) {
        finish(m_response);
        return;
    }
    if (!m_headersDone) {
        finish(fail(ErrorCode::EnvironmentError,
                    QStringLiteral("the Docker engine at %1 closed the connection without answering").arg(m_socketPath)));
        return;
    }
    parseBody(true);
}

void DockerRequest::onError()
{
    if (isFinished())
        return;
    if (m_socket->error() == QLocalSocket::PeerClosedError) {
        onDisconnected();
        return;
    }
    finish(fail(ErrorCode::EnvironmentError, QStringLiteral("the Docker engine at %1 is not reachable: %2")
                                                 .arg(m_socketPath, m_socket->errorString())));
}

void DockerRequest::finish(Result<HttpResponse> r)
{
    if (isFinished())
        return;
    m_timer.stop();
    m_result = std::move(r);
    if (m_socket) {
        disconnect(m_socket, nullptr, this, nullptr);
        m_socket->abort();
    }
    emit finished();
}

} // namespace Sandbench
