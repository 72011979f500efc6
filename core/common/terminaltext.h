#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QVariant>

namespace Sandbench {

// Text that came from a file or a run (a note in a manifest, a member name, an audited path) is
// data: on a terminal its control characters would move the cursor, retitle the window, ring the
// bell or overwrite the line before it, and a newline would forge a record of its own. These
// helpers are the one place that decides how such text is shown.

// One record, one line: every C0 and C1 control, DEL and ESC, the line and paragraph separators
// and the bidirectional and invisible formatting characters become a visible escape ("\n",
// "\e", "\x07", "\u202e"); a backslash is doubled, so an escape cannot be forged either.
QString terminalSafe(const QString &text);

// For the GUI: bidirectional overrides and invisible characters shown as "⟦U+202E⟧", controls
// as their Unicode control pictures (U+2400 block); everything else as is. A name such as
// "report<U+202E>gnp.sh" no longer reads "reporths.png".
QString visibleText(const QString &text);

// The same for many lines of output (a console, a diff view): line breaks and tabs stay.
QString visibleLines(const QString &text);

// What an item model hands a view for `role`: the text roles (display, tooltip, status tip,
// What's This, accessible text) with visibleText (tooltips and What's This keep their line
// breaks, as visibleLines), every other role and value as is. Every model that shows text from
// a run, a bundle or a log returns its data through this, so no path of a view (a cache, a
// lazily filled row, a delegate) can draw the raw form.
QVariant visibleForRole(const QVariant &value, int role);
// Whether `text` holds a character visibleText would replace: what a test asserts never
// reaches a view.
bool hasHiddenCharacters(const QString &text, bool linesAllowed = false);

// True for the characters both forms replace (besides the C0/C1 controls).
bool isFormattingCharacter(char32_t c);

// A program's output passed through to a terminal: newlines and tabs stay, every other control
// and every byte that is not UTF-8 is escaped. Output arrives in chunks, so a UTF-8 sequence cut
// in two is held until its end arrives (or until flush()).
class TerminalFilter
{
public:
    QByteArray filter(QByteArrayView chunk);
    QByteArray flush();

private:
    QByteArray m_pending;
};

} // namespace Sandbench
