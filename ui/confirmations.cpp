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

LossAnswer askLoss(QWidget *parent, const LossQuestion &question)
{
    if (hook())
        return hook()(question);
    QMessageBox box(QMessageBox::Warning, question.title, question.text, QMessageBox::NoButton, parent);
    box.setObjectName(question.objectName);
    if (!question.items.isEmpty() || !question.note.isEmpty()) {
        // Shown in the box itself, not behind "Show Details": the user decides on this list.
        // Items quote names from files and sandboxes: escaped, shown as text.
        QStringList escaped;
        for (const QString &item : question.items)
            escaped << item.toHtmlEscaped();
        QString info;
        if (!escaped.isEmpty())
            info = QStringLiteral("<ul><li>%1</li></ul>").arg(escaped.join(QStringLiteral("</li><li>")));
        if (!question.note.isEmpty())
            info += QStringLiteral("<p>%1</p>").arg(question.note.toHtmlEscaped());
        box.setTextFormat(Qt::PlainText);
        box.setInformativeText(info);
    }
    QPushButton *save = nullptr;
    if (!question.saveText.isEmpty()) {
        save = box.addButton(question.saveText, QMessageBox::AcceptRole);
        save->setObjectName(QStringLiteral("saveButton"));
    }
    QPushButton *accept = box.addButton(question.acceptText, QMessageBox::DestructiveRole);
    accept->setObjectName(QStringLiteral("acceptButton"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    cancel->setObjectName(QStringLiteral("cancelButton"));
    // Enter must not lose anything; Escape cancels.
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    if (box.clickedButton() == accept)
        return LossAnswer::Accept;
    if (save && box.clickedButton() == save)
        return LossAnswer::Save;
    return LossAnswer::Cancel;
}

bool confirmLoss(QWidget *parent, const LossQuestion &question)
{
    return askLoss(parent, question).choice == LossAnswer::Accept;
}

} // namespace Sandbench
