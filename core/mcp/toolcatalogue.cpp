#include "mcp/toolcatalogue.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <optional>

namespace Sandbench {

namespace {

QJsonObject str(const QString &description, qint64 maxLength)
{
    return {{QStringLiteral("type"), QStringLiteral("string")},
            {QStringLiteral("description"), description},
            {QStringLiteral("maxLength"), maxLength}};
}

QJsonObject integer(const QString &description, qint64 minimum, qint64 maximum)
{
    return {{QStringLiteral("type"), QStringLiteral("integer")},
            {QStringLiteral("description"), description},
            {QStringLiteral("minimum"), minimum},
            {QStringLiteral("maximum"), maximum}};
}

QJsonObject boolean(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("boolean")}, {QStringLiteral("description"), description}};
}

QJsonObject object(const QJsonObject &properties, const QStringList &required = {})
{
    QJsonObject o{{QStringLiteral("type"), QStringLiteral("object")},
                  {QStringLiteral("properties"), properties},
                  {QStringLiteral("additionalProperties"), false}};
    if (!required.isEmpty())
        o.insert(QStringLiteral("required"), QJsonArray::fromStringList(required));
    return o;
}

// Output schemas say what structuredContent always has; extra fields are allowed.
QJsonObject output(const QJsonObject &properties, const QStringList &required)
{
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"), properties},
            {QStringLiteral("required"), QJsonArray::fromStringList(required)}};
}

QJsonObject typed(const char *type)
{
    return {{QStringLiteral("type"), QLatin1String(type)}};
}

constexpr qint64 maxPathLength = 4096;
constexpr qint64 maxCoordinate = 16384;

const QString pathHelp = QStringLiteral("relative to the sandbox's workdir, or absolute inside it; no \"..\"");

} // namespace

QJsonObject ToolSpec::toJson() const
{
    QJsonObject schema = inputSchema;
    // Ours, for the checker: JSON Schema has no "exactly one of these properties" that every
    // client reads the same way, so clients get it in the description instead.
    schema.remove(QStringLiteral("oneOfRequired"));
    return {{QStringLiteral("name"), name},
            {QStringLiteral("title"), title},
            {QStringLiteral("description"), description},
            {QStringLiteral("inputSchema"), schema},
            {QStringLiteral("outputSchema"), outputSchema},
            {QStringLiteral("annotations"), QJsonObject{{QStringLiteral("title"), title},
                                                        {QStringLiteral("readOnlyHint"), readOnly},
                                                        {QStringLiteral("destructiveHint"), destructive},
                                                        {QStringLiteral("idempotentHint"), readOnly},
                                                        {QStringLiteral("openWorldHint"), openWorld}}}};
}

