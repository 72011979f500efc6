#include "sandboxstepjson.h"

#include "sandbox/desktop.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <cmath>
#include <limits>

namespace Sandbench {

namespace {

// X11 coordinates are 16-bit: anything larger in a file is not a place on a screen.
constexpr int maxCoordinate = 32767;
// What Desktop::scroll accepts at once.
constexpr int maxScrollNotches = 100;

} // namespace

bool isDigest(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    return hex.match(text).hasMatch();
}

QStringList stringList(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &item : value.toArray())
        out << item.toString();
    return out;
}

std::optional<QString> checkFieldTypes(const QJsonObject &o, std::initializer_list<FieldType> fields)
{
    for (const FieldType &field : fields) {
        const QJsonValue value = o.value(QLatin1String(field.key));
        if (value.isUndefined())
            continue;
        bool ok = false;
        switch (field.type) {
        case FieldType::String: ok = value.isString(); break;
        case FieldType::Bool: ok = value.isBool(); break;
        case FieldType::Object: ok = value.isObject(); break;
        case FieldType::Array: ok = value.isArray(); break;
        case FieldType::Integer:
        case FieldType::IntegerOrNull:
            // A whole number a double holds exactly; 1e300 or 0.5 is no count of anything.
            ok = (field.type == FieldType::IntegerOrNull && value.isNull())
                 || (value.isDouble() && value.toDouble() == double(value.toInteger(std::numeric_limits<qint64>::min()))
                     && std::abs(value.toDouble()) <= 9007199254740992.0);
            break;
        case FieldType::Strings:
            ok = value.isArray();
            for (const QJsonValue &item : value.toArray())
                ok = ok && item.isString();
            break;
        }
        if (!ok)
            return QStringLiteral("\"%1\" is not %2").arg(QLatin1String(field.key), FieldType::describe(field.type));
    }
    return std::nullopt;
}

QString FieldType::describe(Type type)
{
    switch (type) {
    case String: return QStringLiteral("a string");
    case Bool: return QStringLiteral("true or false");
    case Object: return QStringLiteral("an object");
    case Array: return QStringLiteral("an array");
    case Integer: return QStringLiteral("a whole number");
    case IntegerOrNull: return QStringLiteral("a whole number or null");
    case Strings: return QStringLiteral("a list of strings");
    }
    return {};
}

