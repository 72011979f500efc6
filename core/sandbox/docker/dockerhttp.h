#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QTimer>

class QLocalSocket;

namespace Sandbench {

struct HttpResponse
{
    int status = 0;
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;
};

// One HTTP/1.1 request on its own connection to the engine's unix socket ("Connection: close";
// a connect costs tens of microseconds, and a fresh connection per call means no state to get
// wrong). Handles Content-Length, chunked and read-to-close bodies, and in Stream mode the
// hijacked connection of exec start: after the headers, data arrives through streamData(),
// write() sends raw bytes and closeWrite() half-closes (shutdown(SHUT_WR) on the descriptor,
// which QLocalSocket cannot do itself) so that the command sees end of input.
class DockerRequest : public QObject
{
    Q_OBJECT
public:
    enum class Mode { Buffered, Stream };

    DockerRequest(const QString &socketPath, const QByteArray &method, const QByteArray &path,
                  const QByteArray &jsonBody, Mode mode, int timeoutMs, QObject *parent);
    ~DockerRequest() override;

    // What one answer may hold before the request fails (EnvironmentError naming
    // the limit): an engine that sends endless headers or a body larger than any real
    // answer must not grow this process's memory without end. A body that never ends within
    // the limit is ended by the call timeout.
    static constexpr qsizetype maxHeaderBytes = 64 * 1024;
    static constexpr qsizetype defaultMaxBodyBytes = qsizetype(64) << 20;
    void setMaxBodyBytes(qsizetype bytes) { m_maxBodyBytes = bytes; }

    void start();
    void write(const QByteArray &data);
    void closeWrite();
    void abort();

    bool isFinished() const { return m_result.has_value(); }
    // Valid once finished(). In Stream mode the body stays empty (it went to streamData()).
    const Result<HttpResponse> &result() const { return *m_result; }

signals:
    void headersReceived(int status);
    void streamData(const QByteArray &data);
    void finished();

private:
    void onReadyRead();
    void onDisconnected();
    void onError();
    bool parseHeaders();
    bool parseBody(bool atEof);
    void failTooLarge(const QString &what, qsizetype limit);
    void finish(Result<HttpResponse> r);
    void maybeShutdownWrite();

    QString m_socketPath;
    QByteArray m_request;
    Mode m_mode;
    QLocalSocket *m_socket = nullptr;
    QTimer m_timer;
    QByteArray m_buffer;
    HttpResponse m_response;
    qsizetype m_maxBodyBytes = defaultMaxBodyBytes;
    bool m_headersDone = false;
    bool m_streaming = false;
    bool m_writeClosePending = false;
    bool m_writeClosed = false;
    std::optional<Result<HttpResponse>> m_result;
};

} // namespace Sandbench
