#include "policyfile.h"

#include "common/boundedfile.h"
#include "common/terminaltext.h"
#include "policy/envnames.h"
#include "policy/jsonlocator.h"
#include "policy/netrule.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QDateTime>
#include <QTimeZone>

namespace Sandbench {

namespace {

const char *typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return "null";
    case QJsonValue::Bool: return "a boolean";
    case QJsonValue::Double: return "a number";
    case QJsonValue::String: return "a string";
    case QJsonValue::Array: return "an array";
    case QJsonValue::Object: return "an object";
    case QJsonValue::Undefined: break;
    }
    return "nothing";
}

// Reads one document, remembering the first error with its position.
class PolicyReader
{
public:
    PolicyReader(const QByteArray &json, const QString &source, const PolicyParseOptions &options)
        : m_locator(json), m_source(source), m_options(options) {}

    const JsonLocator &locator() const { return m_locator; }
    const PolicyParseOptions &options() const { return m_options; }

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }

    void fail(const QString &pointer, const QString &message, bool atKey = false)
    {
        if (!failed())
            m_error = where(pointer, atKey) + QStringLiteral(": ") + message;
    }

    QString where(const QString &pointer, bool atKey = false) const
    {
        const TextPosition at = atKey ? m_locator.keyPosition(pointer) : m_locator.valuePosition(pointer);
        return QStringLiteral("%1:%2:%3").arg(m_source).arg(at.line).arg(at.column);
    }

    void checkKeys(const QJsonObject &object, const QString &pointer, const QStringList &known)
    {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!known.contains(it.key())) {
                fail(pointer + QLatin1Char('/') + it.key(),
                     QStringLiteral("unknown key \"%1\" in %2 (known: %3)")
                             .arg(it.key(), pointer.isEmpty() ? QStringLiteral("the policy")
                                                              : QLatin1Char('"') + pointer.mid(1) + QLatin1Char('"'),
                                  known.join(QStringLiteral(", "))),
                     true);
            }
        }
    }

    bool readBool(const QJsonObject &object, const QString &pointer, const QString &key, bool fallback)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined())
            return fallback;
        if (!value.isBool()) {
            fail(pointer + QLatin1Char('/') + key,
                 QStringLiteral("\"%1\" must be true or false, not %2").arg(key, QLatin1String(typeName(value))));
            return fallback;
        }
        return value.toBool();
    }

    // The first control, bidirectional or invisible character of a name or path, as "U+FEFF";
    // empty when there is none. Such a character makes an entry read one way and match another,
    // and Qt's parser even drops a leading U+FEFF from a string written without escapes, so a
    // policy holding one would not read back as it was written.
    static QString hiddenCharacter(const QString &text)
    {
        for (qsizetype i = 0; i < text.size(); ++i) {
            char32_t c = text.at(i).unicode();
            // A surrogate pair is one character (an emoji in a folder name is fine); a lone
            // surrogate stays a surrogate, which isFormattingCharacter counts as hidden.
            if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
                c = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
                ++i;
            }
            if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || isFormattingCharacter(c))
                return QStringLiteral("U+%1").arg(QString::number(uint(c), 16).toUpper().rightJustified(4, QLatin1Char('0')));
        }
        return {};
    }

    QStringList readStrings(const QJsonObject &object, const QString &pointer, const QString &key)
    {
        const QJsonValue value = object.value(key);
        const QString at = pointer + QLatin1Char('/') + key;
        if (value.isUndefined())
            return {};
        if (!value.isArray()) {
            fail(at, QStringLiteral("\"%1\" must be an array of strings, not %2").arg(key, QLatin1String(typeName(value))));
            return {};
        }
        QStringList out;
        const QJsonArray array = value.toArray();
        for (int i = 0; i < array.size(); ++i) {
            const QString item = at + QLatin1Char('/') + QString::number(i);
            if (!array.at(i).isString()) {
                fail(item, QStringLiteral("\"%1\" item %2 must be a string, not %3")
                                   .arg(key).arg(i).arg(QLatin1String(typeName(array.at(i)))));
                return {};
            }
            const QString text = array.at(i).toString();
            if (text.trimmed().isEmpty() || text.contains(QChar(0))) {
                fail(item, QStringLiteral("\"%1\" item %2 is empty or holds a NUL character").arg(key).arg(i));
                return {};
            }
            if (const QString hidden = hiddenCharacter(text); !hidden.isEmpty()) {
                fail(item, QStringLiteral("\"%1\" item %2 holds the control or invisible character %3").arg(key).arg(i).arg(hidden));
                return {};
            }
            out.append(text);
        }
        return out;
    }

    std::optional<qint64> readInteger(const QJsonObject &object, const QString &pointer,
                                      const QString &key, qint64 minimum, qint64 maximum)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined())
            return std::nullopt;
        const double number = value.toDouble(-1);
        // Range first: converting a double beyond qint64 is undefined (found by fuzz_manifest).
        if (!value.isDouble() || !(number >= double(minimum) && number <= double(maximum))
            || number != double(qint64(number))) {
            fail(pointer + QLatin1Char('/') + key,
                 QStringLiteral("\"%1\" must be a whole number from %2 to %3").arg(key).arg(minimum).arg(maximum));
            return std::nullopt;
        }
        return qint64(number);
    }

    QString readString(const QJsonObject &object, const QString &pointer, const QString &key)
    {
        const QJsonValue value = object.value(key);
        if (value.isUndefined())
            return {};
        if (!value.isString() || value.toString().isEmpty()) {
            fail(pointer + QLatin1Char('/') + key,
                 QStringLiteral("\"%1\" must be a non-empty string, not %2").arg(key, QLatin1String(typeName(value))));
            return {};
        }
        if (const QString hidden = hiddenCharacter(value.toString()); !hidden.isEmpty()) {
            fail(pointer + QLatin1Char('/') + key, QStringLiteral("\"%1\" holds the control or invisible character %2").arg(key, hidden));
            return {};
        }
        return value.toString();
    }

    // Paths that would grant a whole system tree, checked where each entry stands.
    void checkRoots(const QStringList &paths, const QString &pointer, const QString &key)
    {
        if (m_options.allowSensitiveRoots)
            return;
        const QString base = m_options.baseDir.isEmpty() ? QDir::currentPath() : m_options.baseDir;
        for (qsizetype i = 0; i < paths.size(); ++i) {
            const QString reason = sensitiveRootReason(QDir::cleanPath(QDir(base).absoluteFilePath(paths.at(i))), m_options.homeDir);
            if (!reason.isEmpty())
                fail(pointer + QLatin1Char('/') + key + QLatin1Char('/') + QString::number(i),
                     QStringLiteral("\"%1\" item %2 (%3): %4").arg(key).arg(i).arg(paths.at(i), reason));
        }
    }

