#pragma once

#include "policy/policy.h"
#include "policy/policyexplain.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace Sandbench::Cli {

// The exit status of every policy subcommand (policycommand.h says what a finding is).
enum PolicyExit { OkExit = 0, FindingExit = 1, BadInputExit = 2, FileErrorExit = 3 };

struct LoadedPolicy
{
    QString path;
    QByteArray source;
    QString baseDir; // the current folder, where `run --policy` takes relative entries from
    Policy policy;
};

QString policyUsageText();
// Reads and parses a policy file for analysis; prints the error and returns its exit status.
int loadPolicy(const QString &path, LoadedPolicy *out);
int usageError(const QString &sub, const QString &message);

QJsonObject explanationJson(const Explanation &e, const LoadedPolicy &policy);
// allow, deny, or ask (held for a person: only an ask_* entry matches).
QString decisionWord(const Decision &decision);
// The rule, the reason and the flip, one line each, escaped for the terminal.
void printExplanation(QTextStream &out, const Explanation &e, const LoadedPolicy &policy, const QString &indent);

// The subcommands that read recordings: policy explain, diff and whatif.
int explainCommand(const QStringList &args);
int diffCommand(const QStringList &args);
int whatifCommand(const QStringList &args);

} // namespace Sandbench::Cli
