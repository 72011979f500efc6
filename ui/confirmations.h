#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QWidget;

namespace Sandbench {

// Asking before something would be lost: quitting with unsaved texts, a run or sandboxes,
// releasing a sandbox, deleting files in one. One place, so every such question looks the same
// (what is lost, listed; a button that names the loss; Cancel as the default) and so tests can
// answer or skip them.
struct LossQuestion
{
    QString objectName = {};  // of the message box, for tests and screenshots
    QString title = {};
    QString text = {};        // the question
    QStringList items = {};   // what would be lost, one per line
    QString acceptText = {};  // "Quit Anyway", "Release", "Delete": goes ahead, losing the items
    // When set, a third button that keeps what can be kept first ("Save and Quit"); the caller
    // does the saving.
    QString saveText = {};
    QString note = {};        // a line under the list ("This cannot be undone.")
};

// The user's answer. Converts from bool (yes: Accept) so that a test hook can answer yes or no.
struct LossAnswer
{
    enum Choice { Cancel, Accept, Save };
    LossAnswer(Choice c) : choice(c) {}
    LossAnswer(bool yes) : choice(yes ? Accept : Cancel) {}
    Choice choice;
};

// Shows `question` as a modal message box (Enter and Escape cancel).
LossAnswer askLoss(QWidget *parent, const LossQuestion &question);
// askLoss for questions without a save button: true when the user chose the accept button.
bool confirmLoss(QWidget *parent, const LossQuestion &question);

// Tests: while set, askLoss and confirmLoss ask this instead of showing a box. An empty
// function restores the box.
using LossQuestionHook = std::function<LossAnswer(const LossQuestion &)>;
void setLossQuestionHook(LossQuestionHook hook);

} // namespace Sandbench