private:
    JsonLocator m_locator;
    QString m_source;
    PolicyParseOptions m_options;
    QString m_error;
};

void readPermissions(PolicyReader &r, const QJsonObject &object, Permissions &p)
{
    const QString at = QStringLiteral("/permissions");
    r.checkKeys(object, at, {QStringLiteral("deny_fs"), QStringLiteral("deny_net"), QStringLiteral("deny_env"),
                             QStringLiteral("deny_run"), QStringLiteral("allow_read"), QStringLiteral("allow_write"),
                             QStringLiteral("allow_net"), QStringLiteral("allow_env"), QStringLiteral("allow_run"),
                             QStringLiteral("allow_listen"), QStringLiteral("ask_read"), QStringLiteral("ask_write"),
                             QStringLiteral("ask_net"), QStringLiteral("ask_env"), QStringLiteral("ask_run")});
    p.denyFs = r.readBool(object, at, QStringLiteral("deny_fs"), false);
    p.denyNet = r.readBool(object, at, QStringLiteral("deny_net"), false);
    p.denyEnv = r.readBool(object, at, QStringLiteral("deny_env"), false);
    p.denyRun = r.readBool(object, at, QStringLiteral("deny_run"), false);
    p.allowRead = r.readStrings(object, at, QStringLiteral("allow_read"));
    p.allowWrite = r.readStrings(object, at, QStringLiteral("allow_write"));
    p.allowNet = r.readStrings(object, at, QStringLiteral("allow_net"));
    p.allowEnv = r.readStrings(object, at, QStringLiteral("allow_env"));
    p.allowRun = r.readStrings(object, at, QStringLiteral("allow_run"));
    p.allowListen = r.readStrings(object, at, QStringLiteral("allow_listen"));
    p.askRead = r.readStrings(object, at, QStringLiteral("ask_read"));
    p.askWrite = r.readStrings(object, at, QStringLiteral("ask_write"));
    p.askNet = r.readStrings(object, at, QStringLiteral("ask_net"));
    p.askEnv = r.readStrings(object, at, QStringLiteral("ask_env"));
    p.askRun = r.readStrings(object, at, QStringLiteral("ask_run"));
    // An ask entry is checked as an allow entry is: a person's yes must not reach further than
    // the same entry in an allow list could.
    for (const auto &[key, list] : {std::pair{"allow_env", &p.allowEnv}, std::pair{"ask_env", &p.askEnv}}) {
        for (int i = 0; i < list->size(); ++i) {
            const QString reason = reservedEnvReason(list->at(i));
            if (!reason.isEmpty())
                r.fail(at + QLatin1Char('/') + QLatin1String(key) + QLatin1Char('/') + QString::number(i), reason);
        }
    }
    // Refused here, at the entry, rather than later at run time without a position.
    for (const auto &[key, list] : {std::pair{"allow_net", &p.allowNet}, std::pair{"ask_net", &p.askNet}}) {
        for (int i = 0; i < list->size(); ++i) {
            if (!NetRule::parse(list->at(i)))
                r.fail(at + QLatin1Char('/') + QLatin1String(key) + QLatin1Char('/') + QString::number(i),
                       QStringLiteral("\"%1\" item %2 (%3): not a host, host:port, *.domain, IP or URL")
                               .arg(QLatin1String(key)).arg(i).arg(list->at(i)));
        }
    }
    for (int i = 0; i < p.askRun.size(); ++i) {
        // "*" asks for every program: a person cannot judge that, and the namespace would have
        // to hold every binary.
        if (p.askRun.at(i) == QLatin1String("*") || p.askRun.at(i).isEmpty())
            r.fail(at + QStringLiteral("/ask_run/") + QString::number(i),
                   QStringLiteral("\"ask_run\" item %1 (%2): name one program").arg(i).arg(p.askRun.at(i)));
    }
    for (int i = 0; i < p.allowListen.size(); ++i) {
        if (!NetRule::parse(p.allowListen.at(i)))
            r.fail(at + QStringLiteral("/allow_listen/") + QString::number(i),
                   QStringLiteral("\"allow_listen\" item %1 (%2): not a host, host:port or IP").arg(i).arg(p.allowListen.at(i)));
    }
    r.checkRoots(p.allowRead, at, QStringLiteral("allow_read"));
    r.checkRoots(p.allowWrite, at, QStringLiteral("allow_write"));
    r.checkRoots(p.askRead, at, QStringLiteral("ask_read"));
    r.checkRoots(p.askWrite, at, QStringLiteral("ask_write"));
}

