#include "replayvalues.h"

#include "session/exec/execsessionmanifest.h"
#include "session/sandbox/sandboxsession.h"

#include "common/terminaltext.h"

#include <QFile>
#include <QRegularExpression>

namespace Sandbench {

namespace {

// A values file is a handful of lines; a bigger one is a wrong file.
constexpr qint64 kMaxValuesFileBytes = qint64(1) << 20;
// Shown as they are, but not without end (a name may come from a hostile bundle).
constexpr qsizetype kShownNameChars = 64;

void addOnce(QStringList *list, const QString &name)
{
    if (!list->contains(name))
        list->append(name);
}

QString shown(const QStringList &names)
{
    QStringList out;
    for (const QString &name : names)
        out << (name.size() > kShownNameChars ? name.left(kShownNameChars) + QStringLiteral("...") : name);
    return out.join(QStringLiteral(", "));
}

} // namespace

ReplayValueNames replayValueNames(const ExecSessionManifest &manifest)
{
    ReplayValueNames names;
    for (const ExecSessionEnvVar &var : manifest.environment) {
        if (var.value)
            continue;
        // "policy": given to the run with --env, so it had a value. "host": passed through from
        // the recording machine if it had one there; whether it did is not known.
        if (var.source == QLatin1String("host"))
            addOnce(&names.optional, var.name);
        else
            addOnce(&names.required, var.name);
    }
    for (const QString &name : std::as_const(names.required))
        names.optional.removeAll(name);
    return names;
}

ReplayValueNames replayValueNames(const SandboxSession &session)
{
    ReplayValueNames names;
    for (const QString &name : session.envNames) {
        if (!session.envValues.contains(name))
            addOnce(&names.required, name);
    }
    for (const SandboxStep &step : session.steps) {
        if (const auto *exec = step.as<SandboxExecStep>()) {
            for (const QString &name : exec->envNames) {
                if (!exec->envValues.contains(name))
                    addOnce(&names.required, name);
            }
        }
    }
    return names;
}

VoidResult checkReplayValues(const ReplayValueNames &names, const ReplayValues &supplied, const QStringList &alsoGiven)
{
    QStringList unknown;
    for (auto it = supplied.cbegin(); it != supplied.cend(); ++it) {
        if (!names.contains(it.key()))
            unknown << it.key();
    }
    QStringList missing;
    for (const QString &name : names.required) {
        if (!supplied.contains(name) && !alsoGiven.contains(name))
            missing << name;
    }
    QStringList problems;
    if (!missing.isEmpty())
        problems << QStringLiteral("the recording kept only the name of %1, so the replay needs %2: %3")
                            .arg(missing.size() == 1 ? QStringLiteral("a variable") : QStringLiteral("these variables"),
                                 missing.size() == 1 ? QStringLiteral("its value") : QStringLiteral("their values"),
                                 shown(missing));
    if (!unknown.isEmpty())
        problems << QStringLiteral("the session has no variable %1").arg(shown(unknown));
    if (problems.isEmpty())
        return {};
    return fail(ErrorCode::ConfigError, problems.join(QStringLiteral("; ")));
}

Result<std::pair<QString, QString>> parseReplayValue(const QString &text, const QString &where)
{
    // What is not shown is the value: a line without '=' may be one, pasted alone.
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    if (eq < 0)
        return fail(ErrorCode::ConfigError, QStringLiteral("%1: expected NAME=VALUE (there is no '=')").arg(where));
    const QString name = text.left(eq);
    if (name.isEmpty())
        return fail(ErrorCode::ConfigError, QStringLiteral("%1: expected NAME=VALUE (the name is empty)").arg(where));
    static const QRegularExpression spaceOrControl(QStringLiteral("[\\s\\x00-\\x1f\\x7f]"));
    if (name.contains(spaceOrControl))
        return fail(ErrorCode::ConfigError, QStringLiteral("%1: expected NAME=VALUE (the name \"%2\" holds a space or a control character)")
                                                    .arg(where, terminalSafe(name.left(kShownNameChars))));
    const QString value = text.mid(eq + 1);
    if (value.contains(QChar(0)))
        return fail(ErrorCode::ConfigError, QStringLiteral("%1: the value of %2 holds a NUL character").arg(where, name));
    return std::pair{name, value};
}

Result<ReplayValues> readReplayValuesFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(ErrorCode::Io, QStringLiteral("%1: cannot read it (%2)").arg(path, file.errorString()));
    const QByteArray data = file.read(kMaxValuesFileBytes + 1);
    if (data.size() > kMaxValuesFileBytes)
        return fail(ErrorCode::ConfigError, QStringLiteral("%1: larger than %2 KiB; not a values file").arg(path).arg(kMaxValuesFileBytes >> 10));
    ReplayValues values;
    const QList<QByteArray> lines = data.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
        if (line.endsWith('\r'))
            line.chop(1);
        const QString where = QStringLiteral("%1:%2").arg(path).arg(i + 1);
        const QString text = QString::fromUtf8(line);
        if (text.toUtf8() != line)
            return fail(ErrorCode::ConfigError, QStringLiteral("%1: not UTF-8 text").arg(where));
        if (text.trimmed().isEmpty() || text.trimmed().startsWith(QLatin1Char('#')))
            continue;
        auto value = parseReplayValue(text, where);
        if (!value)
            return std::unexpected(value.error());
        if (values.contains(value->first))
            return fail(ErrorCode::ConfigError, QStringLiteral("%1: %2 is given twice").arg(where, value->first));
        values.insert(value->first, value->second);
    }
    return values;
}

VoidResult addReplayValues(ReplayValues *values, const ReplayValues &more, const QString &where)
{
    for (auto it = more.cbegin(); it != more.cend(); ++it) {
        if (values->contains(it.key()))
            return fail(ErrorCode::ConfigError, QStringLiteral("%1: %2 is given twice").arg(where, it.key()));
        values->insert(it.key(), it.value());
    }
    return {};
}

} // namespace Sandbench
