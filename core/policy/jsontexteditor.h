#pragma once

#include "common/result.h"
#include "policy/jsontexttree.h"

#include <QByteArray>
#include <QJsonValue>
#include <QStringList>

namespace Sandbench {

// Changes a JSON text the way a person would in an editor: each change replaces only the bytes
// of the entry it is about (and the comma beside it), so every other byte of the file (its key
// order, spacing, indentation, line ends, empty arrays) stays as the user wrote it. New entries
// follow the style around them: an inline array gets `, "x"`, a multi-line one a new line
// indented like its neighbours, with the file's own line end (CRLF stays CRLF) and indentation
// unit (tabs stay tabs). Paths are object keys from the root ({"permissions", "allow_read"}).
// The text is never re-serialised; a text that is not well-formed JSON is refused, naming
// line and column.
class JsonTextEditor
{
public:
    static Result<JsonTextEditor> open(const QByteArray &json);

    const QByteArray &text() const { return m_text; }

    // Inserts a string into the array at `path` (index -1 or the size: at its end), making the
    // array, and the objects above it, when they are missing.
    VoidResult insertString(const QStringList &path, qsizetype index, const QString &value);
    // Removes item `index` of the array at `path` (a missing array or item is an error).
    VoidResult removeItem(const QStringList &path, qsizetype index);
    // Replaces item `index` of the array at `path` with a string.
    VoidResult replaceItem(const QStringList &path, qsizetype index, const QString &value);
    // Sets the value at `path`, replacing the old value's bytes or adding the key (and the
    // objects above it) at the end of its object.
    VoidResult setValue(const QStringList &path, const QJsonValue &value);
    // Removes the key at `path` with its value and one comma; nothing when it is missing.
    VoidResult removeKey(const QStringList &path);

    // A JSON string literal of `text`, quotes included: control, invisible and bidirectional
    // characters written as \u escapes so the file shows what the entry is.
    static QByteArray quote(const QString &text);

private:
    explicit JsonTextEditor(const QByteArray &json);
    void replace(qsizetype start, qsizetype end, const QByteArray &with);
    // Adds `entry` (an item, or `"key": value` for an object) to `container` before child
    // `index` (its size: at the end).
    void insertEntry(const JsonTextNode &container, qsizetype index, const QByteArray &entry);
    void removeEntry(const JsonTextNode &container, qsizetype index);
    Result<const JsonTextNode *> arrayAt(const QStringList &path) const;
    QByteArray render(const QJsonValue &value, const QByteArray &indent, bool multiline) const;
    QByteArray newline() const;
    QByteArray lineIndent(qsizetype offset) const;
    QByteArray indentUnit() const;
    QByteArray colon() const;
    bool isMultiline(const JsonTextNode &container) const;
    bool arraysMultiline(bool fallback) const;
    QByteArray childIndent(const JsonTextNode &container) const;
    static qsizetype childStart(const JsonTextNode &container, qsizetype index);

    QByteArray m_text;
    JsonTextTree m_tree;
};

} // namespace Sandbench