void readOptions(PolicyReader &r, const QJsonObject &object, Policy &policy)
{
    const QString at = QStringLiteral("/options");
    r.checkKeys(object, at, {QStringLiteral("seed"), QStringLiteral("freeze_time"), QStringLiteral("timeout_ms"),
                             QStringLiteral("ask_timeout_ms"), QStringLiteral("max_memory_mb"), QStringLiteral("max_workdir_mb"), QStringLiteral("max_tasks"), QStringLiteral("max_output_bytes"),
                             QStringLiteral("workdir"), QStringLiteral("read_only_dirs"),
                             QStringLiteral("allow_packages"), QStringLiteral("env"),
                             QStringLiteral("accept_missing_layers")});
    constexpr qint64 maxSafeInteger = (qint64(1) << 53) - 1;
    if (auto seed = r.readInteger(object, at, QStringLiteral("seed"), 0, maxSafeInteger))
        policy.seed = quint64(*seed);
    const QJsonValue freeze = object.value(QStringLiteral("freeze_time"));
    if (freeze.isString() || freeze.isDouble()) {
        const double number = freeze.toDouble();
        const bool representable = freeze.isString() || (number >= -9.0e15 && number <= 9.0e15);
        const QString text = freeze.isString() ? freeze.toString()
                             : representable ? QString::number(qint64(number)) : QStringLiteral("x");
        policy.freezeTimeMs = parseInstant(text);
        if (!policy.freezeTimeMs)
            r.fail(at + QStringLiteral("/freeze_time"),
                   QStringLiteral("\"freeze_time\" must be ISO 8601 with an offset (2026-01-01T00:00:00Z) or epoch milliseconds"));
    } else if (!freeze.isUndefined()) {
        r.fail(at + QStringLiteral("/freeze_time"), QStringLiteral("\"freeze_time\" must be a string or a number"));
    }
    policy.timeoutMs = r.readInteger(object, at, QStringLiteral("timeout_ms"), 1, qint64(7) * 24 * 3600 * 1000);
    policy.askTimeoutMs = r.readInteger(object, at, QStringLiteral("ask_timeout_ms"), Policy::minAskTimeoutMs, Policy::maxAskTimeoutMs);
    if (auto memory = r.readInteger(object, at, QStringLiteral("max_memory_mb"), 16, 1024 * 1024))
        policy.maxMemoryMb = int(*memory);
    if (auto disk = r.readInteger(object, at, QStringLiteral("max_workdir_mb"), 1, 1024 * 1024))
        policy.maxWorkdirMb = int(*disk);
    if (auto tasks = r.readInteger(object, at, QStringLiteral("max_tasks"), Policy::minTasks, Policy::maxTasksLimit))
        policy.maxTasks = int(*tasks);
    if (auto cap = r.readInteger(object, at, QStringLiteral("max_output_bytes"), 1, qint64(1) << 34))
        policy.maxOutputBytes = *cap;
    policy.workdir = r.readString(object, at, QStringLiteral("workdir"));
    policy.readOnlyDirs = r.readStrings(object, at, QStringLiteral("read_only_dirs"));
    r.checkRoots(policy.readOnlyDirs, at, QStringLiteral("read_only_dirs"));
    policy.allowPackages = r.readStrings(object, at, QStringLiteral("allow_packages"));
    policy.acceptMissingLayers = r.readStrings(object, at, QStringLiteral("accept_missing_layers"));
    for (qsizetype i = 0; i < policy.acceptMissingLayers.size(); ++i) {
        if (!Policy::acceptableMissingLayers().contains(policy.acceptMissingLayers.at(i)))
            r.fail(at + QStringLiteral("/accept_missing_layers/") + QString::number(i),
                   QStringLiteral("\"accept_missing_layers\" item %1 (%2): not a layer a run may go without (%3)")
                           .arg(i).arg(policy.acceptMissingLayers.at(i).left(100), Policy::acceptableMissingLayers().join(QStringLiteral(", "))));
    }
    const QJsonValue env = object.value(QStringLiteral("env"));
    if (env.isObject()) {
        const QJsonObject vars = env.toObject();
        for (auto it = vars.begin(); it != vars.end(); ++it) {
            const QString pointer = at + QStringLiteral("/env/") + it.key();
            const QString reason = reservedEnvReason(it.key());
            if (!reason.isEmpty())
                r.fail(pointer, reason, true);
            else if (!it.value().isString())
                r.fail(pointer, QStringLiteral("env \"%1\" must be a string").arg(it.key()));
            else
                policy.env.insert(it.key(), it.value().toString());
        }
    } else if (!env.isUndefined()) {
        r.fail(at + QStringLiteral("/env"), QStringLiteral("\"env\" must be an object of strings"));
    }
}

