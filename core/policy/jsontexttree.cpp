#include "jsontexttree.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Sandbench {

qsizetype JsonTextNode::indexOf(const QString &key) const
{
    for (size_t i = 0; i < members.size(); ++i)
        if (members[i].key == key)
            return qsizetype(i);
    return -1;
}

JsonTextTree::JsonTextTree(const QByteArray &json)
    : m_text(json)
{
    skipWhitespace();
    if (m_pos < m_text.size())
        m_root = parseValue();
}

const JsonTextNode *JsonTextTree::find(const QStringList &keys) const
{
    const JsonTextNode *node = &m_root;
    for (const QString &key : keys) {
        if (node->type != JsonTextNode::Type::Object)
            return nullptr;
        const qsizetype at = node->indexOf(key);
        if (at < 0)
            return nullptr;
        node = &node->children[size_t(at)];
    }
    return node;
}

void JsonTextTree::skipWhitespace()
{
    while (m_pos < m_text.size()) {
        const char c = m_text.at(m_pos);
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        ++m_pos;
    }
}

void JsonTextTree::parseString(QString *decoded)
{
    const qsizetype open = m_pos++;
    bool escaped = false;
    while (m_pos < m_text.size()) {
        const char c = m_text.at(m_pos++);
        if (c == '\\') {
            ++m_pos; // the escaped character ("\"" or "\\" never ends the string)
            escaped = true;
        } else if (c == '"') {
            break;
        }
    }
    if (!decoded)
        return;
    const QByteArray raw = m_text.mid(open, m_pos - open);
    if (!escaped) {
        *decoded = QString::fromUtf8(raw.mid(1, raw.size() - 2));
        return;
    }
    // Escapes decoded by Qt's own reader, as parsePolicy reads the key.
    *decoded = QJsonDocument::fromJson("[" + raw + "]").array().at(0).toString();
}

JsonTextNode JsonTextTree::parseValue()
{
    JsonTextNode node;
    node.start = m_pos;
    const char c = m_pos < m_text.size() ? m_text.at(m_pos) : '\0';
    if (c == '{' || c == '[') {
        node.type = c == '{' ? JsonTextNode::Type::Object : JsonTextNode::Type::Array;
        const char close = c == '{' ? '}' : ']';
        ++m_pos;
        skipWhitespace();
        while (m_pos < m_text.size() && m_text.at(m_pos) != close) {
            if (node.type == JsonTextNode::Type::Object) {
                JsonTextNode::Member member;
                member.keyStart = m_pos;
                parseString(&member.key);
                member.keyEnd = m_pos;
                skipWhitespace();
                ++m_pos; // ':'
                skipWhitespace();
                node.members.push_back(member);
            }
            node.children.push_back(parseValue());
            skipWhitespace();
            if (m_pos < m_text.size() && m_text.at(m_pos) == ',') {
                ++m_pos;
                skipWhitespace();
            }
        }
        ++m_pos; // the closer
    } else if (c == '"') {
        node.type = JsonTextNode::Type::String;
        parseString(nullptr);
    } else {
        node.type = (c == '-' || (c >= '0' && c <= '9')) ? JsonTextNode::Type::Number : JsonTextNode::Type::Literal;
        while (m_pos < m_text.size()) {
            const char d = m_text.at(m_pos);
            if (d == ',' || d == '}' || d == ']' || d == ' ' || d == '\t' || d == '\n' || d == '\r')
                break;
            ++m_pos;
        }
    }
    node.end = m_pos;
    return node;
}

} // namespace Sandbench
