#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace Sandbench {

// One piece of a replay note: its English template, marked for translation in the context
// "Sandbench::ReplayNote" (QT_TRANSLATE_NOOP), and the data set into it (paths, policy entries,
// versions, a recording's own words), which is never translated.
struct NotePhrase
{
    const char *source = "%1";
    QStringList args;

    QString english() const;
    QString translated() const;
    bool operator==(const NotePhrase &other) const;
};

// What a replay could not reproduce exactly, for people. The CLI and its JSON print it in English
// whatever the locale (english()); the window says it in the user's language (translated()), the
// data quoted apart so that none of it passes for the program's own words. A note is its phrases
// one after the other: "refused: " + "%1 %2: " + "a replay has no network".
struct ReplayNote
{
    QList<NotePhrase> words;

    ReplayNote() = default;
    explicit ReplayNote(const char *source, QStringList args = {});
    // Text that is data as a whole (a note a session file brought): never translated.
    static ReplayNote data(const QString &text);

    ReplayNote &operator+=(const ReplayNote &more);
    ReplayNote operator+(const ReplayNote &more) const;

    QString english() const;
    // Through QCoreApplication::translate, i.e. the translators the application installed.
    QString translated() const;
    bool operator==(const ReplayNote &other) const = default;
};

QStringList englishNotes(const QList<ReplayNote> &notes);

} // namespace Sandbench
