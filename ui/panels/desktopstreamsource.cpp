#include "desktopstreamsource.h"

#include "desktop/desktopstream.h"
#include "sandbox/desktop.h"
#include "sandbox/sandbox.h"

#include <QGuiApplication>
#include <QScreen>

#include <cmath>

namespace Sandbench {

namespace {

// A stream that stayed open this long earns its retry back: streams end at the pool's exec
// time limit, and a long session should not fall back to screenshots for that.
constexpr qint64 retryEarnedAfterMs = 30'000;

// The stream's frame as a QImage over the same bytes: the QByteArray is never written again
// (VncClient makes a new one an update), so the image only keeps it alive.
QImage wrap(const QByteArray &frame, QSize size)
{
    if (size.isEmpty() || frame.size() != qsizetype(size.width()) * size.height() * 4)
        return {};
    auto *kept = new QByteArray(frame);
    return QImage(reinterpret_cast<const uchar *>(kept->constData()), size.width(), size.height(),
                  qsizetype(size.width()) * 4, QImage::Format_RGBX8888,
                  [](void *bytes) { delete static_cast<QByteArray *>(bytes); }, kept);
}

} // namespace

DesktopStreamSource::DesktopStreamSource(QObject *parent)
    : QObject(parent)
    , m_opener([](Sandbox *sandbox, QObject *owner) { return sandbox->desktop()->openStream(owner); })
{
    m_present.setSingleShot(true);
    const QScreen *screen = QGuiApplication::primaryScreen();
    const double hz = screen && screen->refreshRate() >= 10 ? screen->refreshRate() : defaultRefreshRate;
    m_present.setInterval(std::max(1, int(std::floor(1000.0 / hz))));
    connect(&m_present, &QTimer::timeout, this, &DesktopStreamSource::present);
    m_meter.setInterval(1000);
    connect(&m_meter, &QTimer::timeout, this, &DesktopStreamSource::measure);
}

DesktopStreamSource::~DesktopStreamSource()
{
    stop();
}

void DesktopStreamSource::start(Sandbox *sandbox)
{
    stop();
    m_sandbox = sandbox;
    m_attempts = 0;
    m_image = {};
    open();
}

void DesktopStreamSource::stop()
{
    m_present.stop();
    m_meter.stop();
    m_fps = 0;
    m_dirty = false;
    if (DesktopStream *stream = std::exchange(m_stream, nullptr)) {
        disconnect(stream, nullptr, this, nullptr);
        // Deleting cancels the exec, which kills the VNC server (DesktopStream).
        delete stream;
    }
}

bool DesktopStreamSource::isOpen() const
{
    return m_stream && m_stream->isOpen();
}

void DesktopStreamSource::open()
{
    if (!m_sandbox || !m_sandbox->isAlive() || !m_sandbox->desktop())
        return emit unavailable(tr("the sandbox has no desktop to stream"));
    ++m_attempts;
    m_wasOpen = false;
    m_imageFrame = ~quint64(0); // a new stream counts from 0
    m_stream = m_opener(m_sandbox, this);
    if (!m_stream)
        return emit unavailable(tr("the stream could not be started"));
    const quint64 generation = ++m_generation;
    connect(m_stream, &DesktopStream::opened, this, [this](QSize size) {
        m_wasOpen = true;
        m_openClock.start();
        m_meterClock.start();
        m_meterFrames = m_stream->frameCount();
        m_meter.start();
        emit opened(size);
    });
    connect(m_stream, &DesktopStream::frameReady, this, [this] {
        m_dirty = true;
        if (!m_present.isActive())
            m_present.start();
    });
    // Queued: the stream is deleted here, and it emits from inside its own calls. A closing
    // already queued when the stream was let go must not count against its successor.
    connect(m_stream, &DesktopStream::closed, this, [this, generation](const QString &reason) {
        if (generation == m_generation && m_stream)
            onClosed(reason);
    }, Qt::QueuedConnection);
}

void DesktopStreamSource::onClosed(const QString &reason)
{
    const bool wasOpen = m_wasOpen;
    const bool earned = wasOpen && m_openClock.isValid() && m_openClock.elapsed() >= retryEarnedAfterMs;
    stop();
    if (earned)
        m_attempts = 0;
    if (!wasOpen && m_attempts == 1)
        return emit unavailable(reason); // never opened: an image without x11vnc, say
    if (m_attempts >= 2)
        return emit unavailable(reason);
    emit reconnecting(reason);
    open();
}

QImage DesktopStreamSource::image()
{
    if (!m_stream || !m_stream->isOpen())
        return m_image;
    // frame() also re-arms the stream's coalesced frameReady.
    const quint64 count = m_stream->frameCount();
    const QByteArray frame = m_stream->frame();
    if (count != m_imageFrame || m_image.isNull()) {
        if (QImage image = wrap(frame, m_stream->size()); !image.isNull()) {
            m_image = image;
            m_imageFrame = count;
        }
    }
    return m_image;
}

void DesktopStreamSource::present()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    const QImage shown = image();
    if (!shown.isNull())
        emit imageReady(shown);
}

void DesktopStreamSource::measure()
{
    if (!m_stream)
        return;
    const quint64 frames = m_stream->frameCount();
    const qint64 ms = std::max<qint64>(1, m_meterClock.restart());
    m_fps = double(frames - m_meterFrames) * 1000.0 / double(ms);
    m_meterFrames = frames;
    emit rateMeasured(m_fps);
}

void DesktopStreamSource::sendPointer(QPoint screenPos, int buttonMask)
{
    if (isOpen())
        m_stream->sendPointer(screenPos.x(), screenPos.y(), buttonMask);
}

void DesktopStreamSource::sendKey(quint32 keysym, bool down)
{
    if (isOpen() && keysym != 0)
        m_stream->sendKey(keysym, down);
}

} // namespace Sandbench
