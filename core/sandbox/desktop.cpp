#include "desktop.h"

#include "desktop/desktopstream.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"

#include <QRegularExpression>

namespace Sandbench {

namespace {

// Exit status of the guard below when the display never appeared.
constexpr int noDisplayStatus = 125;

// Every desktop command runs behind this guard: it waits (at most ~5 s) for the display's
// socket, so a call made while the display is still starting waits instead of failing, and a
// display that died fails with a clear reason instead of xdotool's.
QStringList guarded(const QStringList &argv)
{
    static const QString guard = QStringLiteral(
        "s=/tmp/.X11-unix/X%1; i=0\n"
        "while [ ! -S $s ]; do [ $i -ge 100 ] && exit %2; sleep 0.05; i=$((i+1)); done\n"
        "exec \"$@\"\n").arg(Desktop::displayNumber).arg(noDisplayStatus);
    return QStringList{QStringLiteral("sh"), QStringLiteral("-c"), guard, QStringLiteral("sandbench")}
           + argv;
}

Error commandFailure(const QString &what, const SandboxExecResult &r)
{
    if (r.exitCode == noDisplayStatus)
        return {ErrorCode::Internal, QStringLiteral("the sandbox's display is not running")};
    return {ErrorCode::Internal, QStringLiteral("%1 failed (status %2): %3")
                                     .arg(what)
                                     .arg(r.exitCode.value_or(-1))
                                     .arg(QString::fromUtf8(r.stderrData.trimmed().left(300)))};
}

QString xdotoolButton(MouseButton button)
{
    return QString::number(int(button));
}

} // namespace

Desktop::Desktop(Sandbox *sandbox)
    : QObject(sandbox)
    , m_sandbox(sandbox)
{
}

QString Desktop::startScript()
{
    // setsid + env -i: the display belongs to no command (a timed-out command's processes are
    // killed by a tag in their environment) and sees none of the sandbox's variables. Its HOME
    // is its own under /tmp: with the sandbox's (/workspace) the window manager wrote a .cache
    // into the user's files some time after the start, so a listing of /workspace depended on
    // when it was taken and a replay diverged from its recording.
    //
    // A screen is recorded and replayed by its pixels, so it must show nothing of the moment or
    // the host: IceWM's taskbar clock, load, memory and network meters are switched off (they
    // changed every second, and the network meter shows an interface an offline replay lacks).
    // And create finishes only once the window manager runs and the screen is still (the same
    // pixels four grabs in a row, and more than one colour: IceWM announces itself before it
    // draws, and on a loaded host the bare background stayed the same for four grabs): a
    // screenshot taken right after create used to catch the taskbar half drawn on a busy host,
    // a recording no replay could match. Bounded: a screen that never settles (a theme that
    // animates) costs twenty seconds, not the sandbox.
    return QStringLiteral(
        "d=$1; g=$2; s=/tmp/.X11-unix/X$d; l=/tmp/.sandbench; h=$l/home; mkdir -p $l $h/.icewm\n"
        "printf '%s\\n' TaskBarShowClock=0 TaskBarShowCPUStatus=0 TaskBarShowMEMStatus=0"
        " TaskBarShowNetStatus=0 TaskBarShowAPMStatus=0 TaskBarShowMailboxStatus=0"
        " >$h/.icewm/preferences\n"
        "if [ ! -S $s ]; then\n"
        "  env -i HOME=\"$h\" PATH=\"$PATH\" setsid Xvfb :$d -screen 0 ${g}x24 -nolisten tcp"
        " >$l/xvfb.log 2>&1 </dev/null &\n"
        "fi\n"
        "i=0\n"
        "while [ ! -S $s ]; do\n"
        "  [ $i -ge 200 ] && { echo 'Xvfb did not start:' >&2; tail -n 5 $l/xvfb.log >&2; exit 1; }\n"
        "  sleep 0.05; i=$((i+1))\n"
        "done\n"
        "wm=\n"
        "for w in icewm jwm twm; do\n"
        "  if command -v $w >/dev/null; then\n"
        "    env -i HOME=\"$h\" PATH=\"$PATH\" DISPLAY=:$d setsid $w >$l/wm.log 2>&1 </dev/null &\n"
        "    wm=$w; break\n"
        "  fi\n"
        "done\n"
        "[ -n \"$wm\" ] && command -v import >/dev/null || exit 0\n"
        "export DISPLAY=:$d; end=$(($(date +%s) + 20)); n=0; p=\n"
        "while [ $n -lt 3 ] && [ $(date +%s) -lt $end ]; do\n"
        "  sleep 0.1\n"
        "  xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' || [ $wm = twm ] || continue\n"
        "  c=$(import -window root -format '%k %#' info: 2>/dev/null)\n"
        "  [ \"${c%% *}\" -gt 1 ] 2>/dev/null || [ $wm = twm ] || { n=0; p=; continue; }\n"
        "  if [ \"$c\" = \"$p\" ]; then n=$((n+1)); else n=0; p=$c; fi\n"
        "done\n"
        "exit 0\n");
}

template<typename T, typename Map>
Operation<T> *Desktop::run(const QStringList &argv, qint64 maxOutputBytes, Map map)
{
    ExecOptions options;
    options.cwd = QStringLiteral("/");
    options.env.insert(QStringLiteral("DISPLAY"), display());
    options.env.insert(QStringLiteral("HOME"), QStringLiteral("/tmp/.sandbench/home")); // as the display's, not in /workspace
    ExecJob *job = m_sandbox->execCapped(guarded(argv), options, nullptr, maxOutputBytes);
    return chain(new Operation<T>(this), job, [map](const SandboxExecResult &r) -> Result<T> {
        if (r.timedOut)
            return fail(ErrorCode::TimedOut, QStringLiteral("the desktop did not answer in time"));
        return map(r);
    });
}

template<typename T>
Operation<T> *Desktop::refuse(const QString &message)
{
    auto *op = new Operation<T>(this);
    op->fail(ErrorCode::InvalidInput, message);
    return op;
}

VoidOperation *Desktop::input(const QStringList &argv)
{
    return run<void>(argv, 4096, [](const SandboxExecResult &r) -> Result<void> {
        if (r.exitCode != 0)
            return std::unexpected(commandFailure(QStringLiteral("xdotool"), r));
        return {};
    });
}

Operation<QByteArray> *Desktop::screenshot()
{
    const qint64 cap = m_sandbox->limits().maxFileBytes;
    // import's default compression: a faster zlib level (-quality 10) was measured no faster
    // here (the time goes to grabbing the screen) and gave twice the bytes (bench/desktop).
    return run<QByteArray>({QStringLiteral("import"), QStringLiteral("-window"), QStringLiteral("root"),
                            QStringLiteral("png:-")},
                           cap + 1, [cap](const SandboxExecResult &r) -> Result<QByteArray> {
        if (r.exitCode != 0)
            return std::unexpected(commandFailure(QStringLiteral("import"), r));
        if (r.truncated || r.stdoutData.size() > cap)
            return fail(ErrorCode::LimitExceeded,
                        QStringLiteral("the screenshot is larger than maxFileBytes (%1)").arg(cap));
        if (!r.stdoutData.startsWith("\x89PNG\r\n\x1a\n"))
            return fail(ErrorCode::Internal, QStringLiteral("import did not write a PNG"));
        return r.stdoutData;
    });
}

VoidOperation *Desktop::click(int x, int y, MouseButton button, int count)
{
    if (x < 0 || y < 0)
        return refuse<void>(QStringLiteral("(%1, %2) is off the screen").arg(x).arg(y));
    if (count < 1 || count > 3)
        return refuse<void>(QStringLiteral("a click is 1 to 3 presses, not %1").arg(count));
    return input({QStringLiteral("xdotool"), QStringLiteral("mousemove"), QString::number(x),
                  QString::number(y), QStringLiteral("click"), QStringLiteral("--repeat"),
                  QString::number(count), xdotoolButton(button)});
}

VoidOperation *Desktop::move(int x, int y)
{
    if (x < 0 || y < 0)
        return refuse<void>(QStringLiteral("(%1, %2) is off the screen").arg(x).arg(y));
    return input({QStringLiteral("xdotool"), QStringLiteral("mousemove"), QString::number(x),
                  QString::number(y)});
}

VoidOperation *Desktop::scroll(int x, int y, int dx, int dy)
{
    if (x < 0 || y < 0)
        return refuse<void>(QStringLiteral("(%1, %2) is off the screen").arg(x).arg(y));
    if (std::abs(dx) > 100 || std::abs(dy) > 100)
        return refuse<void>(QStringLiteral("at most 100 notches at once"));
    // X has no scroll events: buttons 4/5 are up/down and 6/7 left/right.
    QStringList argv{QStringLiteral("xdotool"), QStringLiteral("mousemove"), QString::number(x),
                     QString::number(y)};
    if (dy != 0)
        argv << QStringLiteral("click") << QStringLiteral("--repeat") << QString::number(std::abs(dy))
             << (dy > 0 ? QStringLiteral("5") : QStringLiteral("4"));
    if (dx != 0)
        argv << QStringLiteral("click") << QStringLiteral("--repeat") << QString::number(std::abs(dx))
             << (dx > 0 ? QStringLiteral("7") : QStringLiteral("6"));
    return input(argv);
}

VoidOperation *Desktop::type(const QString &text)
{
    if (text.isEmpty())
        return refuse<void>(QStringLiteral("nothing to type"));
    if (text.size() > maxTypeLength)
        return refuse<void>(QStringLiteral("at most %1 characters at once").arg(maxTypeLength));
    // An argument, not a shell string: the text reaches xdotool byte for byte.
    return input({QStringLiteral("xdotool"), QStringLiteral("type"), QStringLiteral("--delay"),
                  QStringLiteral("8"), QStringLiteral("--"), text});
}

VoidOperation *Desktop::key(const QString &combo)
{
    static const QRegularExpression valid(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_+]+( [A-Za-z0-9_+]+)*")));
    if (!valid.match(combo).hasMatch())
        return refuse<void>(QStringLiteral("'%1' is not a key combination such as ctrl+s").arg(combo));
    QStringList argv{QStringLiteral("xdotool"), QStringLiteral("key"), QStringLiteral("--")};
    argv += combo.split(QLatin1Char(' '));
    return input(argv);
}

Operation<QSize> *Desktop::size()
{
    return run<QSize>({QStringLiteral("xdotool"), QStringLiteral("getdisplaygeometry")}, 4096,
                      [](const SandboxExecResult &r) -> Result<QSize> {
        if (r.exitCode != 0)
            return std::unexpected(commandFailure(QStringLiteral("xdotool"), r));
        const QList<QByteArray> parts = r.stdoutData.simplified().split(' ');
        const int w = parts.value(0).toInt();
        const int h = parts.value(1).toInt();
        if (parts.size() != 2 || w <= 0 || h <= 0)
            return fail(ErrorCode::Internal, QStringLiteral("unexpected display geometry"));
        return QSize(w, h);
    });
}

QStringList Desktop::vncServerCommand()
{
    // -inetd: RFB on the descriptor x11vnc was started with, so nothing listens anywhere; -nopw
    // is safe for the same reason (the exec is the only way in). x11vnc reads and writes that
    // one descriptor, which an exec's pipes are not: socat hands it one end of a socketpair and
    // copies between the other end and the exec's stdin and stdout (the display comes from
    // DISPLAY, since socat's address syntax reserves ':'). -q keeps stderr short, -norc reads
    // no rc file from the sandbox, -noxrecord/-nosel keep away from other clients' input and
    // the clipboard; -defer/-wait 5: look for changes every 5 ms instead of 20-30. -nonap: by
    // default x11vnc "naps" (polls the screen every few seconds) while no input comes from its
    // client, so a screen that changes on its own (a log scrolling, an agent typing through
    // xdotool) streamed about one frame in two seconds.
    // x11vnc does not reliably end when its client goes (seen: a client gone mid-handshake left
    // it running for good), so it lives no longer than socat: setpriv gives it SIGKILL as its
    // parent-death signal. socat ends half a second after the exec's input ends, which the
    // engine ends when the connection closes, even when Sandbench itself was killed and no kill
    // by tag ever runs.
    return {QStringLiteral("socat"), QStringLiteral("STDIO"),
            QStringLiteral("EXEC:setpriv --pdeathsig KILL x11vnc -inetd -nopw -q -norc -noxrecord -nosel -defer 5 -wait 5 -nonap")};
}

DesktopStream *Desktop::openStream(QObject *parent)
{
    ExecOptions options;
    options.cwd = QStringLiteral("/");
    options.env.insert(QStringLiteral("DISPLAY"), display());
    options.env.insert(QStringLiteral("HOME"), QStringLiteral("/tmp/.sandbench/home"));
    options.interactive = true;
    options.timeoutMs = m_sandbox->m_pool->options().maxExecTimeoutMs;
    ExecJob *job = m_sandbox->execCapped(guarded(vncServerCommand()), options, nullptr, 0);
    return new DesktopStream(job, parent);
}

} // namespace Sandbench
