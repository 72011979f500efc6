#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QWidget;

namespace Sandbench {

// Asking before something alive would be lost: quitting with a run or sandboxes, releasing a
// sandbox. One place, so every such question looks the same (what is lost, listed; a button
// that names the loss; Cancel as the default) and so tests can answer or skip them.
struct LossQuestion
{
    QString objectName;  // of the message box, for tests and screenshots
    QString title;
    QString text;        // the question
    QStringList items;   // what would be lost, one per line
    QString acceptText;  // "Quit Anyway", "Release"
};

// Shows `question` as a modal message box; true when the user chose the accept button.
bool confirmLoss(QWidget *parent, const LossQuestion &question);

// Tests: while set, confirmLoss asks this instead of showing a box (return the answer).
// An empty function restores the box.
using LossQuestionHook = std::function<bool(const LossQuestion &)>;
void setLossQuestionHook(LossQuestionHook hook);

} // namespace Sandbench
