#include "vncclient.h"

#include "vnclibrary.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

namespace Sandbench {

namespace {

// The key libvncclient files this client under (rfbClientSetClientData).
int clientTag;

} // namespace

VncClient::VncClient(QObject *parent)
    : QObject(parent)
{
}

VncClient::~VncClient()
{
    stop();
}

void VncClient::start(int socket)
{
    QString unavailable;
    m_library = vncLibrary(&unavailable);
    if (!m_library) {
        ::close(socket);
        emit failed(QStringLiteral("the RFB client could not start: %1").arg(unavailable));
        return;
    }
    if (m_thread.joinable() || pipe2(m_wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        ::close(socket);
        emit failed(QStringLiteral("the RFB client could not start"));
        return;
    }
    m_socket = socket;
    m_thread = std::thread([this] { run(); });
}

void VncClient::stop()
{
    if (!m_thread.joinable())
        return;
    m_stop = true;
    // A blocking read inside libvncclient returns once the socket is shut down.
    ::shutdown(m_socket, SHUT_RDWR);
    wake();
    m_thread.join();
    ::close(m_socket);
    m_socket = -1;
    ::close(m_wake[0]);
    ::close(m_wake[1]);
    m_wake[0] = m_wake[1] = -1;
}

void VncClient::wake()
{
    const char c = 1;
    [[maybe_unused]] auto n = ::write(m_wake[1], &c, 1);
}

void VncClient::sendPointer(int x, int y, int buttonMask)
{
    {
        std::lock_guard lock(m_mutex);
        m_events.push_back({false, x, y, buttonMask, 0, false});
    }
    wake();
}

void VncClient::sendKey(quint32 keysym, bool down)
{
    {
        std::lock_guard lock(m_mutex);
        m_events.push_back({true, 0, 0, 0, keysym, down});
    }
    wake();
}

QSize VncClient::size() const
{
    std::lock_guard lock(m_mutex);
    return m_size;
}

QByteArray VncClient::frame() const
{
    std::lock_guard lock(m_mutex);
    m_signalled = false;
    return m_frame;
}

void VncClient::publishFrame(const unsigned char *data, int width, int height)
{
    bool signal = false;
    {
        std::lock_guard lock(m_mutex);
        // One copy an update: the reader gets a frame no later write can tear. The server
        // leaves each pixel's fourth byte 0; the copy makes it 0xff, so the bytes are a valid
        // opaque RGBX picture a reader can show as they are (an X of 0 reads as transparent).
        const qsizetype pixels = qsizetype(width) * height;
        m_frame = QByteArray(pixels * 4, Qt::Uninitialized);
        quint32 opaque;
        std::memcpy(&opaque, "\0\0\0\xff", 4);
        const auto *from = reinterpret_cast<const quint32 *>(data);
        auto *to = reinterpret_cast<quint32 *>(m_frame.data());
        for (qsizetype i = 0; i < pixels; ++i)
            to[i] = from[i] | opaque;
        m_size = QSize(width, height);
        signal = !m_signalled;
        m_signalled = true;
    }
    ++m_frames;
    if (signal)
        emit frameReady();
}

void VncClient::onFinishedUpdate(rfbClient *client)
{
    // Set by run() before the handshake, so the library is loaded.
    auto *self = static_cast<VncClient *>(vncLibrary(nullptr)->getClientData(client, &clientTag));
    self->publishFrame(client->frameBuffer, client->width, client->height);
}

// What rfbInitClient does and a client on its own socket must do too: the region every
// incremental update request (libvncclient sends one after each update) asks for. Left at
// rfbGetClient's "unset" (x -1, 0 by 0), every request asked for nothing, and the stream only
// carried what the server sent unasked: about one frame in two seconds.
static void setWholeScreenUpdates(rfbClient *client)
{
    client->updateRect.x = 0;
    client->updateRect.y = 0;
    client->updateRect.w = client->width;
    client->updateRect.h = client->height;
}

void VncClient::run()
{
    const VncLibrary &lib = *m_library;
    rfbClient *client = lib.getClient(8, 3, 4);
    // A duplicate for libvncclient to close: m_socket stays open until stop() has joined, so
    // shutting it down there can never hit a number reused meanwhile.
    client->sock = ::fcntl(m_socket, F_DUPFD_CLOEXEC, 0);
    lib.setClientData(client, &clientTag, this);
    // Over a local stream raw pixels cost the least CPU on both sides; copyrect moves what
    // scrolled instead of resending it.
    client->appData.encodingsString = "copyrect raw";
    client->canHandleNewFBSize = TRUE;
    client->FinishedFrameBufferUpdate = onFinishedUpdate;
    QString error;
    if (!lib.initialiseConnection(client)) {
        error = QStringLiteral("the VNC server did not complete the RFB handshake");
    } else {
        client->width = client->si.framebufferWidth;
        client->height = client->si.framebufferHeight;
        if (client->width <= 0 || client->height <= 0 || client->width > 16384 || client->height > 16384)
            error = QStringLiteral("the VNC server announced a screen of %1x%2").arg(client->width).arg(client->height);
        else if (!client->MallocFrameBuffer(client) || !lib.setFormatAndEncodings(client))
            error = QStringLiteral("the RFB connection could not be set up");
        else if (setWholeScreenUpdates(client);
                 !lib.sendUpdateRequest(client, 0, 0, client->width, client->height, FALSE))
            error = QStringLiteral("the RFB connection could not be set up");
    }
    if (error.isEmpty()) {
        {
            std::lock_guard lock(m_mutex);
            m_size = QSize(client->width, client->height);
        }
        emit connected(QSize(client->width, client->height));
    }
    while (error.isEmpty() && !m_stop) {
        // libvncclient may hold the start of the next message already: poll only when not.
        if (client->buffered == 0) {
            pollfd fds[2] = {{client->sock, POLLIN, 0}, {m_wake[0], POLLIN, 0}};
            if (::poll(fds, 2, -1) < 0 && errno != EINTR) {
                error = QStringLiteral("poll failed: %1").arg(QString::fromLocal8Bit(strerror(errno)));
                break;
            }
            if (fds[1].revents) {
                char drain[64];
                while (::read(m_wake[0], drain, sizeof drain) > 0) {
                }
            }
            if (m_stop)
                break;
            std::vector<Event> events;
            {
                std::lock_guard lock(m_mutex);
                events.swap(m_events);
            }
            for (const Event &e : events) {
                const bool sent = e.key ? lib.sendKeyEvent(client, e.keysym, e.down ? TRUE : FALSE)
                                        : lib.sendPointerEvent(client, e.x, e.y, e.mask);
                if (!sent)
                    error = QStringLiteral("the VNC server stopped taking input");
            }
            if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
        }
        if (error.isEmpty() && !lib.handleServerMessage(client))
            error = QStringLiteral("the VNC server closed the connection");
    }
    free(client->frameBuffer);
    client->frameBuffer = nullptr;
    lib.clientCleanup(client); // closes its duplicate of the socket
    if (!error.isEmpty() && !m_stop)
        emit failed(error);
}

} // namespace Sandbench
