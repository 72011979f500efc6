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

class DesktopView;
class ElidedLabel;
class Sandbox;

// A sandbox's desktop, live: screenshots at the chosen rate (one in flight at most, so a slow
// sandbox lowers the rate instead of piling up requests), and clicks, wheel turns and keys on
// the picture sent to the sandbox in screen coordinates. The first screen, every screen after
// an input and every Snapshot go to the timeline (thumbnails, newest last), which can be saved
// as PNG.
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
    QImage currentImage() const;
    // How many screenshots have arrived since the sandbox was set.
    int frameCount() const { return m_frames; }
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
    QTimer m_next;
    QElapsedTimer m_sinceRequest;
    bool m_inFlight = false;
    bool m_timelineNext = false; // the next frame follows an input
    int m_frames = 0;
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
