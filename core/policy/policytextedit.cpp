#include "policytextedit.h"

#include "policy/jsontexteditor.h"
#include "policy/policyfile.h"

#include <QDateTime>

namespace Sandbench {

namespace {

const QByteArray kBom("\xEF\xBB\xBF");

// The list `from` becomes `to` with as few item edits as the common case needs: the shared
// start and end stay, the middle is replaced item by item, then removed or inserted.
VoidResult editList(JsonTextEditor &editor, const QStringList &path, const QStringList &from, const QStringList &to)
{
    if (from == to)
        return {};
    qsizetype prefix = 0;
    while (prefix < from.size() && prefix < to.size() && from.at(prefix) == to.at(prefix))
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < from.size() - prefix && suffix < to.size() - prefix
           && from.at(from.size() - 1 - suffix) == to.at(to.size() - 1 - suffix))
        ++suffix;
    const qsizetype oldMiddle = from.size() - prefix - suffix;
    const qsizetype newMiddle = to.size() - prefix - suffix;
    const qsizetype replaced = qMin(oldMiddle, newMiddle);
    for (qsizetype i = 0; i < replaced; ++i)
        if (auto done = editor.replaceItem(path, prefix + i, to.at(prefix + i)); !done)
            return done;
    for (qsizetype i = oldMiddle - 1; i >= replaced; --i)
        if (auto done = editor.removeItem(path, prefix + i); !done)
            return done;
    for (qsizetype i = replaced; i < newMiddle; ++i)
        if (auto done = editor.insertString(path, prefix + i, to.at(prefix + i)); !done)
            return done;
    return {};
}

// A switch: turned on (added when missing) or off (set false where it is written).
VoidResult editSwitch(JsonTextEditor &editor, const QStringList &path, bool from, bool to)
{
    if (from == to)
        return {};
    return editor.setValue(path, to);
}

template<typename T>
VoidResult editOptional(JsonTextEditor &editor, const QStringList &path, const std::optional<T> &from,
                        const std::optional<T> &to, const std::function<QJsonValue(const T &)> &json)
{
    if (from == to)
        return {};
    if (!to)
        return editor.removeKey(path);
    return editor.setValue(path, json(*to));
}

VoidResult applyDifferences(JsonTextEditor &e, const Policy &from, const Policy &to)
{
    const QString perm = QStringLiteral("permissions");
    const QString opt = QStringLiteral("options");
    const Permissions &a = from.permissions;
    const Permissions &b = to.permissions;
    const auto number = [](const auto &v) { return QJsonValue(double(v)); };
    const auto instant = [](const qint64 &ms) {
        return QJsonValue(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs));
    };
    QList<std::function<VoidResult()>> steps = {
        [&] { return editSwitch(e, {QStringLiteral("sandbox")}, from.sandbox, to.sandbox); },
        [&] { return editSwitch(e, {perm, QStringLiteral("deny_fs")}, a.denyFs, b.denyFs); },
        [&] { return editSwitch(e, {perm, QStringLiteral("deny_net")}, a.denyNet, b.denyNet); },
        [&] { return editSwitch(e, {perm, QStringLiteral("deny_env")}, a.denyEnv, b.denyEnv); },
        [&] { return editSwitch(e, {perm, QStringLiteral("deny_run")}, a.denyRun, b.denyRun); },
        [&] { return editList(e, {perm, QStringLiteral("allow_read")}, a.allowRead, b.allowRead); },
        [&] { return editList(e, {perm, QStringLiteral("allow_write")}, a.allowWrite, b.allowWrite); },
        [&] { return editList(e, {perm, QStringLiteral("allow_net")}, a.allowNet, b.allowNet); },
        [&] { return editList(e, {perm, QStringLiteral("allow_env")}, a.allowEnv, b.allowEnv); },
        [&] { return editList(e, {perm, QStringLiteral("allow_run")}, a.allowRun, b.allowRun); },
        [&] { return editList(e, {perm, QStringLiteral("allow_listen")}, a.allowListen, b.allowListen); },
        [&] { return editList(e, {perm, QStringLiteral("ask_read")}, a.askRead, b.askRead); },
        [&] { return editList(e, {perm, QStringLiteral("ask_write")}, a.askWrite, b.askWrite); },
        [&] { return editList(e, {perm, QStringLiteral("ask_net")}, a.askNet, b.askNet); },
        [&] { return editList(e, {perm, QStringLiteral("ask_env")}, a.askEnv, b.askEnv); },
        [&] { return editList(e, {perm, QStringLiteral("ask_run")}, a.askRun, b.askRun); },
        [&] { return editOptional<quint64>(e, {opt, QStringLiteral("seed")}, from.seed, to.seed, number); },
        [&] { return editOptional<qint64>(e, {opt, QStringLiteral("freeze_time")}, from.freezeTimeMs, to.freezeTimeMs, instant); },
        [&] { return editOptional<qint64>(e, {opt, QStringLiteral("timeout_ms")}, from.timeoutMs, to.timeoutMs, number); },
        [&] { return editOptional<qint64>(e, {opt, QStringLiteral("ask_timeout_ms")}, from.askTimeoutMs, to.askTimeoutMs, number); },
        [&] { return editOptional<int>(e, {opt, QStringLiteral("max_memory_mb")}, from.maxMemoryMb, to.maxMemoryMb, number); },
        [&] { return editOptional<int>(e, {opt, QStringLiteral("max_workdir_mb")}, from.maxWorkdirMb, to.maxWorkdirMb, number); },
        [&] { return editOptional<int>(e, {opt, QStringLiteral("max_tasks")}, from.maxTasks, to.maxTasks, number); },
        [&] {
            if (from.maxOutputBytes == to.maxOutputBytes)
                return VoidResult{};
            return e.setValue({opt, QStringLiteral("max_output_bytes")}, double(to.maxOutputBytes));
        },
        [&] {
            if (from.workdir == to.workdir)
                return VoidResult{};
            if (to.workdir.isEmpty())
                return e.removeKey({opt, QStringLiteral("workdir")});
            return e.setValue({opt, QStringLiteral("workdir")}, to.workdir);
        },
        [&] { return editList(e, {opt, QStringLiteral("read_only_dirs")}, from.readOnlyDirs, to.readOnlyDirs); },
        [&] { return editList(e, {opt, QStringLiteral("allow_packages")}, from.allowPackages, to.allowPackages); },
        [&] { return editList(e, {opt, QStringLiteral("accept_missing_layers")}, from.acceptMissingLayers, to.acceptMissingLayers); },
        [&] {
            for (auto it = from.env.cbegin(); it != from.env.cend(); ++it)
                if (!to.env.contains(it.key()))
                    if (auto done = e.removeKey({opt, QStringLiteral("env"), it.key()}); !done)
                        return done;
            for (auto it = to.env.cbegin(); it != to.env.cend(); ++it)
                if (from.env.value(it.key(), QString()) != it.value() || !from.env.contains(it.key()))
                    if (auto done = e.setValue({opt, QStringLiteral("env"), it.key()}, it.value()); !done)
                        return done;
            return VoidResult{};
        },
    };
    for (const auto &step : steps)
        if (auto done = step(); !done)
            return done;
    return {};
}

} // namespace