namespace {

QString actionName(SandboxInputStep::Action action)
{
    switch (action) {
    case SandboxInputStep::Action::Click: return QStringLiteral("click");
    case SandboxInputStep::Action::Move: return QStringLiteral("move");
    case SandboxInputStep::Action::Scroll: return QStringLiteral("scroll");
    case SandboxInputStep::Action::Type: return QStringLiteral("type");
    case SandboxInputStep::Action::Key: return QStringLiteral("key");
    }
    return {};
}

QString buttonName(MouseButton button)
{
    switch (button) {
    case MouseButton::Left: return QStringLiteral("left");
    case MouseButton::Middle: return QStringLiteral("middle");
    case MouseButton::Right: return QStringLiteral("right");
    }
    return {};
}

// An integer member within [low, high]; missing, fractional or out of range gives no value.
std::optional<int> intIn(const QJsonObject &o, const QString &key, int low, int high)
{
    const QJsonValue value = o.value(key);
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (d != std::floor(d) || d < low || d > high)
        return std::nullopt;
    return int(d);
}

QJsonObject execToJson(const SandboxExecStep &exec, bool values)
{
    QJsonObject o{{QStringLiteral("kind"), QStringLiteral("exec")},
                  {QStringLiteral("argv"), QJsonArray::fromStringList(exec.argv)},
                  {QStringLiteral("cwd"), exec.cwd},
                  {QStringLiteral("envNames"), QJsonArray::fromStringList(exec.envNames)}};
    // Absent unless recorded: a file without values reads as it did before they existed.
    if (values && !exec.envValues.isEmpty())
        o.insert(QStringLiteral("envValues"), envValuesToJson(exec.envValues));
    if (exec.stdinData)
        o.insert(QStringLiteral("stdin"), exec.stdinData->sha256);
    o.insert(QStringLiteral("timeoutMs"), double(exec.timeoutMs));
    o.insert(QStringLiteral("exitCode"), exec.exitCode ? QJsonValue(*exec.exitCode) : QJsonValue());
    o.insert(QStringLiteral("stdout"), exec.stdoutData.sha256);
    o.insert(QStringLiteral("stderr"), exec.stderrData.sha256);
    o.insert(QStringLiteral("timedOut"), exec.timedOut);
    o.insert(QStringLiteral("truncated"), exec.truncated);
    o.insert(QStringLiteral("durationMs"), double(exec.durationMs));
    return o;
}

QJsonObject inputToJson(const SandboxInputStep &input)
{
    QJsonObject o{{QStringLiteral("kind"), QStringLiteral("input")}, {QStringLiteral("action"), actionName(input.action)}};
    switch (input.action) {
    case SandboxInputStep::Action::Click:
        o.insert(QStringLiteral("button"), buttonName(input.button));
        o.insert(QStringLiteral("count"), input.count);
        Q_FALLTHROUGH();
    case SandboxInputStep::Action::Move:
        o.insert(QStringLiteral("x"), input.x);
        o.insert(QStringLiteral("y"), input.y);
        break;
    case SandboxInputStep::Action::Scroll:
        o.insert(QStringLiteral("x"), input.x);
        o.insert(QStringLiteral("y"), input.y);
        o.insert(QStringLiteral("dx"), input.dx);
        o.insert(QStringLiteral("dy"), input.dy);
        break;
    case SandboxInputStep::Action::Type:
    case SandboxInputStep::Action::Key:
        o.insert(QStringLiteral("text"), input.text);
        break;
    }
    return o;
}

// The arguments of an input step, checked as the Desktop API checks them.
std::optional<QString> inputFromJson(const QJsonObject &o, SandboxInputStep *step)
{
    const QString action = o.value(QStringLiteral("action")).toString();
    auto point = [&]() -> std::optional<QString> {
        const auto x = intIn(o, QStringLiteral("x"), 0, maxCoordinate);
        const auto y = intIn(o, QStringLiteral("y"), 0, maxCoordinate);
        if (!x || !y)
            return QStringLiteral("a %1 needs x and y from 0 to %2").arg(action).arg(maxCoordinate);
        step->x = *x;
        step->y = *y;
        return std::nullopt;
    };
    if (action == QLatin1String("click")) {
        step->action = SandboxInputStep::Action::Click;
        const QString button = o.value(QStringLiteral("button")).toString();
        if (button == QLatin1String("left"))
            step->button = MouseButton::Left;
        else if (button == QLatin1String("middle"))
            step->button = MouseButton::Middle;
        else if (button == QLatin1String("right"))
            step->button = MouseButton::Right;
        else
            return QStringLiteral("a click with an unknown button \"%1\"").arg(button.left(40));
        const auto count = intIn(o, QStringLiteral("count"), 1, 3);
        if (!count)
            return QStringLiteral("a click needs a count from 1 to 3");
        step->count = *count;
        return point();
    }
    if (action == QLatin1String("move")) {
        step->action = SandboxInputStep::Action::Move;
        return point();
    }
    if (action == QLatin1String("scroll")) {
        step->action = SandboxInputStep::Action::Scroll;
        const auto dx = intIn(o, QStringLiteral("dx"), -maxScrollNotches, maxScrollNotches);
        const auto dy = intIn(o, QStringLiteral("dy"), -maxScrollNotches, maxScrollNotches);
        if (!dx || !dy)
            return QStringLiteral("a scroll needs dx and dy from %1 to %2").arg(-maxScrollNotches).arg(maxScrollNotches);
        step->dx = *dx;
        step->dy = *dy;
        return point();
    }
    if (action == QLatin1String("type") || action == QLatin1String("key")) {
        const bool typing = action == QLatin1String("type");
        step->action = typing ? SandboxInputStep::Action::Type : SandboxInputStep::Action::Key;
        step->text = o.value(QStringLiteral("text")).toString();
        if (step->text.isEmpty() || step->text.size() > Desktop::maxTypeLength)
            return QStringLiteral("a %1 needs a text of 1 to %2 characters").arg(action).arg(Desktop::maxTypeLength);
        // The names Desktop::key accepts: letters, digits, '_' and '+', groups separated by spaces.
        static const QRegularExpression combo(QStringLiteral("^[A-Za-z0-9_+]+( [A-Za-z0-9_+]+)*$"));
        if (!typing && !combo.match(step->text).hasMatch())
            return QStringLiteral("\"%1\" is not a key combination").arg(step->text.left(40));
        return std::nullopt;
    }
    return QStringLiteral("an input with an unknown action \"%1\"").arg(action.left(40));
}

} // namespace

