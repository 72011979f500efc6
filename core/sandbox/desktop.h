#pragma once

#include "sandbox/sandboxoperation.h"

#include <QByteArray>
#include <QObject>
#include <QSize>
#include <QString>

namespace Sandbench {

class DesktopStream;
class Sandbox;

enum class MouseButton { Left = 1, Middle = 2, Right = 3 };

// The desktop of a sandbox whose image has one (Sandbox::features().desktop): an X display the
// provider starts with the sandbox. Every call is an operation like the rest of the Sandbox API
// (returns at once, finishes from the event loop, fails with Gone once the sandbox is), carried
// out by a command inside the sandbox: xdotool for input, ImageMagick's import for screenshots.
// Obtained from Sandbox::desktop(), owned by the sandbox.
//
//   Operation<QByteArray> *shot = sandbox->desktop()->screenshot();
//   shot->then(this, [](const Result<QByteArray> &png) { ... QImage::fromData(*png) ... });
class Desktop : public QObject
{
    Q_OBJECT
public:
    // The display the provider starts: ":99", its socket /tmp/.X11-unix/X99.
    static constexpr int displayNumber = 99;
    static QString display() { return QStringLiteral(":%1").arg(displayNumber); }
    // The most text one type() call sends (xdotool types about 80 characters a second).
    static constexpr int maxTypeLength = 4096;

    // The screen as PNG bytes, held to the pool's maxFileBytes.
    Operation<QByteArray> *screenshot();
    // Moves the pointer to (x, y) and clicks there; count > 1 for double and triple clicks.
    VoidOperation *click(int x, int y, MouseButton button = MouseButton::Left, int count = 1);
    VoidOperation *move(int x, int y);
    // Moves to (x, y), then scrolls dy notches down (negative: up) and dx right (negative: left).
    VoidOperation *scroll(int x, int y, int dx, int dy);
    // Types text into the focused window as key events; newlines press Return.
    VoidOperation *type(const QString &text);
    // Presses a key combination in xdotool's names, such as "ctrl+s", "Return", "alt+F4";
    // several separated by spaces are pressed one after another.
    VoidOperation *key(const QString &combo);
    // The screen's size in pixels.
    Operation<QSize> *size();
    // The screen as a live RFB stream (x11vnc over an exec, see DesktopStream), owned by
    // parent; it lasts at most the pool's maxExecTimeoutMs, then closes and may be opened again.
    DesktopStream *openStream(QObject *parent);
    // The x11vnc command openStream runs: RFB on its standard input and output, no port.
    static QStringList vncServerCommand();

    // The shell a provider runs (as `sh -c SCRIPT sandbench DISPLAY WxH`) right after it starts
    // a desktop sandbox: starts Xvfb and a window manager detached from the command, with a
    // clean environment (so killing that command's processes leaves them alone), and returns
    // once the display's socket is there.
    static QString startScript();

private:
    friend class Sandbox;
    explicit Desktop(Sandbox *sandbox);

    // Runs argv against the display; map turns a finished command into the result.
    template<typename T, typename Map>
    Operation<T> *run(const QStringList &argv, qint64 maxOutputBytes, Map map);
    VoidOperation *input(const QStringList &argv);
    template<typename T>
    Operation<T> *refuse(const QString &message);

    Sandbox *m_sandbox;
};

} // namespace Sandbench