// A glob of the approvals section: bounded, visible, and not only stars around nothing.
bool readGlob(PolicyReader &r, const QString &pointer, const QString &what, const QJsonValue &value, QString *out)
{
    const QString text = value.toString();
    if (!value.isString() || text.isEmpty() || text.size() > ApprovalSection::maxPatternLength) {
        // A missing key is shown at the object that lacks it.
        r.fail(value.isUndefined() ? pointer.section(QLatin1Char('/'), 0, -2) : pointer, QStringLiteral("%1 must be a string of 1 to %2 characters, not %3")
                                .arg(what).arg(ApprovalSection::maxPatternLength)
                                .arg(value.isString() ? QStringLiteral("%1 characters").arg(text.size()) : QLatin1String(typeName(value))));
        return false;
    }
    if (const QString hidden = PolicyReader::hiddenCharacter(text); !hidden.isEmpty()) {
        r.fail(pointer, QStringLiteral("%1 holds the control or invisible character %2").arg(what, hidden));
        return false;
    }
    *out = text;
    return true;
}

void readApprovals(PolicyReader &r, const QJsonObject &object, ApprovalSection &a)
{
    const QString at = QStringLiteral("/approvals");
    a.present = true;
    r.checkKeys(object, at, {QStringLiteral("rules"), QStringLiteral("default"), QStringLiteral("timeout_ms")});
    const QStringList actions = ApprovalSection::actions();
    auto readAction = [&](const QJsonObject &o, const QString &pointer, const QString &key) -> QString {
        const QJsonValue v = o.value(key);
        if (!v.isString() || !actions.contains(v.toString())) {
            r.fail(v.isUndefined() ? pointer : pointer + QLatin1Char('/') + key,
                   QStringLiteral("\"%1\" must be one of %2, not %3")
                           .arg(key, actions.join(QStringLiteral(", ")),
                                v.isString() ? QLatin1Char('"') + v.toString().left(40) + QLatin1Char('"') : QLatin1String(typeName(v))));
            return {};
        }
        return v.toString();
    };
    if (object.contains(QStringLiteral("default")))
        a.defaultAction = readAction(object, at, QStringLiteral("default"));
    a.timeoutMs = r.readInteger(object, at, QStringLiteral("timeout_ms"), ApprovalSection::minTimeoutMs, ApprovalSection::maxTimeoutMs);
    const QJsonValue rules = object.value(QStringLiteral("rules"));
    if (rules.isUndefined())
        return;
    if (!rules.isArray() || rules.toArray().size() > ApprovalSection::maxRules) {
        r.fail(at + QStringLiteral("/rules"), QStringLiteral("\"rules\" must be an array of at most %1 rules, not %2")
                                                      .arg(ApprovalSection::maxRules)
                                                      .arg(rules.isArray() ? QStringLiteral("%1 rules").arg(rules.toArray().size()) : QLatin1String(typeName(rules))));
        return;
    }
    const QJsonArray list = rules.toArray();
    for (qsizetype i = 0; i < list.size() && !r.failed(); ++i) {
        const QString item = at + QStringLiteral("/rules/") + QString::number(i);
        if (!list.at(i).isObject()) {
            r.fail(item, QStringLiteral("rule %1 must be an object, not %2").arg(i).arg(QLatin1String(typeName(list.at(i)))));
            return;
        }
        const QJsonObject o = list.at(i).toObject();
        r.checkKeys(o, item, {QStringLiteral("tool"), QStringLiteral("arguments"), QStringLiteral("action")});
        ApprovalRuleEntry rule;
        if (!readGlob(r, item + QStringLiteral("/tool"), QStringLiteral("rule %1's \"tool\"").arg(i), o.value(QStringLiteral("tool")), &rule.tool))
            return;
        rule.where = r.where(item + QStringLiteral("/tool"));
        rule.action = readAction(o, item, QStringLiteral("action"));
        const QJsonValue args = o.value(QStringLiteral("arguments"));
        if (!args.isUndefined() && (!args.isObject() || args.toObject().isEmpty() || args.toObject().size() > ApprovalSection::maxArguments)) {
            r.fail(item + QStringLiteral("/arguments"), QStringLiteral("rule %1's \"arguments\" must be an object of 1 to %2 argument patterns")
                                                                .arg(i).arg(ApprovalSection::maxArguments));
            return;
        }
        const QJsonObject patterns = args.toObject();
        for (auto it = patterns.begin(); it != patterns.end(); ++it) {
            const QString pointer = item + QStringLiteral("/arguments/") + it.key();
            static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]{0,63}$"));
            if (!name.match(it.key()).hasMatch()) {
                r.fail(pointer, QStringLiteral("rule %1: \"%2\" is not an argument name").arg(i).arg(it.key().left(64)), true);
                return;
            }
            ApprovalArgumentPattern p{it.key(), {}, r.where(pointer)};
            if (!readGlob(r, pointer, QStringLiteral("rule %1's pattern for \"%2\"").arg(i).arg(it.key()), it.value(), &p.pattern))
                return;
            rule.arguments << p;
        }
        a.rules << rule;
    }
}

