#pragma once

#include <QByteArray>
#include <QObject>
#include <QSize>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

struct _rfbClient; // libvncclient's rfbClient

namespace Sandbench {

struct VncLibrary;

// An RFB client (libvncclient) on a socket already connected to a VNC server: the handshake,
// the framebuffer, pointer and key events. libvncclient reads with blocking calls, so it runs
// on a thread of its own; every call here is from the owner's thread, and the signals arrive
// there queued. Frames are raw bytes (QtCore only): width*4 bytes a row, R G B X with X always 0xff.
class VncClient : public QObject
{
    Q_OBJECT
public:
    explicit VncClient(QObject *parent = nullptr);
    ~VncClient() override;

    // Takes the socket (closed when the client stops) and starts the handshake.
    void start(int socket);
    // Ends the connection and waits for the thread; safe to call more than once.
    void stop();

    // X's button mask: 1 left, 2 middle, 4 right, 8/16 wheel up/down.
    void sendPointer(int x, int y, int buttonMask);
    // An X keysym pressed or released.
    void sendKey(quint32 keysym, bool down);

    QSize size() const;
    // The newest frame: size().width()*4 bytes a row, R G B 0xff bytes a pixel.
    QByteArray frame() const;
    // How many framebuffer updates have completed.
    quint64 frameCount() const { return m_frames.load(); }

signals:
    void connected(QSize size);
    // A framebuffer update finished (coalesced: one signal until frame() is read).
    void frameReady();
    void failed(const QString &message);

private:
    struct Event
    {
        bool key;
        int x, y, mask;
        quint32 keysym;
        bool down;
    };
    void run();
    void wake();
    void publishFrame(const unsigned char *data, int width, int height);
    static void onFinishedUpdate(::_rfbClient *client);

    const VncLibrary *m_library = nullptr;
    std::thread m_thread;
    int m_socket = -1;
    int m_wake[2] = {-1, -1};
    std::atomic<bool> m_stop{false};
    std::atomic<quint64> m_frames{0};
    mutable std::mutex m_mutex;
    QByteArray m_frame;
    QSize m_size;
    mutable bool m_signalled = false;
    std::vector<Event> m_events;
};

} // namespace Sandbench