QJsonObject envValuesToJson(const QMap<QString, QString> &map)
{
    QJsonObject o;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

std::optional<QString> envValuesFromJson(const QJsonValue &value, const QStringList &names, QMap<QString, QString> *out)
{
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isObject())
        return QStringLiteral("envValues is not an object");
    const QJsonObject o = value.toObject();
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (!it.value().isString())
            return QStringLiteral("the value of %1 is not a string").arg(it.key().left(64));
        if (!names.contains(it.key()))
            return QStringLiteral("a value for %1, which is not among its envNames").arg(it.key().left(64));
        out->insert(it.key(), it.value().toString());
    }
    return std::nullopt;
}

QJsonObject stepToJson(const SandboxStep &step, bool values)
{
    QJsonObject o;
    if (const auto *exec = step.as<SandboxExecStep>()) {
        o = execToJson(*exec, values);
    } else if (const auto *write = step.as<SandboxWriteStep>()) {
        o = {{QStringLiteral("kind"), QStringLiteral("write")},
             {QStringLiteral("path"), write->path},
             {QStringLiteral("data"), write->data.sha256}};
    } else if (const auto *shot = step.as<SandboxScreenshotStep>()) {
        o = {{QStringLiteral("kind"), QStringLiteral("screenshot")}};
        if (!step.outcome.error && shot->png)
            o.insert(QStringLiteral("png"), shot->png->sha256);
    } else if (const auto *input = step.as<SandboxInputStep>()) {
        o = inputToJson(*input);
    }
    if (step.outcome.error) {
        o.insert(QStringLiteral("error"), *step.outcome.error);
        o.insert(QStringLiteral("errorCode"), step.outcome.errorCode);
    }
    return o;
}

