#pragma once

#include <QMargins>
#include <QRect>
#include <QWidget>

namespace Sandbench {

class UserGuideView;

// The user guide's own window: Back, Contents and the guide. It opens whole on the screen of the
// window that asked for it (a fixed 960x720 and a window manager's title bar once put its bottom
// below an 800-pixel screen) and Escape closes it, as a help window should.
class UserGuideWindow : public QWidget
{
    Q_OBJECT
public:
    explicit UserGuideWindow(QWidget *owner);

    UserGuideView *view() const { return m_view; }
    // Shows it (again) centred over `owner`, inside the available area of owner's screen.
    void showOver(QWidget *owner);

    // Where the client area goes: at most 960x760, centred on `ownerFrame`, its frame (title bar
    // and borders, `frame`) inside `available`.
    static QRect placement(const QRect &ownerFrame, const QRect &available, const QMargins &frame);

private:
    UserGuideView *m_view;
};

} // namespace Sandbench
