#include "mcp/toolschema.h"

#include <QJsonArray>

namespace Sandbench {

namespace {

Error invalid(const QString &message)
{
    return {ErrorCode::InvalidInput, message};
}

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

VoidResult checkString(const QString &name, const QJsonObject &schema, const QString &value)
{
    const qint64 maxLength = schema.value(QLatin1String("maxLength")).toInteger(-1);
    if (maxLength >= 0 && value.size() > maxLength)
        return std::unexpected(invalid(QStringLiteral("\"%1\" is %2 characters long; at most %3 are allowed")
                                               .arg(name).arg(value.size()).arg(maxLength)));
    if (value.contains(QChar(0)))
        return std::unexpected(invalid(QStringLiteral("\"%1\" contains a NUL character").arg(name)));
    const QJsonArray allowed = schema.value(QLatin1String("enum")).toArray();
    if (!allowed.isEmpty() && !allowed.contains(value)) {
        QStringList names;
        for (const QJsonValue &a : allowed)
            names << QLatin1Char('"') + a.toString() + QLatin1Char('"');
        return std::unexpected(invalid(QStringLiteral("\"%1\" must be one of %2").arg(name, names.join(QStringLiteral(", ")))));
    }
    return {};
}

VoidResult checkValue(const QString &name, const QJsonObject &schema, const QJsonValue &value)
{
    const QString type = schema.value(QLatin1String("type")).toString();
    if (type == QLatin1String("string")) {
        if (!value.isString())
            return std::unexpected(invalid(QStringLiteral("\"%1\" must be a string, not %2").arg(name, typeName(value))));
        return checkString(name, schema, value.toString());
    }
    if (type == QLatin1String("integer")) {
        const double d = value.toDouble();
        if (!value.isDouble() || d != double(qint64(d)))
            return std::unexpected(invalid(QStringLiteral("\"%1\" must be an integer, not %2").arg(name, typeName(value))));
        const QJsonValue min = schema.value(QLatin1String("minimum"));
        const QJsonValue max = schema.value(QLatin1String("maximum"));
        if ((min.isDouble() && d < min.toDouble()) || (max.isDouble() && d > max.toDouble()))
            return std::unexpected(invalid(QStringLiteral("\"%1\" is %2; it must be from %3 to %4")
                                                   .arg(name).arg(qint64(d)).arg(min.toInteger()).arg(max.toInteger())));
        return {};
    }
    if (type == QLatin1String("boolean")) {
        if (!value.isBool())
            return std::unexpected(invalid(QStringLiteral("\"%1\" must be true or false, not %2").arg(name, typeName(value))));
        return {};
    }
    if (type == QLatin1String("array")) {
        if (!value.isArray())
            return std::unexpected(invalid(QStringLiteral("\"%1\" must be an array, not %2").arg(name, typeName(value))));
        const QJsonArray items = value.toArray();
        const qint64 maxItems = schema.value(QLatin1String("maxItems")).toInteger(-1);
        if (maxItems >= 0 && items.size() > maxItems)
            return std::unexpected(invalid(QStringLiteral("\"%1\" has %2 items; at most %3 are allowed")
                                                   .arg(name).arg(items.size()).arg(maxItems)));
        const QJsonObject itemSchema = schema.value(QLatin1String("items")).toObject();
        for (qsizetype i = 0; i < items.size(); ++i) {
            if (auto ok = checkValue(QStringLiteral("%1[%2]").arg(name).arg(i), itemSchema, items.at(i)); !ok)
                return ok;
        }
        return {};
    }
    // A schema of ours with a type this checker does not know: refuse rather than let it through.
    return std::unexpected(Error{ErrorCode::Internal, QStringLiteral("\"%1\": unchecked type %2").arg(name, type)});
}

} // namespace

Result<QJsonObject> checkArguments(const QJsonObject &schema, const QJsonValue &arguments)
{
    if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject())
        return std::unexpected(invalid(QStringLiteral("the arguments must be an object, not %1").arg(typeName(arguments))));
    const QJsonObject args = arguments.toObject();
    const QJsonObject properties = schema.value(QLatin1String("properties")).toObject();
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (!properties.contains(it.key())) {
            QStringList known = properties.keys();
            return std::unexpected(invalid(known.isEmpty()
                                                   ? QStringLiteral("unknown argument \"%1\": this tool takes none").arg(it.key())
                                                   : QStringLiteral("unknown argument \"%1\" (the tool takes %2)")
                                                             .arg(it.key(), known.join(QStringLiteral(", ")))));
        }
        if (auto ok = checkValue(it.key(), properties.value(it.key()).toObject(), it.value()); !ok)
            return std::unexpected(ok.error());
    }
    for (const QJsonValue &required : schema.value(QLatin1String("required")).toArray()) {
        if (!args.contains(required.toString()))
            return std::unexpected(invalid(QStringLiteral("missing argument \"%1\"").arg(required.toString())));
    }
    const QJsonArray oneOf = schema.value(QLatin1String("oneOfRequired")).toArray();
    if (!oneOf.isEmpty()) {
        QStringList given, names;
        for (const QJsonValue &n : oneOf) {
            names << QLatin1Char('"') + n.toString() + QLatin1Char('"');
            if (args.contains(n.toString()))
                given << n.toString();
        }
        if (given.size() != 1)
            return std::unexpected(invalid(QStringLiteral("give exactly one of %1").arg(names.join(QStringLiteral(" and ")))));
    }
    return args;
}

} // namespace Sandbench
