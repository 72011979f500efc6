#include "modulegraph.h"

#include "exec/importlexer.h"
#include "exec/mounttable.h"
#include "exec/processgroup.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringDecoder>
#include <QUrl>

#include <algorithm>

namespace Sandbench {

namespace {

// Parsing the graph takes the runtime well under a second; the bound only keeps a stuck
// runtime from holding the run forever.
constexpr int graphTimeoutMs = 30000;
// Larger graphs are rare enough to leave to the runtime.
constexpr qsizetype maxLocalModules = 2000;
constexpr qint64 maxModuleBytes = 4 * 1024 * 1024;

bool within(const QString &path, const QString &root)
{
    return root == QLatin1String("/") || path == root || path.startsWith(root + QLatin1Char('/'));
}

// The characters of a relative or absolute specifier that the runtime's URL parser keeps as
// they are: anything else (a query, a fragment, percent-encoding, a backslash) is left to it.
bool plainPathSpecifier(const QString &specifier)
{
    if (specifier.contains(QLatin1String("//")))
        return false;
    return std::all_of(specifier.cbegin(), specifier.cend(), [](QChar c) {
        return c.unicode() < 0x80 && (c.isLetterOrNumber() || QStringView(u"._~/@+-").contains(c));
    });
}

// The scheme of an absolute URL specifier, lowercased; "" for a path or a bare name.
QString schemeOf(const QString &specifier)
{
    const qsizetype colon = specifier.indexOf(QLatin1Char(':'));
    if (colon < 2) // "" or a single letter: a bare name or a drive, not a scheme the runtime resolves
        return {};
    for (qsizetype i = 0; i < colon; ++i) {
        const QChar c = specifier[i];
        if (!(c.unicode() < 0x80 && (c.isLetter() || (i > 0 && (c.isDigit() || c == u'+' || c == u'-' || c == u'.')))))
            return {};
    }
    return specifier.left(colon).toLower();
}

enum class Resolution { Local, NoFile, Unsure };

// How the runtime resolves `specifier` from `referrer` (both absolute, clean paths): a local
// file (`path`), a module without one (npm:, node: builtins), or not certain.
Resolution resolve(const QString &specifier, const QString &referrer, const LocalGraphScope &scope, QString *path)
{
    if (specifier.startsWith(QLatin1String("./")) || specifier.startsWith(QLatin1String("../"))
        || specifier.startsWith(QLatin1Char('/'))) {
        if (!plainPathSpecifier(specifier))
            return Resolution::Unsure;
        const QString joined = specifier.startsWith(QLatin1Char('/'))
                ? specifier : QFileInfo(referrer).path() + QLatin1Char('/') + specifier;
        *path = QDir::cleanPath(joined);
        if (!path->startsWith(QLatin1Char('/')) || path->startsWith(QLatin1String("/..")))
            return Resolution::Unsure;
        return Resolution::Local;
    }
    QString mapped;
    if (auto it = scope.imports.constFind(specifier); it != scope.imports.cend()) {
        mapped = *it;
    } else {
        for (auto prefix = scope.imports.cbegin(); prefix != scope.imports.cend(); ++prefix) {
            if (prefix.key().endsWith(QLatin1Char('/')) && specifier.startsWith(prefix.key()))
                mapped = *prefix;
        }
    }
    const QString scheme = schemeOf(mapped.isEmpty() ? specifier : mapped);
    if (scheme == QLatin1String("npm") || (mapped.isEmpty() && scheme == QLatin1String("node")))
        return Resolution::NoFile; // the package cache or a built-in: no file of the graph's
    return Resolution::Unsure;
}

// Reads a module the way the runtime would (UTF-8, a BOM ignored), or nothing.
std::optional<QString> readModule(const QString &path)
{
    QFile file(path);
    if (file.size() > maxModuleBytes || !file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray bytes = file.read(maxModuleBytes + 1);
    if (bytes.size() > maxModuleBytes)
        return std::nullopt;
    QStringDecoder decoder(QStringDecoder::Utf8);
    QString text = decoder.decode(bytes);
    if (decoder.hasError())
        return std::nullopt;
    return text;
}

bool scriptFile(const QString &path)
{
    for (const char *ext : {".ts", ".mts", ".js", ".mjs"}) {
        if (path.endsWith(QLatin1String(ext)))
            return !path.endsWith(QLatin1String(".d.ts")) && !path.endsWith(QLatin1String(".d.mts"));
    }
    return false;
}

} // namespace

LocalGraphScope localGraphScope(bool everyFileReadable, bool copiesMounted, const QStringList &mounts,
                                const QStringList &hidden, const QByteArray &importMapJson)
{
    LocalGraphScope scope;
    scope.mounts = mounts;
    scope.hidden = hidden;
    if (everyFileReadable || copiesMounted)
        return scope;
    if (!importMapJson.isEmpty()) {
        const QJsonObject imports = QJsonDocument::fromJson(importMapJson).object().value(QLatin1String("imports")).toObject();
        for (auto it = imports.begin(); it != imports.end(); ++it) {
            const QString key = it.key();
            const QString value = it.value().toString();
            // Package names to npm: specifiers; node:crypto (a seed's shim) is never resolved
            // here, so a module naming it is left to the runtime.
            const bool package = !key.isEmpty() && !key.contains(QLatin1Char(':')) && !key.startsWith(QLatin1Char('.'))
                    && !key.startsWith(QLatin1Char('/')) && value.startsWith(QLatin1String("npm:"));
            if (!package && key != QLatin1String("node:crypto"))
                return scope;
            scope.imports.insert(key, value);
        }
    }
    scope.usable = true;
    return scope;
}

std::optional<QStringList> localStartUpModules(const QString &entry, const LocalGraphScope &scope)
{
    if (!scope.usable)
        return std::nullopt;
    // Only a plain file at its own path, shown by a grant and not hidden: what the runtime
    // would find in the namespace at the same path. Anything else is the runtime's to say.
    auto shown = [&scope](const QString &path) {
        const QFileInfo info(path);
        if (!info.isFile() || info.isSymLink() || info.canonicalFilePath() != path)
            return false;
        for (const char *system : {"/proc", "/dev", "/sys"}) {
            if (within(path, QLatin1String(system)))
                return false;
        }
        const auto inside = [&path](const QString &root) { return !root.isEmpty() && within(path, QDir::cleanPath(root)); };
        return std::any_of(scope.mounts.cbegin(), scope.mounts.cend(), inside)
                && std::none_of(scope.hidden.cbegin(), scope.hidden.cend(), inside);
    };
    if (!scriptFile(entry) || !shown(entry))
        return std::nullopt;
    QStringList files = {entry};
    QStringList pending = {entry};
    // Code modules queued for lexing: a file imported as text first and as code later is both
    // listed once and lexed.
    QStringList queued = {entry};
    while (!pending.isEmpty()) {
        const QString module = pending.takeFirst();
        const std::optional<QString> source = readModule(module);
        if (!source)
            return std::nullopt;
        const auto imports = scanModuleImports(*source);
        if (!imports)
            return std::nullopt;
        for (const ModuleImport &import : *imports) {
            QString path;
            const Resolution resolution = resolve(import.specifier, module, scope, &path);
            if (resolution == Resolution::NoFile)
                continue;
            if (resolution == Resolution::Unsure || !shown(path))
                return std::nullopt;
            const bool code = import.kind == ModuleImport::Kind::Code;
            if (code && !scriptFile(path))
                return std::nullopt; // JSON or text without its attribute, JSX, CommonJS, wasm
            if (!files.contains(path))
                files << path;
            if (files.size() > maxLocalModules)
                return std::nullopt;
            if (code && !queued.contains(path)) {
                queued << path;
                pending << path;
            }
        }
    }
    // In the order `deno info` reports them: by URL.
    std::sort(files.begin(), files.end(), [](const QString &a, const QString &b) {
        return QUrl::fromLocalFile(a).toEncoded() < QUrl::fromLocalFile(b).toEncoded();
    });
    return files;
}

QStringList moduleGraphFiles(const QByteArray &infoJson)
{
    QStringList files;
    const QJsonArray modules = QJsonDocument::fromJson(infoJson).object().value(QLatin1String("modules")).toArray();
    for (const QJsonValue &value : modules) {
        const QJsonObject module = value.toObject();
        const QString local = module.value(QLatin1String("local")).toString();
        if (local.isEmpty() || module.contains(QLatin1String("error")) || files.contains(local))
            continue;
        files << local;
    }
    return files;
}

Result<QStringList> startUpModuleFiles(const ModuleGraphCommand &command)
{
    QProcess info;
    info.setProgram(command.program);
    info.setArguments(command.arguments);
    info.setProcessEnvironment(command.environment);
    info.setWorkingDirectory(command.workingDirectory);
    info.setStandardInputFile(QProcess::nullDevice());
    info.setChildProcessModifier([] {
        leadOwnProcessGroupInChild();
        privateMountTableInChild();
    });
    info.start();
    if (!info.waitForStarted(graphTimeoutMs))
        return fail(ErrorCode::EnvironmentError,
                    QStringLiteral("cannot read the module graph: %1 did not start: %2").arg(command.program, info.errorString()));
    if (!info.waitForFinished(graphTimeoutMs) || info.exitStatus() != QProcess::NormalExit) {
        killProcessGroup(&info);
        info.waitForFinished(5000);
        return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot read the module graph: the runtime did not finish"));
    }
    const QByteArray json = info.readAllStandardOutput();
    if (info.exitCode() != 0 && json.trimmed().isEmpty())
        // No graph at all (the main module itself cannot be parsed or found): the runtime fails
        // on it before it loads anything else, and says why in the run's own output.
        return QStringList();
    return moduleGraphFiles(json);
}

} // namespace Sandbench