ToolSpec codeRunTool(const ToolLimits &limits)
{
    ToolSpec t;
    t.name = QStringLiteral("code.run");
    t.title = QStringLiteral("Run JavaScript or TypeScript");
    t.description = QStringLiteral(
            "Runs JavaScript or TypeScript (an ES module) with Deno under the server's permission policy; every "
            "file, network, environment and program access is decided by that policy and audited. Give exactly "
            "one of \"code\" (the module's source) and \"entrypoint\" (a file in the server's workdir). Each run "
            "starts fresh; files it writes in the workdir stay for this session's later runs. A run ends after "
            "%2 minutes unless the policy says otherwise. stdout and stderr are cut to %1 KiB each (head and tail kept).")
            .arg(limits.maxOutputBytes / 1024).arg(limits.codeTimeoutMs / 60'000);
    QJsonObject schema = object({{QStringLiteral("code"), str(QStringLiteral("the module's source"), limits.maxCodeBytes)},
                                 {QStringLiteral("entrypoint"), str(QStringLiteral("a file in the workdir, relative to it"), maxPathLength)},
                                 {QStringLiteral("args"), QJsonObject{{QStringLiteral("type"), QStringLiteral("array")},
                                                                      {QStringLiteral("description"), QStringLiteral("Deno.args")},
                                                                      {QStringLiteral("maxItems"), 256},
                                                                      {QStringLiteral("items"), str(QString(), 65536)}}}});
    schema.insert(QStringLiteral("oneOfRequired"), QJsonArray{QStringLiteral("code"), QStringLiteral("entrypoint")});
    t.inputSchema = schema;
    t.outputSchema = output({{QStringLiteral("stdout"), typed("string")},
                             {QStringLiteral("stderr"), typed("string")},
                             {QStringLiteral("exitCode"), QJsonObject{{QStringLiteral("type"), QJsonArray{QStringLiteral("integer"), QStringLiteral("null")}}}},
                             {QStringLiteral("timedOut"), typed("boolean")},
                             {QStringLiteral("truncated"), typed("boolean")},
                             {QStringLiteral("durationMs"), typed("integer")},
                             {QStringLiteral("allowed"), typed("integer")},
                             {QStringLiteral("denied"), typed("integer")}},
                            {QStringLiteral("stdout"), QStringLiteral("stderr"), QStringLiteral("exitCode"),
                             QStringLiteral("timedOut"), QStringLiteral("truncated"), QStringLiteral("durationMs"),
                             QStringLiteral("allowed"), QStringLiteral("denied")});
    t.destructive = true;
    return t;
}

ToolSpec sandboxTool(const QString &set, SandboxVerb verb, const ToolLimits &limits)
{
    ToolSpec t;
    t.name = set + QLatin1Char('.') + verbName(verb);
    const QString in = QStringLiteral(" in the sandbox \"%1\"").arg(set);
    const QJsonObject path = str(QStringLiteral("the path, ") + pathHelp, maxPathLength);
    const QJsonObject xy = integer(QStringLiteral("pixels from the left"), 0, maxCoordinate);
    const QJsonObject yy = integer(QStringLiteral("pixels from the top"), 0, maxCoordinate);
    const QJsonObject ok = output({{QStringLiteral("ok"), typed("boolean")}}, {QStringLiteral("ok")});
    switch (verb) {
    case SandboxVerb::Read:
        t.title = QStringLiteral("Read a file");
        t.description = QStringLiteral("Reads a file%1: UTF-8 text as text, other bytes as base64, in parts of at most %2 KiB "
                                       "(offset and length in bytes; \"eof\" says whether the part ends the file).")
                                .arg(in).arg(limits.maxReadBytes / 1024);
        t.inputSchema = object({{QStringLiteral("path"), path},
                                {QStringLiteral("offset"), integer(QStringLiteral("the first byte"), 0, qint64(1) << 40)},
                                {QStringLiteral("length"), integer(QStringLiteral("bytes at most"), 0, limits.maxReadBytes)}},
                               {QStringLiteral("path")});
        t.outputSchema = output({{QStringLiteral("path"), typed("string")},
                                 {QStringLiteral("encoding"), typed("string")},
                                 {QStringLiteral("content"), typed("string")},
                                 {QStringLiteral("offset"), typed("integer")},
                                 {QStringLiteral("length"), typed("integer")},
                                 {QStringLiteral("size"), typed("integer")},
                                 {QStringLiteral("eof"), typed("boolean")}},
                                {QStringLiteral("path"), QStringLiteral("encoding"), QStringLiteral("content"),
                                 QStringLiteral("offset"), QStringLiteral("length"), QStringLiteral("size"), QStringLiteral("eof")});
        t.readOnly = true;
        break;
    case SandboxVerb::List:
        t.title = QStringLiteral("List a folder");
        t.description = QStringLiteral("Lists a folder%1: each entry's name, type (file, directory, symlink, other) and size.").arg(in);
        t.inputSchema = object({{QStringLiteral("path"), path}}, {QStringLiteral("path")});
        t.outputSchema = output({{QStringLiteral("path"), typed("string")}, {QStringLiteral("entries"), typed("array")}},
                                {QStringLiteral("path"), QStringLiteral("entries")});
        t.readOnly = true;
        break;
    case SandboxVerb::Exec:
        t.title = QStringLiteral("Run a shell command");
        t.description = QStringLiteral("Runs a command with sh -c%1. Times out after %2 minutes unless timeoutMs says less. "
                                       "stdout and stderr are cut to %3 KiB each (head and tail kept).")
                                .arg(in).arg(limits.execTimeoutMs / 60'000).arg(limits.maxOutputBytes / 1024);
        t.inputSchema = object({{QStringLiteral("command"), str(QStringLiteral("the shell command"), 65536)},
                                {QStringLiteral("cwd"), str(QStringLiteral("the folder it runs in, ") + pathHelp, maxPathLength)},
                                {QStringLiteral("timeoutMs"), integer(QStringLiteral("milliseconds"), 1, limits.maxExecTimeoutMs)},
                                {QStringLiteral("stdin"), str(QStringLiteral("text given on standard input"), limits.maxWriteBytes)}},
                               {QStringLiteral("command")});
        t.outputSchema = output({{QStringLiteral("exitCode"), QJsonObject{{QStringLiteral("type"), QJsonArray{QStringLiteral("integer"), QStringLiteral("null")}}}},
                                 {QStringLiteral("stdout"), typed("string")},
                                 {QStringLiteral("stderr"), typed("string")},
                                 {QStringLiteral("timedOut"), typed("boolean")},
                                 {QStringLiteral("truncated"), typed("boolean")},
                                 {QStringLiteral("durationMs"), typed("integer")}},
                                {QStringLiteral("exitCode"), QStringLiteral("stdout"), QStringLiteral("stderr"),
                                 QStringLiteral("timedOut"), QStringLiteral("truncated"), QStringLiteral("durationMs")});
        t.destructive = true;
        break;
    case SandboxVerb::Write:
        t.title = QStringLiteral("Write a file");
        t.description = QStringLiteral("Writes a file%1, creating its folders and replacing what is there (at most %2 MiB).")
                                .arg(in).arg(limits.maxWriteBytes >> 20);
        t.inputSchema = object({{QStringLiteral("path"), path},
                                {QStringLiteral("content"), str(QStringLiteral("the file's content"), limits.maxWriteBytes * 4 / 3 + 4)},
                                {QStringLiteral("encoding"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                                         {QStringLiteral("enum"), QJsonArray{QStringLiteral("utf8"), QStringLiteral("base64")}},
                                                                         {QStringLiteral("description"), QStringLiteral("of content; utf8 by default")}}}},
                               {QStringLiteral("path"), QStringLiteral("content")});
        t.outputSchema = output({{QStringLiteral("path"), typed("string")}, {QStringLiteral("bytes"), typed("integer")}},
                                {QStringLiteral("path"), QStringLiteral("bytes")});
        t.destructive = true;
        break;
    case SandboxVerb::Remove:
        t.title = QStringLiteral("Remove a file or folder");
        t.description = QStringLiteral("Removes a file%1; a folder with content needs recursive. A missing path is not an error.").arg(in);
        t.inputSchema = object({{QStringLiteral("path"), path}, {QStringLiteral("recursive"), boolean(QStringLiteral("remove a folder's content too"))}},
                               {QStringLiteral("path")});
        t.outputSchema = output({{QStringLiteral("path"), typed("string")}}, {QStringLiteral("path")});
        t.destructive = true;
        break;
    case SandboxVerb::Url:
        t.title = QStringLiteral("URL of a port");
        t.description = QStringLiteral("Gives the URL on this machine of a port the sandbox \"%1\" serves (one the server publishes).").arg(set);
        t.inputSchema = object({{QStringLiteral("port"), integer(QStringLiteral("the port inside the sandbox"), 1, 65535)}}, {QStringLiteral("port")});
        t.outputSchema = output({{QStringLiteral("port"), typed("integer")}, {QStringLiteral("url"), typed("string")}},
                                {QStringLiteral("port"), QStringLiteral("url")});
        t.readOnly = true;
        break;
    case SandboxVerb::Screenshot:
        t.title = QStringLiteral("Screenshot of the desktop");
        t.description = QStringLiteral("A PNG of the desktop%1.").arg(in);
        t.inputSchema = object({});
        t.outputSchema = output({{QStringLiteral("mimeType"), typed("string")}, {QStringLiteral("bytes"), typed("integer")},
                                 {QStringLiteral("width"), typed("integer")}, {QStringLiteral("height"), typed("integer")}},
                                {QStringLiteral("mimeType"), QStringLiteral("bytes")});
        t.readOnly = true;
        break;
    case SandboxVerb::Click:
        t.title = QStringLiteral("Click on the desktop");
        t.description = QStringLiteral("Moves the pointer to (x, y) on the desktop%1 and clicks.").arg(in);
        t.inputSchema = object({{QStringLiteral("x"), xy}, {QStringLiteral("y"), yy},
                                {QStringLiteral("button"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                                       {QStringLiteral("enum"), QJsonArray{QStringLiteral("left"), QStringLiteral("middle"), QStringLiteral("right")}}}}},
                               {QStringLiteral("x"), QStringLiteral("y")});
        t.outputSchema = ok;
        t.destructive = true;
        break;
    case SandboxVerb::Scroll:
        t.title = QStringLiteral("Scroll on the desktop");
        t.description = QStringLiteral("Moves the pointer to (x, y) on the desktop%1, then scrolls dy notches down (negative: up) and dx right.").arg(in);
        t.inputSchema = object({{QStringLiteral("x"), xy}, {QStringLiteral("y"), yy},
                                {QStringLiteral("dx"), integer(QStringLiteral("notches right"), -100, 100)},
                                {QStringLiteral("dy"), integer(QStringLiteral("notches down"), -100, 100)}},
                               {QStringLiteral("x"), QStringLiteral("y")});
        t.outputSchema = ok;
        t.destructive = true;
        break;
    case SandboxVerb::Type:
        t.title = QStringLiteral("Type text on the desktop");
        t.description = QStringLiteral("Types text on the desktop%1, as a keyboard would.").arg(in);
        t.inputSchema = object({{QStringLiteral("text"), str(QStringLiteral("the text"), 4096)}}, {QStringLiteral("text")});
        t.outputSchema = ok;
        t.destructive = true;
        break;
    case SandboxVerb::Key:
        t.title = QStringLiteral("Press keys on the desktop");
        t.description = QStringLiteral("Presses a key or a combination on the desktop%1, such as Return or ctrl+a.").arg(in);
        t.inputSchema = object({{QStringLiteral("keys"), str(QStringLiteral("xdotool key names joined by +"), 256)}}, {QStringLiteral("keys")});
        t.outputSchema = ok;
        t.destructive = true;
        break;
    }
    return t;
}

QList<SandboxVerb> enabledVerbs(const SandboxToolSet &set)
{
    QList<SandboxVerb> verbs{SandboxVerb::Read, SandboxVerb::List};
    if (set.exec)
        verbs << SandboxVerb::Exec;
    if (set.write)
        verbs << SandboxVerb::Write << SandboxVerb::Remove;
    if (set.ports)
        verbs << SandboxVerb::Url;
    if (set.desktop)
        verbs << SandboxVerb::Screenshot << SandboxVerb::Click << SandboxVerb::Scroll << SandboxVerb::Type << SandboxVerb::Key;
    return verbs;
}

QString verbName(SandboxVerb verb)
{
    switch (verb) {
    case SandboxVerb::Read: return QStringLiteral("read");
    case SandboxVerb::List: return QStringLiteral("list");
    case SandboxVerb::Exec: return QStringLiteral("exec");
    case SandboxVerb::Write: return QStringLiteral("write");
    case SandboxVerb::Remove: return QStringLiteral("remove");
    case SandboxVerb::Url: return QStringLiteral("url");
    case SandboxVerb::Screenshot: return QStringLiteral("screenshot");
    case SandboxVerb::Click: return QStringLiteral("click");
    case SandboxVerb::Scroll: return QStringLiteral("scroll");
    case SandboxVerb::Type: return QStringLiteral("type");
    case SandboxVerb::Key: return QStringLiteral("key");
    }
    return {};
}

std::optional<SandboxVerb> verbFromName(const QString &name)
{
    for (SandboxVerb v : {SandboxVerb::Read, SandboxVerb::List, SandboxVerb::Exec, SandboxVerb::Write, SandboxVerb::Remove,
                          SandboxVerb::Url, SandboxVerb::Screenshot, SandboxVerb::Click, SandboxVerb::Scroll,
                          SandboxVerb::Type, SandboxVerb::Key}) {
        if (verbName(v) == name)
            return v;
    }
    return std::nullopt;
}

bool isValidToolSetName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[a-z][a-z0-9_-]{0,31}$"));
    return re.match(name).hasMatch() && name != QLatin1String("code");
}

} // namespace Sandbench