QJsonObject approvalsToJson(const ApprovalSection &a)
{
    QJsonArray rules;
    for (const ApprovalRuleEntry &rule : a.rules) {
        QJsonObject o{{QStringLiteral("tool"), rule.tool}, {QStringLiteral("action"), rule.action}};
        QJsonObject args;
        for (const ApprovalArgumentPattern &p : rule.arguments)
            args.insert(p.name, p.pattern);
        if (!args.isEmpty())
            o.insert(QStringLiteral("arguments"), args);
        rules.append(o);
    }
    QJsonObject out{{QStringLiteral("rules"), rules}};
    if (!a.defaultAction.isEmpty())
        out.insert(QStringLiteral("default"), a.defaultAction);
    if (a.timeoutMs)
        out.insert(QStringLiteral("timeout_ms"), double(*a.timeoutMs));
    return out;
}

QJsonArray toArray(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

} // namespace

QString sensitiveRootReason(const QString &absolutePath, const QString &homeDir)
{
    const QString path = QDir::cleanPath(absolutePath);
    const QString home = QDir::cleanPath(homeDir.isEmpty() ? QDir::homePath() : homeDir);
    if (path == QLatin1String("/"))
        return QStringLiteral("the whole file system (/proc and every home included)");
    for (const char *system : {"/proc", "/sys", "/dev"}) {
        const QString root = QLatin1String(system);
        if (path == root || path.startsWith(root + QLatin1Char('/')))
            return QStringLiteral("%1 belongs to the system and its processes").arg(root);
    }
    if (path == home || path == QLatin1String("/home") || path == QLatin1String("/root"))
        return QStringLiteral("a whole home folder (keys, tokens, browser profiles)");
    return {};
}

