#include "replaynote.h"

#include <QCoreApplication>

#include <cstring>

namespace Sandbench {

namespace {

constexpr const char *kContext = "Sandbench::ReplayNote";

// One pass over the template: data holding "%2" is not substituted again.
QString fill(const QString &text, const QStringList &args)
{
    switch (args.size()) {
    case 0: return text;
    case 1: return text.arg(args.at(0));
    case 2: return text.arg(args.at(0), args.at(1));
    default: return text.arg(args.at(0), args.at(1), args.at(2));
    }
}

// Data in a translated sentence stands apart from the language's words: quoted, unless it is a
// plain number ("120 s", "3 more entries").
QString quoted(const QString &value)
{
    bool number = !value.isEmpty();
    for (const QChar c : value)
        number = number && c.isDigit() && c.unicode() < 0x80;
    return number ? value : QStringLiteral("\u201c%1\u201d").arg(value);
}

} // namespace

QString NotePhrase::english() const
{
    return fill(QString::fromUtf8(source), args);
}

QString NotePhrase::translated() const
{
    QStringList shown;
    shown.reserve(args.size());
    for (const QString &arg : args)
        shown << quoted(arg);
    return fill(QCoreApplication::translate(kContext, source), shown);
}

bool NotePhrase::operator==(const NotePhrase &other) const
{
    // The same literal may sit at another address in another translation unit.
    return std::strcmp(source, other.source) == 0 && args == other.args;
}

ReplayNote::ReplayNote(const char *source, QStringList args)
    : words{NotePhrase{source, std::move(args)}}
{
}

ReplayNote ReplayNote::data(const QString &text)
{
    return ReplayNote("%1", {text});
}

ReplayNote &ReplayNote::operator+=(const ReplayNote &more)
{
    words << more.words;
    return *this;
}

ReplayNote ReplayNote::operator+(const ReplayNote &more) const
{
    ReplayNote out = *this;
    out += more;
    return out;
}

QString ReplayNote::english() const
{
    QString out;
    for (const NotePhrase &p : words)
        out += p.english();
    return out;
}

QString ReplayNote::translated() const
{
    QString out;
    for (const NotePhrase &p : words)
        out += p.translated();
    return out;
}

QStringList englishNotes(const QList<ReplayNote> &notes)
{
    QStringList out;
    out.reserve(notes.size());
    for (const ReplayNote &note : notes)
        out << note.english();
    return out;
}

} // namespace Sandbench