Result<SandboxStep> stepFromJson(const QJsonObject &o, qsizetype number, const SandboxMembers &members,
                                 const QString &where)
{
    auto bad = [&](const QString &what) {
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: step %2: %3").arg(where).arg(number).arg(what));
    };
    // A payload named by its digest, which must be a member the reader checked.
    auto payload = [&](const QString &key) -> std::optional<SandboxPayloadRef> {
        const QString sha = o.value(key).toString();
        const auto it = members.constFind(sha);
        if (!isDigest(sha) || it == members.cend())
            return std::nullopt;
        return SandboxPayloadRef{sha, it->size};
    };
    // Every field of the wrong type is refused where it stands, never read as a default: a
    // number where argv's strings belong would otherwise run "" and a string where a timeout
    // belongs would run without one.
    using F = FieldType;
    if (auto problem = checkFieldTypes(o, {{"kind", F::String}, {"error", F::String}, {"errorCode", F::String},
                                           {"argv", F::Strings}, {"cwd", F::String}, {"envNames", F::Strings},
                                           {"envValues", F::Object}, {"stdin", F::String}, {"stdout", F::String},
                                           {"stderr", F::String}, {"timeoutMs", F::Integer}, {"exitCode", F::IntegerOrNull},
                                           {"timedOut", F::Bool}, {"truncated", F::Bool}, {"durationMs", F::Integer},
                                           {"path", F::String}, {"data", F::String}, {"png", F::String},
                                           {"action", F::String}, {"button", F::String}, {"text", F::String},
                                           {"x", F::Integer}, {"y", F::Integer}, {"count", F::Integer},
                                           {"dx", F::Integer}, {"dy", F::Integer}}))
        return bad(*problem);
    SandboxStep step;
    if (o.contains(QStringLiteral("error"))) {
        step.outcome.error = o.value(QStringLiteral("error")).toString();
        step.outcome.errorCode = o.value(QStringLiteral("errorCode")).toString();
    }
    const QString kind = o.value(QStringLiteral("kind")).toString();
    if (kind == QLatin1String("exec")) {
        SandboxExecStep exec;
        exec.argv = stringList(o.value(QStringLiteral("argv")));
        if (exec.argv.isEmpty())
            return bad(QStringLiteral("an exec without argv"));
        exec.cwd = o.value(QStringLiteral("cwd")).toString();
        exec.envNames = stringList(o.value(QStringLiteral("envNames")));
        if (auto problem = envValuesFromJson(o.value(QStringLiteral("envValues")), exec.envNames, &exec.envValues))
            return bad(*problem);
        if (o.contains(QStringLiteral("stdin"))) {
            exec.stdinData = payload(QStringLiteral("stdin"));
            if (!exec.stdinData)
                return bad(QStringLiteral("its stdin is missing from files/"));
        }
        // toInteger, never a cast of toDouble: a crafted 1e300 would make the cast undefined.
        exec.timeoutMs = std::max<qint64>(0, o.value(QStringLiteral("timeoutMs")).toInteger(0));
        const QJsonValue exit = o.value(QStringLiteral("exitCode"));
        if (exit.isDouble())
            exec.exitCode = exit.toInt();
        const auto out = payload(QStringLiteral("stdout"));
        const auto err = payload(QStringLiteral("stderr"));
        if (!out || !err)
            return bad(QStringLiteral("its output is missing from files/"));
        exec.stdoutData = *out;
        exec.stderrData = *err;
        exec.timedOut = o.value(QStringLiteral("timedOut")).toBool();
        exec.truncated = o.value(QStringLiteral("truncated")).toBool();
        exec.durationMs = std::max<qint64>(0, o.value(QStringLiteral("durationMs")).toInteger(0));
        step.call = exec;
    } else if (kind == QLatin1String("write")) {
        SandboxWriteStep write;
        write.path = o.value(QStringLiteral("path")).toString();
        if (write.path.isEmpty())
            return bad(QStringLiteral("a write without path"));
        const auto data = payload(QStringLiteral("data"));
        if (!data)
            return bad(QStringLiteral("its data is missing from files/"));
        write.data = *data;
        step.call = write;
    } else if (kind == QLatin1String("screenshot")) {
        SandboxScreenshotStep shot;
        // A failed screenshot has no picture; a taken one must have a PNG.
        if (!step.outcome.error) {
            shot.png = payload(QStringLiteral("png"));
            if (!shot.png)
                return bad(QStringLiteral("its PNG is missing from files/"));
            if (!members.value(shot.png->sha256).head.startsWith("\x89PNG\r\n\x1a\n"))
                return bad(QStringLiteral("its screenshot is not a PNG"));
        }
        step.call = shot;
    } else if (kind == QLatin1String("input")) {
        SandboxInputStep input;
        if (auto problem = inputFromJson(o, &input))
            return bad(*problem);
        step.call = input;
    } else {
        return bad(QStringLiteral("unknown kind \"%1\" (a newer Sandbench may read it)").arg(kind.left(40)));
    }
    return step;
}

} // namespace Sandbench
