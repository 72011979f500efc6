#include "mcp/sandboxtoolcall.h"

#include "common/terminaltext.h"
#include "sandbox/desktop.h"
#include "sandbox/sandbox.h"

#include <QCryptographicHash>
#include <QStringDecoder>

namespace Sandbench {

namespace {

ToolOperation *finished(ToolResult result, QObject *parent)
{
    auto *op = new ToolOperation(parent);
    op->finish(std::move(result));
    return op;
}

ToolResult sandboxFailure(const QString &what, const Error &error)
{
    return ToolResult::failure(QStringLiteral("%1: %2 (%3)").arg(what, error.message, errorCodeName(error.code)));
}

// Maps a sandbox operation's result into a tool result; a sandbox error becomes an isError
// result for the model, a cancel stays a cancel.
template<typename T, typename Map>
ToolOperation *map(Operation<T> *inner, const QString &what, QObject *parent, Map fn)
{
    auto *outer = new ToolOperation(parent);
    return chain(outer, inner, [what, fn = std::move(fn)](const Result<T> &r) mutable -> Result<ToolResult> {
        if (!r) {
            if (r.error().code == ErrorCode::Cancelled)
                return std::unexpected(r.error());
            return sandboxFailure(what, r.error());
        }
        if constexpr (std::is_void_v<T>)
            return fn();
        else
            return fn(*r);
    });
}

QString fileTypeName(FileType type)
{
    switch (type) {
    case FileType::File: return QStringLiteral("file");
    case FileType::Directory: return QStringLiteral("directory");
    case FileType::Symlink: return QStringLiteral("symlink");
    case FileType::Other: break;
    }
    return QStringLiteral("other");
}

ToolResult okResult()
{
    ToolResult r;
    r.structured = {{QStringLiteral("ok"), true}};
    return r;
}

ToolResult readPart(const QString &path, const QByteArray &data, qint64 offset, qint64 length)
{
    const qint64 size = data.size();
    const qint64 from = qMin(offset, size);
    const qint64 to = qMin(size, from + length);
    QByteArray part = data.mid(from, to - from);
    // A part cut inside a UTF-8 sequence is not text; it is still given, as base64.
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(part);
    const bool isText = !decoder.hasError() && !part.contains('\0');
    ToolResult r;
    r.structured = {{QStringLiteral("path"), path},
                    {QStringLiteral("encoding"), isText ? QStringLiteral("utf8") : QStringLiteral("base64")},
                    {QStringLiteral("content"), isText ? text : QString::fromLatin1(part.toBase64())},
                    {QStringLiteral("offset"), from},
                    {QStringLiteral("length"), to - from},
                    {QStringLiteral("size"), size},
                    {QStringLiteral("eof"), to == size}};
    return r;
}

} // namespace

Result<QString> toolPath(const QString &workdir, const QString &path)
{
    auto refuse = [&](const QString &why) {
        return std::unexpected(Error{ErrorCode::InvalidInput, QStringLiteral("path \"%1\": %2").arg(terminalSafe(path.left(200)), why)});
    };
    if (path.isEmpty())
        return refuse(QStringLiteral("it is empty"));
    for (QChar c : path) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return refuse(QStringLiteral("it holds a control character"));
    }
    const bool absolute = path.startsWith(QLatin1Char('/'));
    QStringList parts;
    for (const QString &part : path.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (part == QLatin1String(".."))
            return refuse(QStringLiteral("\"..\" is not allowed: give a path inside the workdir %1").arg(workdir));
        if (part != QLatin1String("."))
            parts << part;
    }
    const QString root = workdir.endsWith(QLatin1Char('/')) ? workdir.chopped(1) : workdir;
    const QString clean = QLatin1Char('/') + parts.join(QLatin1Char('/'));
    if (!absolute)
        return parts.isEmpty() ? root : root + clean;
    if (clean == root || clean.startsWith(root + QLatin1Char('/')))
        return clean;
    return refuse(QStringLiteral("it is outside the sandbox's workdir %1").arg(root));
}

