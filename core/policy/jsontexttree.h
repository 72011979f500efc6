#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

namespace Sandbench {

// Where each value of a JSON text stands, byte by byte: what a minimal edit needs to change one
// entry and leave every other byte alone. Built only over text JsonLocator has accepted (strict
// JSON, no duplicate keys), so it does not report errors itself; strings are skipped with their
// escapes, so brackets, quotes or "//" inside a string are never taken for structure.
struct JsonTextNode
{
    enum class Type { Object, Array, String, Number, Literal };
    Type type = Type::Literal;
    qsizetype start = 0; // first byte of the value
    qsizetype end = 0;   // one past its last byte
    // Object members: the decoded key, where the key's opening quote is, and the value.
    struct Member
    {
        QString key;
        qsizetype keyStart = 0;
        qsizetype keyEnd = 0;
    };
    std::vector<Member> members;       // objects only, in file order
    std::vector<JsonTextNode> children; // object values (parallel to members) or array items

    bool isContainer() const { return type == Type::Object || type == Type::Array; }
    // The index of `key` among the members; -1 when there is none.
    qsizetype indexOf(const QString &key) const;
};

class JsonTextTree
{
public:
    // `json` must be well formed (checked by JsonLocator first).
    explicit JsonTextTree(const QByteArray &json);
    const JsonTextNode &root() const { return m_root; }
    // The node at an object path (keys only): null when a key is missing or not in an object.
    const JsonTextNode *find(const QStringList &keys) const;

private:
    JsonTextNode parseValue();
    void parseString(QString *decoded);
    void skipWhitespace();

    QByteArray m_text;
    qsizetype m_pos = 0;
    JsonTextNode m_root;
};

} // namespace Sandbench
