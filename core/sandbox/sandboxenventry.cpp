#include "sandboxenventry.h"

#include "sandbox/sandboxvalidation.h"

#include <QStringList>

namespace Sandbench {

namespace {

QString describe(QChar c)
{
    if (c.unicode() > 0x20 && c.unicode() < 0x7f)
        return QStringLiteral("'%1'").arg(c);
    return QStringLiteral("U+%1").arg(QString::number(c.unicode(), 16).toUpper().rightJustified(4, QLatin1Char('0')));
}

bool nameChar(QChar c, bool first)
{
    const char16_t u = c.unicode();
    return u == '_' || (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (!first && u >= '0' && u <= '9');
}

bool isControl(char16_t u, bool allowTabNewline)
{
    if (allowTabNewline && (u == '\t' || u == '\n'))
        return false;
    return u < 0x20 || (u >= 0x7f && u < 0xa0);
}

} // namespace

Result<std::pair<QString, QString>> parseEnvEntry(const QString &text, const QString &where)
{
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    if (eq < 0)
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1: expected NAME=VALUE (there is no '=')").arg(where));
    const QString name = text.left(eq);
    if (name.isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1: expected NAME=VALUE (the name is empty)").arg(where));
    if (!SandboxValidation::isEnvName(name)) {
        // Which character, and where, rather than the name: it may be a value typed in its place.
        qsizetype at = 0;
        while (at < name.size() && nameChar(name.at(at), at == 0))
            ++at;
        const QString why = at < name.size()
            ? QStringLiteral("holds %1 at character %2").arg(describe(name.at(at))).arg(at + 1)
            : QStringLiteral("is longer than 256 characters");
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1: the name %2; a variable's name is A-Z, a-z, 0-9 and _, not starting "
                                                            "with a digit").arg(where, why));
    }
    const QString value = text.mid(eq + 1);
    for (QChar c : value) {
        if (isControl(c.unicode(), true))
            return fail(ErrorCode::InvalidInput, QStringLiteral("%1: the value of %2 holds a control character (%3)")
                                                         .arg(where, name, describe(c)));
    }
    return std::pair{name, value};
}

Result<QMap<QString, QString>> parseEnvLines(const QByteArray &content, const QString &file)
{
    QMap<QString, QString> env;
    const QList<QByteArray> lines = content.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QString where = QStringLiteral("%1:%2").arg(file).arg(i + 1);
        const QString text = QString::fromUtf8(line);
        if (text.toUtf8() != line)
            return fail(ErrorCode::InvalidInput, QStringLiteral("%1: not UTF-8").arg(where));
        auto entry = parseEnvEntry(text, where);
        if (!entry)
            return std::unexpected(entry.error());
        if (env.contains(entry->first))
            return fail(ErrorCode::InvalidInput, QStringLiteral("%1: %2 is given twice").arg(where, entry->first));
        env.insert(entry->first, entry->second);
    }
    return env;
}

VoidResult addEnvEntries(QMap<QString, QString> *env, const QMap<QString, QString> &more, const QString &where)
{
    for (auto it = more.cbegin(); it != more.cend(); ++it) {
        if (env->contains(it.key()))
            return fail(ErrorCode::InvalidInput, QStringLiteral("%1: %2 is given twice").arg(where, it.key()));
        env->insert(it.key(), it.value());
    }
    return {};
}

} // namespace Sandbench
