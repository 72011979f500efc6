#include "desktoptestsupport.h"

#include <QDebug>

namespace Sandbench::Test {

QString desktopProblem()
{
    const QString problem = dockerProblem();
    if (!problem.isEmpty())
        return problem;
    auto image = dockerCall(dockerSocket(), "GET", "/images/sandbench%2Fdesktop:2/json", 5000);
    if (!image || image->status != 200)
        return QStringLiteral("image sandbench/desktop:2 is missing: build it with scripts/images desktop");
    return {};
}

Result<SandboxExecResult> shell(Sandbox *sandbox, const QString &script, qint64 timeoutMs)
{
    ExecOptions o;
    o.timeoutMs = timeoutMs;
    o.env.insert(QStringLiteral("DISPLAY"), Desktop::display());
    return waitFor(sandbox->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o),
                   int(timeoutMs) + 30'000);
}

Sandbox *makeSandbox(SandboxPool *pool, const QString &image, qint64 lifetimeMs, NetworkKind network,
                     QList<int> ports)
{
    SandboxOptions so;
    so.image = image;
    so.lifetimeMs = lifetimeMs;
    so.network.kind = network;
    so.ports = std::move(ports);
    auto r = waitFor(pool->create(so), 90'000);
    if (!r)
        qWarning("create: %s", qPrintable(why(r.error())));
    return r ? *r : nullptr;
}

QString startXterm(Sandbox *sandbox, const QString &title, const QString &command, int x, int y)
{
    // setsid: the window outlives the exec that started it. Title and command are the tests'
    // own words, free of single quotes.
    auto r = shell(sandbox, QStringLiteral(
        "T='%1'; C='%2'\n"
        "setsid xterm -title \"$T\" -geometry 60x8+%3+%4 -e sh -c \"$C\" >/dev/null 2>&1 </dev/null &\n"
        "i=0\n"
        "while w=$(xdotool search --onlyvisible --name \"^$T\\$\" 2>/dev/null | head -n 1); [ -z \"$w\" ]; do\n"
        "  i=$((i+1)); [ $i -gt 100 ] && exit 1; sleep 0.1\n"
        "done\n"
        "sleep 0.3\n"
        "eval $(xdotool getwindowgeometry --shell $w)\n"
        "echo $X $Y $WIDTH $HEIGHT\n").arg(title, command).arg(x).arg(y));
    if (!r || r->exitCode != 0) {
        qWarning() << "xterm did not start:" << (r ? r->stderrData : why(r.error()).toUtf8());
        return {};
    }
    return QString::fromUtf8(r->stdoutData.trimmed());
}

} // namespace Sandbench::Test
