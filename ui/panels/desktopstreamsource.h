#pragma once

#include <QElapsedTimer>
#include <QImage>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace Sandbench {

class DesktopStream;
class Sandbox;

// The desktop panel's side of a sandbox's RFB stream (Desktop::openStream): opens it, turns its
// newest frame into a QImage (the frame's own bytes, no copy), at most once a screen refresh
// however many updates arrive, and counts frames per second. When a stream closes after it was
// open it tries once more; when a stream cannot open (an image without x11vnc, a server that
// fails) it gives up with `unavailable`, and the panel polls screenshots instead.
class DesktopStreamSource : public QObject
{
    Q_OBJECT
public:
    // Opens a stream on the sandbox, owned by parent (Desktop::openStream unless replaced).
    using Opener = std::function<DesktopStream *(Sandbox *sandbox, QObject *parent)>;

    explicit DesktopStreamSource(QObject *parent = nullptr);
    ~DesktopStreamSource() override;

    // For tests: what opens the streams (a stream whose server fails, say).
    void setOpener(Opener opener) { m_opener = std::move(opener); }

    // Opens a stream on the sandbox (closing any other); a retry is allowed again.
    void start(Sandbox *sandbox);
    // Closes the stream, if any; nothing is emitted.
    void stop();
    // A stream exists, opening or open.
    bool isActive() const { return m_stream != nullptr; }
    bool isOpen() const;
    // The newest frame, read from the stream now (null before the first).
    QImage image();
    // Frames the stream delivered in the last whole second.
    double framesPerSecond() const { return m_fps; }
    // How many streams were opened since start() (the first and its retry).
    int attempts() const { return m_attempts; }

    void sendPointer(QPoint screenPos, int buttonMask);
    void sendKey(quint32 keysym, bool down);

    // The most frames shown a second when the screen's rate is unknown.
    static constexpr int defaultRefreshRate = 60;

signals:
    void opened(QSize size);
    // The newest frame, at most once a screen refresh.
    void imageReady(const QImage &image);
    // The stream closed and a new one is being opened.
    void reconnecting(const QString &reason);
    // No stream can be had (it failed to open, or closed twice): reason says why.
    void unavailable(const QString &reason);
    // Once a second while open.
    void rateMeasured(double framesPerSecond);

private:
    void open();
    void onClosed(const QString &reason);
    void present();
    void measure();

    Opener m_opener;
    QPointer<Sandbox> m_sandbox;
    DesktopStream *m_stream = nullptr;
    bool m_wasOpen = false; // the current stream completed its handshake
    int m_attempts = 0;
    bool m_dirty = false; // an update arrived since the last image
    QTimer m_present;     // one image a screen refresh
    QTimer m_meter;
    QElapsedTimer m_meterClock;
    QElapsedTimer m_openClock;
    quint64 m_generation = 0; // which open() the current stream came from
    quint64 m_meterFrames = 0;
    double m_fps = 0;
    QImage m_image;
    quint64 m_imageFrame = ~quint64(0); // the stream's frame count m_image was made at
};

} // namespace Sandbench