Result<Policy> parsePolicy(const QByteArray &input, const QString &sourceName, const PolicyParseOptions &options)
{
    // A UTF-8 BOM is not JSON but editors write one; columns count from after it.
    const QByteArray json = input.startsWith("\xEF\xBB\xBF") ? input.mid(3) : input;
    PolicyReader reader(json, sourceName, options);
    if (!reader.locator().error().isEmpty()) {
        const TextPosition at = reader.locator().errorPosition();
        return fail(ErrorCode::Parse, QStringLiteral("%1:%2:%3: %4")
                                              .arg(sourceName).arg(at.line).arg(at.column).arg(reader.locator().error()));
    }
    // Qt refuses a scalar document with a parse error; say what is wrong instead (found by
    // fuzz_policy: "0").
    if (!json.trimmed().startsWith('{')) {
        reader.fail(QString(), QStringLiteral("a policy must be a JSON object"));
        return fail(ErrorCode::Parse, reader.error());
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const TextPosition at = JsonLocator::positionOf(json, parseError.offset);
        return fail(ErrorCode::Parse, QStringLiteral("%1:%2:%3: %4")
                                              .arg(sourceName).arg(at.line).arg(at.column)
                                              .arg(parseError.errorString()));
    }
    if (!document.isObject()) {
        reader.fail(QString(), QStringLiteral("a policy must be a JSON object"));
        return fail(ErrorCode::Parse, reader.error());
    }
    const QJsonObject root = document.object();
    Policy policy;
    reader.checkKeys(root, QString(), {QStringLiteral("sandbox"), QStringLiteral("permissions"), QStringLiteral("options"),
                                       QStringLiteral("approvals")});
    policy.sandbox = reader.readBool(root, QString(), QStringLiteral("sandbox"), false);
    for (const QString &key : {QStringLiteral("permissions"), QStringLiteral("options"), QStringLiteral("approvals")}) {
        const QJsonValue section = root.value(key);
        if (section.isUndefined())
            continue;
        if (!section.isObject()) {
            reader.fail(QLatin1Char('/') + key, QStringLiteral("\"%1\" must be an object, not %2")
                                                        .arg(key, QLatin1String(typeName(section))));
            continue;
        }
        if (key == QLatin1String("permissions"))
            readPermissions(reader, section.toObject(), policy.permissions);
        else if (key == QLatin1String("options"))
            readOptions(reader, section.toObject(), policy);
        else
            readApprovals(reader, section.toObject(), policy.approvals);
    }
    if (reader.failed())
        return fail(ErrorCode::Parse, reader.error());
    return policy;
}