Result<QByteArray> editPolicyText(const QByteArray &text, const Policy &target)
{
    const bool bom = text.startsWith(kBom);
    const QByteArray json = bom ? text.mid(kBom.size()) : text;
    PolicyParseOptions structure;
    // Where a grant reaches is lint's and the run's concern; an edit only needs the structure.
    structure.allowSensitiveRoots = true;
    auto editor = JsonTextEditor::open(json);
    if (!editor)
        return std::unexpected(editor.error());
    const auto current = parsePolicy(json, QStringLiteral("policy"), structure);
    if (!current)
        return fail(ErrorCode::Parse, QStringLiteral("%1 (the text is left as it is)").arg(current.error().message));
    if (auto done = applyDifferences(*editor, *current, target); !done)
        return std::unexpected(done.error());
    const QByteArray result = editor->text();
    // Read back: the edit must give the policy asked for. Only a target that is itself no
    // valid policy (an entry the form took as typed) may fail to read, and then as it would.
    const auto readBack = parsePolicy(result, QStringLiteral("policy"), structure);
    if (readBack ? !(*readBack == target) : bool(parsePolicy(policyToJson(target), QStringLiteral("policy"), structure)))
        return fail(ErrorCode::Internal, QStringLiteral("the edited policy would not read as intended; the text is left as it is"));
    return bom ? kBom + result : result;
}

} // namespace Sandbench
