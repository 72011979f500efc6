#include "optiontable.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace Sandbench::Cli {

namespace {

std::unexpected<Error> refuse(const QString &message)
{
    return std::unexpected(Error{ErrorCode::ConfigError, message});
}

} // namespace

OptionTable &OptionTable::add(Option option)
{
    Q_ASSERT(!option.names.isEmpty() && option.take);
    m_options.append(std::move(option));
    return *this;
}

OptionTable &OptionTable::flag(const QStringList &names, const QString &help, bool *flag)
{
    return add({names, {}, help, [flag](const QString &) -> std::optional<QString> {
        *flag = true;
        return std::nullopt;
    }});
}

OptionTable &OptionTable::text(const QStringList &names, const QString &valueName, const QString &help, QString *out)
{
    return add({names, valueName, help, [out](const QString &value) -> std::optional<QString> {
        if (value.isEmpty())
            return QStringLiteral("a non-empty value");
        *out = value;
        return std::nullopt;
    }});
}

const Option *OptionTable::find(const QString &name) const
{
    for (const Option &option : m_options)
        if (option.names.contains(name))
            return &option;
    return nullptr;
}

Result<ParsedArgs> OptionTable::parse(const QStringList &args, bool stopAtPositional) const
{
    ParsedArgs out;
    QSet<const Option *> seen;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == QLatin1String("--")) {
            out.rest = args.mid(i + 1);
            break;
        }
        if (!arg.startsWith(QLatin1Char('-')) || arg == QLatin1String("-")) {
            out.positional << arg;
            if (stopAtPositional) {
                out.rest = args.mid(i + 1);
                if (!out.rest.isEmpty() && out.rest.constFirst() == QLatin1String("--"))
                    out.rest.removeFirst();
                break;
            }
            continue;
        }
        const qsizetype eq = arg.startsWith(QLatin1String("--")) ? arg.indexOf(QLatin1Char('=')) : -1;
        const QString name = eq > 0 ? arg.left(eq) : arg;
        const Option *option = find(name);
        if (!option)
            return refuse(QStringLiteral("unknown option %1 (see sandbench-cli %2 --help)").arg(name, m_command));
        QString value;
        if (option->valueName.isEmpty()) {
            if (eq > 0)
                return refuse(QStringLiteral("%1: takes no value").arg(name));
        } else if (eq > 0) {
            value = arg.mid(eq + 1);
        } else if (i + 1 < args.size()) {
            value = args.at(++i);
        } else {
            return refuse(QStringLiteral("%1: needs a value (%2)").arg(name, option->valueName));
        }
        // A second value would silently replace the first: a pasted command line that sets
        // --timeout twice is refused rather than guessed at.
        if (!option->repeats && !option->valueName.isEmpty() && seen.contains(option))
            return refuse(QStringLiteral("%1: given more than once").arg(name));
        seen.insert(option);
        if (const std::optional<QString> expected = option->take(value))
            return refuse(option->secretValue ? *expected : badValue(name, value, *expected));
    }
    return out;
}

QString OptionTable::help() const
{
    QStringList heads;
    int width = 0;
    for (const Option &option : m_options) {
        QString head = QStringLiteral("  ") + option.names.join(QStringLiteral(", "));
        if (!option.valueName.isEmpty())
            head += QLatin1Char(' ') + option.valueName;
        width = std::max(width, int(head.size()));
        heads << head;
    }
    width = std::min(width + 2, 30);
    QString text;
    for (qsizetype i = 0; i < m_options.size(); ++i) {
        const QString &head = heads.at(i);
        text += head.size() + 1 >= width ? head + QLatin1Char('\n') + QString(width, QLatin1Char(' '))
                                         : head.leftJustified(width);
        text += m_options.at(i).help + QLatin1Char('\n');
    }
    return text;
}

QString badValue(const QString &flag, const QString &value, const QString &expected)
{
    return QStringLiteral("%1: \"%2\" is not %3").arg(flag, value.left(64), expected);
}

std::optional<qint64> wholeNumber(const QString &text, qint64 lo, qint64 hi)
{
    if (text.isEmpty() || text.size() > 18
        || !std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c >= u'0' && c <= u'9'; }))
        return std::nullopt;
    const qint64 v = text.toLongLong();
    return v >= lo && v <= hi ? std::optional<qint64>(v) : std::nullopt;
}

std::optional<double> decimalNumber(const QString &text, double lo, double hi, int decimals)
{
    const QRegularExpression decimal(QRegularExpression::anchoredPattern(
        QStringLiteral("[0-9]{1,9}(\\.[0-9]{1,%1})?").arg(decimals)));
    if (!decimal.match(text).hasMatch())
        return std::nullopt;
    const double v = text.toDouble();
    return v >= lo && v <= hi ? std::optional<double>(v) : std::nullopt;
}

} // namespace Sandbench::Cli
