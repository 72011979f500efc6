#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <utility>

namespace Sandbench {

// A sandbox's variables as a person gives them on a command line (`--env NAME=VALUE`) or in a
// file (NAME=VALUE lines), checked by the rules the pool applies (SandboxValidation::checkEnv)
// before anything is made. The value may be a secret, and an entry without '=' may be a value
// pasted alone: no error ever shows a value, or an entry whose name is bad; `where` ("--env #2",
// "vars.env:3") says which entry it is, and the name is shown only once it is a valid one.

// "NAME=VALUE": the value is everything after the first '=' (it may be empty, or hold a tab or a
// newline, never another control character).
Result<std::pair<QString, QString>> parseEnvEntry(const QString &text, const QString &where);

// NAME=VALUE lines of a file called `file` in errors: empty lines and lines starting with '#'
// are skipped, a trailing CR is dropped, nothing is unquoted; a bad line is named FILE:LINE.
Result<QMap<QString, QString>> parseEnvLines(const QByteArray &content, const QString &file);

// Adds `more` to `env`, refusing a name given twice (`where` names the second source).
VoidResult addEnvEntries(QMap<QString, QString> *env, const QMap<QString, QString> &more, const QString &where);

} // namespace Sandbench
