#pragma once

#include "common/result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace Sandbench::Cli {

// One option of a command: its names, what it takes, and what to do with the value.
struct Option
{
    QStringList names;  // "--timeout" first, then aliases ("--permission-policy", "--policy")
    QString valueName;  // "MS"; empty for a switch, which takes no value
    QString help;       // one line for --help
    // Checks and keeps the value (empty for a switch). On refusal it returns what the value
    // should have been ("a number of seconds from 1 to 86400"), and the table says the rest.
    std::function<std::optional<QString>(const QString &value)> take;
    bool repeats = false; // may be given more than once (each value is kept)
    // The value may be a secret (an environment variable's): a refusal is take()'s message
    // alone, after the option's name, and never shows the value.
    bool secretValue = false;
};

// What is left once the options are taken.
struct ParsedArgs
{
    QStringList positional; // in order
    QStringList rest;       // after "--" (or after the first positional, with stopAtPositional)
};

// Every command's options, parsed one way: `--name VALUE` or `--name=VALUE`, each value checked
// by its option as it is met, and every refusal a ConfigError that names the flag and the value
// as given (`--lifetime: "abc" is not a number of seconds from 1 to 86400`). A value option
// given twice, an unknown option and a missing value are refused the same way. The help text
// is written from the same table, so the two cannot drift apart.
class OptionTable
{
public:
    explicit OptionTable(QString command) : m_command(std::move(command)) {}

    OptionTable &add(Option option);
    // A switch that sets *flag.
    OptionTable &flag(const QStringList &names, const QString &help, bool *flag);
    // A value kept as given (after a non-empty check).
    OptionTable &text(const QStringList &names, const QString &valueName, const QString &help, QString *out);

    // stopAtPositional: the first positional ends the options and everything after it (but a
    // leading "--") is `rest`, as in `run FILE ARGS...`.
    Result<ParsedArgs> parse(const QStringList &args, bool stopAtPositional = false) const;
    // The options, one per line, aligned.
    QString help() const;

private:
    const Option *find(const QString &name) const;

    QString m_command;
    QList<Option> m_options;
};

// `--flag: "value" is not EXPECTED`, with the value cut to 64 characters.
QString badValue(const QString &flag, const QString &value, const QString &expected);
// A whole number from lo to hi in plain decimal digits: no sign, space, point or exponent.
std::optional<qint64> wholeNumber(const QString &text, qint64 lo, qint64 hi);
// Digits with at most one point and `decimals` places after it, from lo to hi: no NaN, no
// infinity, no exponent, however QString::toDouble would read them.
std::optional<double> decimalNumber(const QString &text, double lo, double hi, int decimals = 3);

} // namespace Sandbench::Cli
