#include "panels/approvalspanel.h"

#include "approvals/approvalwatcher.h"
#include "common/terminaltext.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sandbench {

namespace {
constexpr qsizetype kMaxShownChars = 256 * 1024;
constexpr qsizetype kMaxChangeChars = 80;
const int kIdRole = Qt::UserRole + 1;

QString shortJson(const QJsonValue &v)
{
    if (v.isUndefined())
        return QStringLiteral("(none)");
    const QString text = QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    return text.size() > kMaxChangeChars ? text.left(kMaxChangeChars) + QStringLiteral("…") : text;
}
} // namespace

// What an edit changes, argument by argument, as the person types it: `key: old → new`.
QStringList ApprovalsPanel::changes(const QJsonObject &asked, const QJsonObject &edited)
{
    QStringList keys = asked.keys() + edited.keys();
    keys.removeDuplicates();
    keys.sort();
    QStringList out;
    for (const QString &k : std::as_const(keys)) {
        if (asked.value(k) != edited.value(k))
            out << QStringLiteral("%1: %2 → %3").arg(k.left(kMaxChangeChars), shortJson(asked.value(k)), shortJson(edited.value(k)));
    }
    return out;
}

QString ApprovalsPanel::decisionText(const QString &decision)
{
    if (decision == QLatin1String("approve"))
        return tr("approved");
    if (decision == QLatin1String("edit"))
        return tr("approved with changes");
    if (decision == QLatin1String("refuse"))
        return tr("refused");
    if (decision == QLatin1String("end"))
        return tr("session ended");
    return decision;
}