Result<Policy> readPolicyFile(const QString &path, const PolicyParseOptions &options)
{
    // Checked on the opened descriptor: /dev/zero or a FIFO is refused at once, not read.
    auto data = readRegularFile(path, kMaxPolicyFileBytes, QStringLiteral("the policy"));
    if (!data)
        return std::unexpected(Error{data.error().code, data.error().message.startsWith(path)
                                                               ? data.error().message
                                                               : path + QStringLiteral(": ") + data.error().message});
    PolicyParseOptions withBase = options;
    if (withBase.baseDir.isEmpty())
        withBase.baseDir = QFileInfo(path).absolutePath();
    return parsePolicy(*data, path, withBase);
}

QByteArray policyToJson(const Policy &policy)
{
    const Permissions &p = policy.permissions;
    QJsonObject permissions;
    auto putSwitch = [&](const char *key, bool on) {
        if (on)
            permissions.insert(QLatin1String(key), true);
    };
    auto putList = [](QJsonObject &into, const char *key, const QStringList &list) {
        if (!list.isEmpty())
            into.insert(QLatin1String(key), toArray(list));
    };
    putSwitch("deny_fs", p.denyFs);
    putSwitch("deny_net", p.denyNet);
    putSwitch("deny_env", p.denyEnv);
    putSwitch("deny_run", p.denyRun);
    putList(permissions, "allow_read", p.allowRead);
    putList(permissions, "allow_write", p.allowWrite);
    putList(permissions, "allow_net", p.allowNet);
    putList(permissions, "allow_env", p.allowEnv);
    putList(permissions, "allow_run", p.allowRun);
    putList(permissions, "allow_listen", p.allowListen);
    putList(permissions, "ask_read", p.askRead);
    putList(permissions, "ask_write", p.askWrite);
    putList(permissions, "ask_net", p.askNet);
    putList(permissions, "ask_env", p.askEnv);
    putList(permissions, "ask_run", p.askRun);

    QJsonObject options;
    if (policy.seed)
        options.insert(QStringLiteral("seed"), double(*policy.seed));
    if (policy.freezeTimeMs) {
        options.insert(QStringLiteral("freeze_time"),
                       QDateTime::fromMSecsSinceEpoch(*policy.freezeTimeMs, Qt::UTC).toString(Qt::ISODateWithMs));
    }
    if (policy.timeoutMs)
        options.insert(QStringLiteral("timeout_ms"), double(*policy.timeoutMs));
    if (policy.askTimeoutMs)
        options.insert(QStringLiteral("ask_timeout_ms"), double(*policy.askTimeoutMs));
    if (policy.maxMemoryMb)
        options.insert(QStringLiteral("max_memory_mb"), *policy.maxMemoryMb);
    if (policy.maxWorkdirMb)
        options.insert(QStringLiteral("max_workdir_mb"), *policy.maxWorkdirMb);
    if (policy.maxTasks)
        options.insert(QStringLiteral("max_tasks"), *policy.maxTasks);
    if (policy.maxOutputBytes != Policy().maxOutputBytes)
        options.insert(QStringLiteral("max_output_bytes"), double(policy.maxOutputBytes));
    if (!policy.workdir.isEmpty())
        options.insert(QStringLiteral("workdir"), policy.workdir);
    putList(options, "read_only_dirs", policy.readOnlyDirs);
    putList(options, "allow_packages", policy.allowPackages);
    putList(options, "accept_missing_layers", policy.acceptMissingLayers);
    if (!policy.env.isEmpty()) {
        QJsonObject env;
        for (auto it = policy.env.cbegin(); it != policy.env.cend(); ++it)
            env.insert(it.key(), it.value());
        options.insert(QStringLiteral("env"), env);
    }

    QJsonObject root;
    if (policy.sandbox)
        root.insert(QStringLiteral("sandbox"), true);
    root.insert(QStringLiteral("permissions"), permissions);
    if (!options.isEmpty())
        root.insert(QStringLiteral("options"), options);
    if (policy.approvals.present)
        root.insert(QStringLiteral("approvals"), approvalsToJson(policy.approvals));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

VoidResult writePolicyFile(const QString &path, const Policy &policy)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(ErrorCode::Io, QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    file.write(policyToJson(policy));
    if (!file.commit())
        return fail(ErrorCode::Io, QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    return {};
}

} // namespace Sandbench
