#pragma once

#include <QColor>

class QPalette;
class QPlainTextEdit;
class QTextCharFormat;
class QTextDocument;
class QWidget;

namespace Sandbench {

// What a run of coloured text is (the script's stdout, its stderr, a line of ours...), kept
// in the text itself rather than a colour: a colour chosen under one theme is unreadable under
// the other, so views store the role and take the colour from the palette they are drawn with.
enum class TextRole { Plain = 1, Error, Notice, Command, Success };

// The role's colour under `palette`: 4.5:1 or better against its Base.
QColor textRoleColor(TextRole role, const QPalette &palette);
// A character format carrying `role` and its colour under `palette`.
QTextCharFormat textRoleFormat(TextRole role, const QPalette &palette);
// Gives every run of text in `document` that carries a role its colour under `palette`
// (after a theme change). Runs without a role are left alone.
void recolorTextRoles(QTextDocument *document, const QPalette &palette);
// The same for `view`'s text with the palette it has once the events of a theme switch are
// through (a palette reaches a window's widgets in several events; a view's may come last).
// Calls while one is pending are merged.
void recolorTextRolesLater(QPlainTextEdit *view);

// Colours a label's (or any widget's) text by `role`, now and after every palette or theme
// change: a fixed stylesheet colour picked for one theme is unreadable under the other.
// `bold` adds weight. clearTextRole gives the widget back its ordinary text colour; use it, not
// setStyleSheet({}), on a widget given a role.
// The widget carries its role in the property kTextRoleProperty (an int, absent without one), so
// that what is coloured by role can be found, e.g. by a test that switches themes.
void setTextRole(QWidget *widget, TextRole role, bool bold = false);
void clearTextRole(QWidget *widget);
inline constexpr const char *kTextRoleProperty = "sandbenchTextRoleOf";

} // namespace Sandbench