ToolOperation *callSandboxTool(Sandbox *sandbox, SandboxVerb verb, const QJsonObject &args, const ToolLimits &limits,
                               QObject *parent)
{
    const QString tool = verbName(verb);
    auto pathArg = [&](const char *key) { return toolPath(sandbox->workdir(), args.value(QLatin1String(key)).toString()); };
    switch (verb) {
    case SandboxVerb::Read: {
        auto path = pathArg("path");
        if (!path)
            return finished(ToolResult::failure(path.error().message), parent);
        const qint64 offset = args.value(QLatin1String("offset")).toInteger(0);
        const qint64 length = args.value(QLatin1String("length")).toInteger(limits.maxReadBytes);
        return map(sandbox->readFile(*path), QStringLiteral("read %1").arg(*path), parent,
                   [path = *path, offset, length](const std::optional<QByteArray> &data) -> Result<ToolResult> {
                       if (!data)
                           return ToolResult::failure(QStringLiteral("read %1: no such file").arg(path));
                       return readPart(path, *data, offset, length);
                   });
    }
    case SandboxVerb::List: {
        auto path = pathArg("path");
        if (!path)
            return finished(ToolResult::failure(path.error().message), parent);
        return map(sandbox->listFiles(*path), QStringLiteral("list %1").arg(*path), parent,
                   [path = *path](const std::optional<QList<FileEntry>> &entries) -> Result<ToolResult> {
                       if (!entries)
                           return ToolResult::failure(QStringLiteral("list %1: no such folder").arg(path));
                       QList<FileEntry> sorted = *entries;
                       std::sort(sorted.begin(), sorted.end(), [](const FileEntry &a, const FileEntry &b) { return a.name < b.name; });
                       QJsonArray list;
                       for (const FileEntry &e : sorted)
                           list.append(QJsonObject{{QStringLiteral("name"), e.name},
                                                   {QStringLiteral("type"), fileTypeName(e.type)},
                                                   {QStringLiteral("size"), e.size}});
                       ToolResult r;
                       r.structured = {{QStringLiteral("path"), path}, {QStringLiteral("entries"), list}};
                       return r;
                   });
    }
    case SandboxVerb::Exec: {
        ExecOptions options;
        if (args.contains(QLatin1String("cwd"))) {
            auto cwd = pathArg("cwd");
            if (!cwd)
                return finished(ToolResult::failure(cwd.error().message), parent);
            options.cwd = *cwd;
        }
        options.timeoutMs = qMin(args.value(QLatin1String("timeoutMs")).toInteger(limits.execTimeoutMs),
                                 sandbox->limits().maxExecTimeoutMs);
        if (args.contains(QLatin1String("stdin")))
            options.stdinData = args.value(QLatin1String("stdin")).toString().toUtf8();
        const QString command = args.value(QLatin1String("command")).toString();
        return map<SandboxExecResult>(sandbox->exec({QStringLiteral("sh"), QStringLiteral("-c"), command}, options),
                                      QStringLiteral("exec"), parent,
                                      [max = limits.maxOutputBytes](const SandboxExecResult &e) -> Result<ToolResult> {
                                          bool cutOut = false, cutErr = false;
                                          ToolResult r;
                                          r.structured = {{QStringLiteral("exitCode"), e.exitCode ? QJsonValue(*e.exitCode) : QJsonValue()},
                                                          {QStringLiteral("stdout"), textForModel(e.stdoutData, max, &cutOut)},
                                                          {QStringLiteral("stderr"), textForModel(e.stderrData, max, &cutErr)},
                                                          {QStringLiteral("timedOut"), e.timedOut},
                                                          {QStringLiteral("truncated"), e.truncated || cutOut || cutErr},
                                                          {QStringLiteral("durationMs"), e.durationMs}};
                                          return r;
                                      });
    }
    case SandboxVerb::Write: {
        auto path = pathArg("path");
        if (!path)
            return finished(ToolResult::failure(path.error().message), parent);
        const QString content = args.value(QLatin1String("content")).toString();
        QByteArray data;
        if (args.value(QLatin1String("encoding")).toString() == QLatin1String("base64")) {
            auto decoded = QByteArray::fromBase64Encoding(content.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded)
                return finished(ToolResult::failure(QStringLiteral("write %1: \"content\" is not base64").arg(*path)), parent);
            data = *decoded;
        } else {
            data = content.toUtf8();
        }
        if (data.size() > limits.maxWriteBytes)
            return finished(ToolResult::failure(QStringLiteral("write %1: %2 bytes is over the cap of %3 bytes")
                                                        .arg(*path).arg(data.size()).arg(limits.maxWriteBytes)),
                            parent);
        return map(sandbox->writeFile(*path, data), QStringLiteral("write %1").arg(*path), parent,
                   [path = *path, bytes = data.size()]() -> Result<ToolResult> {
                       ToolResult r;
                       r.structured = {{QStringLiteral("path"), path}, {QStringLiteral("bytes"), bytes}};
                       return r;
                   });
    }
    case SandboxVerb::Remove: {
        auto path = pathArg("path");
        if (!path)
            return finished(ToolResult::failure(path.error().message), parent);
        if (*path == sandbox->workdir() || *path + QLatin1Char('/') == sandbox->workdir())
            return finished(ToolResult::failure(QStringLiteral("remove: the workdir itself cannot be removed")), parent);
        return map(sandbox->removeFile(*path, args.value(QLatin1String("recursive")).toBool()),
                   QStringLiteral("remove %1").arg(*path), parent, [path = *path]() -> Result<ToolResult> {
                       ToolResult r;
                       r.structured = {{QStringLiteral("path"), path}};
                       return r;
                   });
    }
    case SandboxVerb::Url: {
        const int port = int(args.value(QLatin1String("port")).toInteger());
        auto url = sandbox->url(port);
        if (!url)
            return finished(sandboxFailure(QStringLiteral("url of port %1").arg(port), url.error()), parent);
        ToolResult r;
        r.structured = {{QStringLiteral("port"), port}, {QStringLiteral("url"), url->toString()}};
        return finished(std::move(r), parent);
    }
    default:
        break;
    }

    Desktop *desktop = sandbox->desktop();
    if (!desktop)
        return finished(ToolResult::failure(QStringLiteral("%1: the sandbox's image (%2) has no desktop").arg(tool, sandbox->image())), parent);
    switch (verb) {
    case SandboxVerb::Screenshot:
        return map(desktop->screenshot(), QStringLiteral("screenshot"), parent, [](const QByteArray &png) -> Result<ToolResult> {
            ToolResult r;
            r.structured = {{QStringLiteral("mimeType"), QStringLiteral("image/png")},
                            {QStringLiteral("bytes"), png.size()},
                            {QStringLiteral("sha256"), QString::fromLatin1(QCryptographicHash::hash(png, QCryptographicHash::Sha256).toHex())}};
            // Width and height from the IHDR chunk, which a PNG always has first.
            if (png.size() >= 24 && png.startsWith("\x89PNG\r\n\x1a\n")) {
                auto be32 = [&](int at) { return (uchar(png[at]) << 24) | (uchar(png[at + 1]) << 16) | (uchar(png[at + 2]) << 8) | uchar(png[at + 3]); };
                r.structured.insert(QStringLiteral("width"), be32(16));
                r.structured.insert(QStringLiteral("height"), be32(20));
            }
            r.images.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("image")},
                                        {QStringLiteral("data"), QString::fromLatin1(png.toBase64())},
                                        {QStringLiteral("mimeType"), QStringLiteral("image/png")}});
            return r;
        });
    case SandboxVerb::Click: {
        const QString button = args.value(QLatin1String("button")).toString(QStringLiteral("left"));
        const MouseButton b = button == QLatin1String("right") ? MouseButton::Right
                : button == QLatin1String("middle")            ? MouseButton::Middle
                                                               : MouseButton::Left;
        return map(desktop->click(int(args.value(QLatin1String("x")).toInteger()), int(args.value(QLatin1String("y")).toInteger()), b),
                   QStringLiteral("click"), parent, [] { return Result<ToolResult>(okResult()); });
    }
    case SandboxVerb::Scroll:
        return map(desktop->scroll(int(args.value(QLatin1String("x")).toInteger()), int(args.value(QLatin1String("y")).toInteger()),
                                   int(args.value(QLatin1String("dx")).toInteger()), int(args.value(QLatin1String("dy")).toInteger())),
                   QStringLiteral("scroll"), parent, [] { return Result<ToolResult>(okResult()); });
    case SandboxVerb::Type:
        return map(desktop->type(args.value(QLatin1String("text")).toString()), QStringLiteral("type"), parent,
                   [] { return Result<ToolResult>(okResult()); });
    case SandboxVerb::Key:
        return map(desktop->key(args.value(QLatin1String("keys")).toString()), QStringLiteral("key"), parent,
                   [] { return Result<ToolResult>(okResult()); });
    default:
        break;
    }
    return finished(ToolResult::failure(QStringLiteral("%1: not a sandbox tool").arg(tool)), parent);
}

} // namespace Sandbench
