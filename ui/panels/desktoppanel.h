#pragma once

#include "common/staleguard.h"
#include "sandbox/sandbox.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QImage>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <functional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QScrollArea;
class QToolButton;

namespace Sandbench {

class DesktopStreamSource;
class DesktopView;
class ElidedLabel;
class Sandbox;

// A sandbox's desktop, live. The screen comes from the desktop's RFB stream (DesktopStreamSource:
// every update, shown at most once a screen refresh), and the pointer (moves, buttons, wheel)
// and keys on the picture go over the same stream as X events in screen coordinates. When no
// stream can be had (an image without x11vnc, a server that fails, or one that closed twice)
// the status says why and the panel polls screenshots at the chosen rate instead (one in flight
// at most, so a slow sandbox lowers the rate instead of piling up requests), sending input as
// commands in the sandbox. The first screen, the screen after an input and every Snapshot go to
// the timeline (thumbnails, newest last), which can be saved as PNG.
class DesktopPanel : public QWidget
{
    Q_OBJECT
public:
    explicit DesktopPanel(Sandbox *sandbox, QWidget *parent = nullptr);

    void setSandbox(Sandbox *sandbox);
    Sandbox *sandbox() const { return m_sandbox; }

    double framesPerSecond() const;
    void setFramesPerSecond(double fps);
    void setLive(bool live);
    DesktopView *view() const { return m_view; }
    // The "1:1" toggle: real size (scrolling) or fitted. Until the user chooses, the first
    // screen decides: real size when fitting it would shrink it below half.
    QToolButton *actualSizeButton() const { return m_actualSize; }
    QListWidget *timeline() const { return m_timeline; }
    // The type box (Return sends its text) and whether Enter follows the text.
    QLineEdit *typeBox() const { return m_text; }
    QCheckBox *sendEnterBox() const { return m_sendEnter; }
    // The newest screen: the stream's current frame while one is open.
    QImage currentImage() const;
    // How many screens were shown since the sandbox was set (stream or screenshots).
    int frameCount() const { return m_frames; }
    // How many screenshots were taken since the sandbox was set (0 while the stream serves).
    int screenshotCount() const { return m_screenshots; }
    // Whether the screen comes from the RFB stream (false: screenshots, or nothing yet).
    bool isStreaming() const;
    DesktopStreamSource *streamSource() const { return m_source; }
    QString status() const;

    // The current screen to the timeline; Save writes the selected timeline entry (else the
    // current screen) to a PNG file.
    void snapshot();
    bool saveImage(const QString &path) const;

    static constexpr int maxTimelineEntries = 200;

signals:
    void frameArrived(const QImage &image);
    // An input the panel sent finished (ok or not).
    void inputSent();

private:
    // Stream or screenshots, as the live box, the sandbox and the stream's fate decide.
    void startFeed();
    void showFrame(const QImage &image);
    void onStreamUnavailable(const QString &reason);
    void sendStreamText(const QString &text);
    void noteStreamInput();
    void requestFrame();
    void scheduleNext();
    void addToTimeline(const QImage &image, const QString &why);
    // Inputs go one at a time, in order (each is a command in the sandbox, and two at once
    // could arrive swapped); text typed while one is under way is merged into one type().
    void queueInput(std::function<VoidOperation *()> make, const QString &what);
    void queueText(const QString &text);
    void sendNextInput();
    void setStatus(const QString &text, bool error = false);

    QPointer<Sandbox> m_sandbox;
    DesktopView *m_view;
    QScrollArea *m_scroll;
    QToolButton *m_actualSize;
    bool m_sizeChosen = false; // the user toggled 1:1
    QDoubleSpinBox *m_fps;
    QCheckBox *m_live;
    QLineEdit *m_text;
    QListWidget *m_timeline;
    QCheckBox *m_sendEnter;
    ElidedLabel *m_status;
    DesktopStreamSource *m_source;
    bool m_polling = false; // no stream for this sandbox: screenshots instead
    QString m_streamProblem; // why, for the status
    QTimer m_afterInput;     // the stream's screen after an input settles, for the timeline
    QTimer m_next;
    QElapsedTimer m_sinceRequest;
    bool m_inFlight = false;
    bool m_timelineNext = false; // the next frame follows an input
    int m_frames = 0;
    int m_screenshots = 0;
    StaleGuard m_stale; // answers about an earlier sandbox are dropped
    struct PendingInput
    {
        std::function<VoidOperation *()> make; // empty: type text
        QString what;
        QString text;
    };
    QList<PendingInput> m_inputs;
    bool m_inputInFlight = false;
};

} // namespace Sandbench