ApprovalsPanel::ApprovalsPanel(QWidget *parent)
    : QWidget(parent), m_list(new QListWidget), m_arguments(new QPlainTextEdit), m_reason(new QLineEdit),
      m_status(new QLabel), m_heldBy(new QLabel), m_changes(new QLabel), m_approve(new QPushButton(tr("Approve (A)"))),
      m_approveForRun(new QPushButton(tr("For this run (F)"))), m_refuse(new QPushButton(tr("Refuse (R)"))),
      m_edit(new QPushButton(tr("Edit (E)")))
{
    m_list->setObjectName(QStringLiteral("approvalsList"));
    m_list->setAccessibleName(tr("Calls waiting for approval"));
    m_list->installEventFilter(this);
    m_arguments->setObjectName(QStringLiteral("approvalArguments"));
    m_arguments->setReadOnly(true);
    m_arguments->setAccessibleName(tr("Arguments of the selected call"));
    m_arguments->installEventFilter(this);
    m_reason->setObjectName(QStringLiteral("approvalReason"));
    m_reason->setPlaceholderText(tr("Why it is refused (the agent reads this); Enter refuses"));
    m_reason->setAccessibleName(tr("Reason for refusing"));
    m_reason->installEventFilter(this);
    // Which rule or ask entry held the call: the policy's reason a person is asked at all.
    m_heldBy->setObjectName(QStringLiteral("approvalHeldBy"));
    m_heldBy->setTextFormat(Qt::PlainText);
    m_heldBy->setWordWrap(true);
    // While an edit is typed: what it changes, so the person approves what they see.
    m_changes->setObjectName(QStringLiteral("approvalChanges"));
    m_changes->setTextFormat(Qt::PlainText);
    m_changes->setWordWrap(true);
    m_changes->hide();
    m_status->setObjectName(QStringLiteral("approvalStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_approve->setObjectName(QStringLiteral("approvalApprove"));
    m_approveForRun->setObjectName(QStringLiteral("approvalApproveForRun"));
    m_approveForRun->setToolTip(tr("Allow this check and the same one again for the rest of the run"));
    m_refuse->setObjectName(QStringLiteral("approvalRefuse"));
    m_edit->setObjectName(QStringLiteral("approvalEdit"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_approve);
    buttons->addWidget(m_approveForRun);
    buttons->addWidget(m_refuse);
    buttons->addWidget(m_edit);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list, 2);
    layout->addWidget(m_heldBy);
    layout->addWidget(m_arguments, 3);
    layout->addWidget(m_changes);
    layout->addWidget(m_reason);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    connect(m_list, &QListWidget::currentRowChanged, this, &ApprovalsPanel::showSelected);
    connect(m_arguments, &QPlainTextEdit::textChanged, this, &ApprovalsPanel::showChanges);
    connect(m_approve, &QPushButton::clicked, this, &ApprovalsPanel::approveSelected);
    connect(m_approveForRun, &QPushButton::clicked, this, &ApprovalsPanel::approveSelectedForRun);
    connect(m_refuse, &QPushButton::clicked, this, &ApprovalsPanel::refuseSelected);
    connect(m_edit, &QPushButton::clicked, this, &ApprovalsPanel::editSelected);
    connect(m_reason, &QLineEdit::returnPressed, this, &ApprovalsPanel::refuseSelected);
    refresh();
}

void ApprovalsPanel::setWatcher(ApprovalWatcher *watcher)
{
    m_watcher = watcher;
    connect(watcher, &ApprovalWatcher::changed, this, &ApprovalsPanel::refresh);
    connect(watcher, &ApprovalWatcher::answered, this, [this](const QString &id, bool ok, const QString &message) {
        const bool forRun = m_askedForRun.removeAll(id) > 0;
        const QString changed = m_editChanges.take(id);
        if (ok && forRun)
            return m_status->setText(tr("Answered: approved for the rest of this run"));
        // The edit's changes stay in view once the server took it, not only "with changes".
        if (ok && message == QLatin1String("edit") && !changed.isEmpty())
            return m_status->setText(visibleText(tr("Answered: approved with changes: %1").arg(changed)));
        m_status->setText(visibleText(ok ? tr("Answered: %1").arg(decisionText(message)) : tr("Not answered: %1").arg(message)));
    });
    refresh();
    // Held calls would wait unseen (and time out as refusals): the panel says why, not "none".
    if (auto started = watcher->start(); !started) {
        m_unwatched = true;
        m_arguments->setPlainText(visibleLines(tr("Calls held for approval cannot be shown: %1").arg(started.error().message)));
        m_status->setText(visibleText(tr("Calls held for approval cannot be shown: %1").arg(started.error().message)));
    }
}

int ApprovalsPanel::pendingCount() const
{
    return m_list->count();
}

QString ApprovalsPanel::selectedId() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item ? item->data(kIdRole).toString() : QString();
}

QJsonObject ApprovalsPanel::selected() const
{
    const QString id = selectedId();
    if (!m_watcher || id.isEmpty())
        return {};
    for (const QJsonObject &p : m_watcher->pending()) {
        if (p.value(QLatin1String("id")).toString() == id)
            return p;
    }
    return {};
}

void ApprovalsPanel::refresh()
{
    const QString keep = selectedId();
    const QList<QJsonObject> pending = m_watcher ? m_watcher->pending() : QList<QJsonObject>();
    m_list->blockSignals(true);
    m_list->clear();
    int row = pending.isEmpty() ? -1 : 0;
    for (const QJsonObject &p : pending) {
        const QString id = p.value(QLatin1String("id")).toString();
        const QString since = QDateTime::fromMSecsSinceEpoch(p.value(QLatin1String("sinceMs")).toInteger()).toString(QStringLiteral("HH:mm:ss"));
        auto *item = new QListWidgetItem(visibleText(tr("%1  ·  %2  ·  session %3  ·  waiting since %4")
                                                             .arg(p.value(QLatin1String("tool")).toString().left(200),
                                                                  p.value(QLatin1String("server")).toString().left(200),
                                                                  p.value(QLatin1String("session")).toString().left(64), since)));
        item->setData(kIdRole, id);
        m_list->addItem(item);
        if (id == keep)
            row = m_list->count() - 1;
    }
    m_list->blockSignals(false);
    m_list->setCurrentRow(row);
    if (pending.isEmpty() && m_editing)
        cancelEdit();
    showSelected();
}

void ApprovalsPanel::showSelected()
{
    const QJsonObject p = selected();
    const bool any = !p.isEmpty();
    m_approve->setEnabled(any);
    m_approveForRun->setEnabled(any && !m_editing && p.value(QLatin1String("scopes")).toArray().contains(QStringLiteral("run")));
    m_refuse->setEnabled(any);
    m_edit->setEnabled(any && p.value(QLatin1String("editable")).toBool());
    if (m_editing)
        return; // the person's edit is not overwritten by a list update
    const QString heldBy = p.value(QLatin1String("heldBy")).toString();
    m_heldBy->setText(heldBy.isEmpty() ? QString() : visibleText(tr("Held by: %1").arg(heldBy.left(300))));
    if (!any) {
        if (!m_unwatched)
            m_arguments->setPlainText(pendingCount() == 0 ? tr("No call waits for approval.") : QString());
        return;
    }
    const QString json = QString::fromUtf8(QJsonDocument(p.value(QLatin1String("arguments")).toObject()).toJson(QJsonDocument::Indented));
    m_arguments->setPlainText(visibleLines(json.left(kMaxShownChars)));
}

void ApprovalsPanel::approveSelected()
{
    if (!m_watcher || selectedId().isEmpty())
        return;
    if (m_editing)
        return sendEdit();
    m_watcher->answer(selectedId(), QStringLiteral("approve"));
}

void ApprovalsPanel::approveSelectedForRun()
{
    if (!m_watcher || selectedId().isEmpty() || m_editing || !m_approveForRun->isEnabled())
        return;
    m_askedForRun << selectedId();
    m_watcher->answer(selectedId(), QStringLiteral("approve"), {}, {}, QStringLiteral("run"));
}

void ApprovalsPanel::refuseSelected()
{
    if (!m_watcher || selectedId().isEmpty())
        return;
    const QString reason = m_reason->text().trimmed();
    if (reason.isEmpty()) {
        m_status->setText(tr("Type why it is refused, then press Enter."));
        m_reason->setFocus();
        return;
    }
    m_watcher->answer(selectedId(), QStringLiteral("refuse"), reason);
    m_reason->clear();
    m_list->setFocus();
}

void ApprovalsPanel::editSelected()
{
    const QJsonObject p = selected();
    if (p.isEmpty() || !m_edit->isEnabled())
        return;
    m_editing = true;
    // The raw JSON, not the shown form: what the person types is what is sent.
    m_arguments->setPlainText(QString::fromUtf8(QJsonDocument(p.value(QLatin1String("arguments")).toObject()).toJson(QJsonDocument::Indented)));
    m_arguments->setReadOnly(false);
    m_arguments->setFocus();
    m_changes->show();
    showChanges();
    m_status->setText(tr("Editing the arguments: Ctrl+Enter approves the edit, Escape drops it."));
}

void ApprovalsPanel::sendEdit()
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(m_arguments->toPlainText().toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        m_status->setText(tr("The arguments must be one JSON object: %1").arg(error.errorString()));
        return;
    }
    const QStringList changed = changes(selected().value(QLatin1String("arguments")).toObject(), doc.object());
    if (!changed.isEmpty())
        m_editChanges.insert(selectedId(), changed.join(QStringLiteral("; ")));
    m_watcher->answer(selectedId(), QStringLiteral("approve"), {}, doc.object());
    cancelEdit();
    m_status->setText(visibleText(tr("Approved with changes: %1").arg(changed.isEmpty() ? tr("nothing") : changed.join(QStringLiteral("; ")))));
}

