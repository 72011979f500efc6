#include "confirmations.h"

#include <QMessageBox>
#include <QPushButton>

namespace Sandbench {

namespace {
LossQuestionHook &hook()
{
    static LossQuestionHook h;
    return h;
}
} // namespace

void setLossQuestionHook(LossQuestionHook h)
{
    hook() = std::move(h);
}

bool confirmLoss(QWidget *parent, const LossQuestion &question)
{
    if (hook())
        return hook()(question);
    QMessageBox box(QMessageBox::Warning, question.title, question.text, QMessageBox::NoButton, parent);
    box.setObjectName(question.objectName);
    if (!question.items.isEmpty()) {
        // Shown in the box itself, not behind "Show Details": the user decides on this list.
        QStringList escaped;
        for (const QString &item : question.items)
            escaped << item.toHtmlEscaped();
        box.setInformativeText(QStringLiteral("<ul><li>%1</li></ul>").arg(escaped.join(QStringLiteral("</li><li>"))));
    }
    QPushButton *accept = box.addButton(question.acceptText, QMessageBox::DestructiveRole);
    accept->setObjectName(QStringLiteral("acceptButton"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    // Enter must not lose anything; Escape cancels.
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    return box.clickedButton() == accept;
}

} // namespace Sandbench
