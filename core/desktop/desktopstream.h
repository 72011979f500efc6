#pragma once

#include "desktop/vncclient.h"
#include "sandbox/sandboxoperation.h"

#include <QPointer>
#include <QSocketNotifier>

namespace Sandbench {

// A sandbox's screen as a remote framebuffer: x11vnc inside the sandbox speaks RFB on its
// standard input and output (-inetd), carried by one interactive exec, and a VncClient reads
// it through a socketpair this class bridges to that exec. Nothing listens on any port, inside
// or outside the sandbox: the only way to the VNC server is this exec, which only Sandbench can
// start. Deleting the stream (or stop()) cancels the exec, which kills x11vnc.
//
// Obtained from Desktop::openStream(); `opened` once the handshake is done, then `frameReady`
// for each update, `closed` once (the sandbox went, the server ended, or a stop()).
class DesktopStream : public QObject
{
    Q_OBJECT
public:
    // Takes the exec that runs the VNC server (it becomes the stream's child).
    DesktopStream(ExecJob *server, QObject *parent = nullptr);
    ~DesktopStream() override;

    bool isOpen() const { return m_open; }
    QSize size() const { return m_client.size(); }
    // The newest frame: size().width()*4 bytes a row, R G B 0xff (see VncClient).
    QByteArray frame() const { return m_client.frame(); }
    quint64 frameCount() const { return m_client.frameCount(); }

    void sendPointer(int x, int y, int buttonMask);
    void sendKey(quint32 keysym, bool down);
    void stop();

    // The most server output held for a reader that falls behind before the stream fails.
    static constexpr qsizetype maxPendingBytes = 64 * 1024 * 1024;

signals:
    void opened(QSize size);
    void frameReady();
    void closed(const QString &reason);

private:
    void onServerOutput(SandboxStream stream, const QByteArray &data);
    void flushToClient();
    void readFromClient();
    void close(const QString &reason);

    QPointer<ExecJob> m_server;
    VncClient m_client;
    int m_bridge = -1; // our end of the socketpair; the client holds the other
    QSocketNotifier *m_readable = nullptr;
    QSocketNotifier *m_writable = nullptr;
    QByteArray m_toClient;
    QByteArray m_serverErrors; // the tail of x11vnc's stderr, for a failure's reason
    bool m_open = false;
    bool m_closed = false;
};

} // namespace Sandbench