void ApprovalsPanel::showChanges()
{
    if (!m_editing)
        return;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(m_arguments->toPlainText().toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return m_changes->setText(tr("Not yet one JSON object: %1").arg(error.error != QJsonParseError::NoError ? error.errorString() : tr("not an object")));
    const QStringList changed = changes(selected().value(QLatin1String("arguments")).toObject(), doc.object());
    m_changes->setText(visibleText(changed.isEmpty() ? tr("No change yet.") : tr("Changes: %1").arg(changed.join(QStringLiteral("; ")))));
}

void ApprovalsPanel::cancelEdit()
{
    m_editing = false;
    m_changes->hide();
    m_arguments->setReadOnly(true);
    m_list->setFocus();
    showSelected();
}

void ApprovalsPanel::next()
{
    if (m_list->count() > 0)
        m_list->setCurrentRow((m_list->currentRow() + 1) % m_list->count());
}

bool ApprovalsPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    if (watched == m_list && key->modifiers() == Qt::NoModifier) {
        switch (key->key()) {
        case Qt::Key_A: approveSelected(); return true;
        case Qt::Key_F: approveSelectedForRun(); return true;
        case Qt::Key_R: refuseSelected(); return true;
        case Qt::Key_E: editSelected(); return true;
        case Qt::Key_N: next(); return true;
        default: break;
        }
    }
    if (watched == m_arguments && m_editing) {
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && (key->modifiers() & Qt::ControlModifier)) {
            sendEdit();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            cancelEdit();
            return true;
        }
    }
    if (watched == m_reason && key->key() == Qt::Key_Escape) {
        m_reason->clear();
        m_list->setFocus();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace Sandbench
