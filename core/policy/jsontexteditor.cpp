#include "jsontexteditor.h"

#include "common/terminaltext.h"
#include "policy/jsonlocator.h"

#include <QJsonArray>
#include <QJsonObject>

#include <deque>

namespace Sandbench {

namespace {

QString pathText(const QStringList &path)
{
    return QLatin1Char('/') + path.join(QLatin1Char('/'));
}

// Every container of the tree, outermost first: the file's style is read from the first one
// that shows it, the way a person reads the top of a file.
template<typename Visit>
const JsonTextNode *firstContainer(const JsonTextNode &root, Visit &&accept)
{
    std::deque<const JsonTextNode *> queue{&root};
    while (!queue.empty()) {
        const JsonTextNode *node = queue.front();
        queue.pop_front();
        if (accept(*node))
            return node;
        for (const JsonTextNode &child : node->children)
            if (child.isContainer())
                queue.push_back(&child);
    }
    return nullptr;
}

} // namespace

JsonTextEditor::JsonTextEditor(const QByteArray &json)
    : m_text(json)
    , m_tree(json)
{
}

Result<JsonTextEditor> JsonTextEditor::open(const QByteArray &json)
{
    const JsonLocator locator(json);
    if (!locator.error().isEmpty()) {
        const TextPosition at = locator.errorPosition();
        return fail(ErrorCode::Parse, QStringLiteral("line %1, column %2: %3 (the text is left as it is)")
                                              .arg(at.line).arg(at.column).arg(locator.error()));
    }
    return JsonTextEditor(json);
}

QByteArray JsonTextEditor::quote(const QString &text)
{
    QByteArray out("\"");
    const auto escape = [&out](char16_t unit) {
        out += "\\u" + QByteArray::number(unit, 16).toUpper().rightJustified(4, '0');
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        char32_t code = c.unicode();
        const bool pair = c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
        if (pair)
            code = QChar::surrogateToUcs4(c, text.at(i + 1));
        switch (code) {
        case '"': out += "\\\""; continue;
        case '\\': out += "\\\\"; continue;
        case '\b': out += "\\b"; continue;
        case '\f': out += "\\f"; continue;
        case '\n': out += "\\n"; continue;
        case '\r': out += "\\r"; continue;
        case '\t': out += "\\t"; continue;
        default: break;
        }
        const bool hidden = code < 0x20 || (code >= 0x7f && code <= 0x9f) || isFormattingCharacter(code)
                            || (c.isSurrogate() && !pair);
        if (hidden) {
            escape(c.unicode());
            if (pair)
                escape(text.at(i + 1).unicode());
        } else {
            out += (pair ? text.mid(i, 2) : QString(c)).toUtf8();
        }
        if (pair)
            ++i;
    }
    return out + '"';
}

void JsonTextEditor::replace(qsizetype start, qsizetype end, const QByteArray &with)
{
    m_text.replace(start, end - start, with);
    m_tree = JsonTextTree(m_text);
}

QByteArray JsonTextEditor::newline() const
{
    const qsizetype lf = m_text.indexOf('\n');
    return lf > 0 && m_text.at(lf - 1) == '\r' ? QByteArray("\r\n") : QByteArray("\n");
}

QByteArray JsonTextEditor::lineIndent(qsizetype offset) const
{
    const qsizetype lineStart = m_text.lastIndexOf('\n', offset - 1) + 1;
    qsizetype end = lineStart;
    while (end < offset && (m_text.at(end) == ' ' || m_text.at(end) == '\t'))
        ++end;
    return m_text.mid(lineStart, end - lineStart);
}

qsizetype JsonTextEditor::childStart(const JsonTextNode &container, qsizetype index)
{
    return container.type == JsonTextNode::Type::Object ? container.members[size_t(index)].keyStart
                                                        : container.children[size_t(index)].start;
}

bool JsonTextEditor::isMultiline(const JsonTextNode &container) const
{
    const qsizetype until = container.children.empty() ? container.end : childStart(container, 0);
    return m_text.mid(container.start, until - container.start).contains('\n');
}

QByteArray JsonTextEditor::indentUnit() const
{
    QByteArray unit;
    firstContainer(m_tree.root(), [&](const JsonTextNode &node) {
        if (node.children.empty() || !isMultiline(node))
            return false;
        const QByteArray outer = lineIndent(node.start);
        const QByteArray inner = lineIndent(childStart(node, 0));
        if (inner.size() <= outer.size() || !inner.startsWith(outer))
            return false;
        unit = inner.mid(outer.size());
        return true;
    });
    return unit.isEmpty() ? QByteArray("    ") : unit;
}

QByteArray JsonTextEditor::colon() const
{
    QByteArray out;
    firstContainer(m_tree.root(), [&](const JsonTextNode &node) {
        if (node.members.empty())
            return false;
        out = m_text.mid(node.members[0].keyEnd, node.children[0].start - node.members[0].keyEnd);
        return true;
    });
    return out.isEmpty() || out.contains('\n') ? QByteArray(": ") : out;
}

bool JsonTextEditor::arraysMultiline(bool fallback) const
{
    const JsonTextNode *array = firstContainer(m_tree.root(), [](const JsonTextNode &node) {
        return node.type == JsonTextNode::Type::Array && !node.children.empty();
    });
    return array ? isMultiline(*array) : fallback;
}

QByteArray JsonTextEditor::childIndent(const JsonTextNode &container) const
{
    if (!container.children.empty() && isMultiline(container))
        return lineIndent(childStart(container, 0));
    return lineIndent(container.start) + indentUnit();
}

QByteArray JsonTextEditor::render(const QJsonValue &value, const QByteArray &indent, bool multiline) const
{
    switch (value.type()) {
    case QJsonValue::String:
        return quote(value.toString());
    case QJsonValue::Bool:
        return value.toBool() ? "true" : "false";
    case QJsonValue::Double: {
        const double d = value.toDouble();
        return d == double(qint64(d)) ? QByteArray::number(qint64(d)) : QByteArray::number(d, 'g', 17);
    }
    case QJsonValue::Array:
    case QJsonValue::Object: {
        const bool isArray = value.isArray();
        QList<QByteArray> entries;
        const QByteArray inner = indent + indentUnit();
        const bool lines = isArray ? arraysMultiline(multiline) : multiline;
        if (isArray) {
            for (const QJsonValue &item : value.toArray())
                entries << render(item, inner, multiline);
        } else {
            const QJsonObject object = value.toObject();
            for (auto it = object.begin(); it != object.end(); ++it)
                entries << quote(it.key()) + colon() + render(it.value(), inner, multiline);
        }
        const QByteArray open = isArray ? "[" : "{";
        const QByteArray close = isArray ? "]" : "}";
        if (entries.isEmpty())
            return open + close;
        if (!lines)
            return open + entries.join(", ") + close;
        const QByteArray nl = newline();
        return open + nl + inner + entries.join("," + nl + inner) + nl + indent + close;
    }
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
    return "null";
}

void JsonTextEditor::insertEntry(const JsonTextNode &container, qsizetype index, const QByteArray &entry)
{
    const qsizetype n = qsizetype(container.children.size());
    if (n == 0) {
        // Inside "[]" or "{}": inline stays inline; "[\n  ]" becomes a one-entry block.
        if (!isMultiline(container)) {
            // "[ ]" becomes "[ \"x\" ]": the spaces the user put there are kept on both sides.
            const QByteArray spaces = m_text.mid(container.start + 1, container.end - 1 - container.start - 1);
            replace(container.end - 1, container.end - 1, spaces.isEmpty() ? entry : entry + spaces);
            return;
        }
        const QByteArray nl = newline();
        replace(container.start + 1, container.end - 1, nl + childIndent(container) + entry + nl + lineIndent(container.start));
        return;
    }
    // The separator the file already uses between two entries of this container; with one
    // entry, a new line when the entry stands on a line of its own, else ", ".
    const auto separator = [&](qsizetype first) -> QByteArray {
        if (first >= 0 && first + 1 < n) {
            // From the comma on: spaces a hand left before one comma are not copied to the next.
            const qsizetype from = container.children[size_t(first)].end;
            const qsizetype comma = m_text.indexOf(',', from);
            return m_text.mid(comma, childStart(container, first + 1) - comma);
        }
        if (isMultiline(container))
            return "," + newline() + lineIndent(childStart(container, 0));
        return ", ";
    };
    if (index < 0 || index >= n) {
        const QByteArray sep = n >= 2 ? separator(n - 2) : separator(-1);
        const qsizetype at = container.children[size_t(n - 1)].end;
        replace(at, at, sep + entry);
        return;
    }
    const QByteArray sep = index + 1 < n ? separator(index) : index > 0 ? separator(index - 1) : separator(-1);
    const qsizetype at = childStart(container, index);
    replace(at, at, entry + sep);
}

void JsonTextEditor::removeEntry(const JsonTextNode &container, qsizetype index)
{
    const qsizetype n = qsizetype(container.children.size());
    if (n == 1) {
        // "[ \"x\" ]" gives back "[ ]", a block of lines "[]".
        replace(isMultiline(container) ? container.start + 1 : childStart(container, 0), container.end - 1, {});
        return;
    }
    // The separator before the entry goes with it (the one after keeps the line break that
    // the next entry stands after); the first entry takes the separator after it instead.
    if (index == 0) {
        replace(childStart(container, 0), childStart(container, 1), {});
        return;
    }
    replace(container.children[size_t(index - 1)].end, container.children[size_t(index)].end, {});
}

Result<const JsonTextNode *> JsonTextEditor::arrayAt(const QStringList &path) const
{
    const JsonTextNode *node = m_tree.find(path);
    if (!node)
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1 is not in the text").arg(pathText(path)));
    if (node->type != JsonTextNode::Type::Array)
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1 is not an array").arg(pathText(path)));
    return node;
}

VoidResult JsonTextEditor::insertString(const QStringList &path, qsizetype index, const QString &value)
{
    const JsonTextNode *node = m_tree.find(path);
    if (!node)
        return setValue(path, QJsonArray{value});
    auto array = arrayAt(path);
    if (!array)
        return std::unexpected(array.error());
    insertEntry(**array, index, quote(value));
    return {};
}

VoidResult JsonTextEditor::removeItem(const QStringList &path, qsizetype index)
{
    auto array = arrayAt(path);
    if (!array)
        return std::unexpected(array.error());
    if (index < 0 || index >= qsizetype((*array)->children.size()))
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1 has no item %2").arg(pathText(path)).arg(index));
    removeEntry(**array, index);
    return {};
}

VoidResult JsonTextEditor::replaceItem(const QStringList &path, qsizetype index, const QString &value)
{
    auto array = arrayAt(path);
    if (!array)
        return std::unexpected(array.error());
    if (index < 0 || index >= qsizetype((*array)->children.size()))
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1 has no item %2").arg(pathText(path)).arg(index));
    const JsonTextNode &item = (*array)->children[size_t(index)];
    replace(item.start, item.end, quote(value));
    return {};
}

VoidResult JsonTextEditor::setValue(const QStringList &path, const QJsonValue &value)
{
    if (path.isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("the whole document is not replaced by an edit"));
    const JsonTextNode *node = &m_tree.root();
    for (qsizetype i = 0; i < path.size(); ++i) {
        if (node->type != JsonTextNode::Type::Object)
            return fail(ErrorCode::InvalidInput, QStringLiteral("%1 is not an object").arg(pathText(path.mid(0, i))));
        const qsizetype at = node->indexOf(path.at(i));
        if (at >= 0) {
            node = &node->children[size_t(at)];
            continue;
        }
        // The key is missing: it is added with what goes below it, at the end of its object.
        QJsonValue nested = value;
        for (qsizetype k = path.size() - 1; k > i; --k)
            nested = QJsonObject{{path.at(k), nested}};
        const bool multiline = isMultiline(*node);
        const QByteArray entry = quote(path.at(i)) + colon() + render(nested, childIndent(*node), multiline);
        insertEntry(*node, -1, entry);
        return {};
    }
    const bool multiline = node->isContainer() ? isMultiline(*node) : arraysMultiline(true);
    replace(node->start, node->end, render(value, lineIndent(node->start), multiline));
    return {};
}

VoidResult JsonTextEditor::removeKey(const QStringList &path)
{
    if (path.isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("the whole document is not removed by an edit"));
    const JsonTextNode *parent = m_tree.find(path.mid(0, path.size() - 1));
    if (!parent || parent->type != JsonTextNode::Type::Object)
        return {};
    const qsizetype at = parent->indexOf(path.last());
    if (at >= 0)
        removeEntry(*parent, at);
    return {};
}

} // namespace Sandbench
