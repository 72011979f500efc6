#pragma once

#include "common/result.h"
#include "session/sandbox/sandboxstep.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>

namespace Sandbench {

// A files/<sha256> member as the reader saw it while checking its digest: its size and first
// bytes (enough to tell a PNG), never its content.
struct SandboxMemberInfo
{
    qint64 size = 0;
    QByteArray head;
};
using SandboxMembers = QHash<QString, SandboxMemberInfo>;  // by sha256 (hex)

// A step as manifest.json holds it. Env values are written only with `values` (the session's
// envValuesRecorded): a session that says it keeps names only never leaks a value someone put
// in a step.
// A member name's digest: 64 lowercase hex digits.
bool isDigest(const QString &text);
// The strings of a JSON array; checkFieldTypes has already refused one that holds anything else.
QStringList stringList(const QJsonValue &value);

// The JSON type a field must have when it is present (absent fields keep their defaults).
struct FieldType
{
    enum Type { String, Bool, Object, Array, Integer, IntegerOrNull, Strings };
    const char *key;
    Type type;
    static QString describe(Type type);
};
// The first field of `o` that is present with another type, said as "\"key\" is not a string".
std::optional<QString> checkFieldTypes(const QJsonObject &o, std::initializer_list<FieldType> fields);

QJsonObject stepToJson(const SandboxStep &step, bool values);

// A step of manifest.json (1-based `number`), checked as the Desktop API checks its arguments
// (a file may come from anyone, and a replay should refuse it as a whole rather than fail
// halfway through); each payload must be among `members`. Errors are Parse, naming the file
// (`where`) and the step.
Result<SandboxStep> stepFromJson(const QJsonObject &o, qsizetype number, const SandboxMembers &members,
                                 const QString &where);

// Env values as written by stepToJson: an object of strings, each named in `names`.
QJsonObject envValuesToJson(const QMap<QString, QString> &map);
std::optional<QString> envValuesFromJson(const QJsonValue &value, const QStringList &names, QMap<QString, QString> *out);

} // namespace Sandbench
