// "Allow this": whether the selection holds a denial a rule can allow, and if not, why, in the
// user's language (a key that cannot act says so instead of doing nothing).
#include "auditpanel.h"

#include "common/terminaltext.h"
#include "models/allowrule.h"
#include "models/auditlogmodel.h"

#include <QAction>
#include <QItemSelectionModel>
#include <QLocale>
#include <QPushButton>
#include <QTableView>

#include <utility>

namespace Sandbench {

QString AuditPanel::allowBlocker() const
{
    // Any one denied row with an allow list is enough; a large selection is not parsed whole
    // on every click.
    QList<AuditEvent> seen;
    QList<std::pair<int, int>> ranges;
    for (const QItemSelectionRange &range : m_view->selectionModel()->selection())
        ranges.append({range.top(), range.bottom()});
    if (ranges.isEmpty() && eventRow() >= 0)
        ranges.append({eventRow(), eventRow()});
    if (ranges.isEmpty())
        return m_model->rowCount() == 0 ? tr("There is no decision to allow: the audit log is empty.")
                                        : tr("Select a denied row first (arrow keys or a click).");
    if (!m_sandboxId.isEmpty())
        return sandboxAllowBlocker(selectedEvents(10000));
    int checked = 0;
    for (const auto &[top, bottom] : std::as_const(ranges)) {
        for (int row = top; row <= bottom && checked < 10000; ++row, ++checked) {
            const AuditEvent event = m_model->eventAt(row);
            if (!event.allowed && !event.unreadable && allowRuleFor(event).has_value())
                return {};
            if (seen.size() < 2)
                seen << event;
        }
    }
    // Say it of the one row, or of the selection as a whole.
    if (seen.size() == 1) {
        const AuditEvent &event = seen.first();
        const QString seq = QLocale().toString(event.seq);
        if (event.unreadable)
            return tr("Row %1 is not an audit event: there is nothing to allow.").arg(seq);
        if (event.allowed)
            return tr("#%1 was allowed: there is nothing to allow.").arg(seq);
        return tr("#%1 was denied, but no policy rule can allow a %2 access: the policy has no allow list for it.")
            .arg(seq, visibleText(event.kind));
    }
    return tr("The selected rows hold no denial a policy rule can allow.");
}

void AuditPanel::allowSelected()
{
    if (const QString why = allowBlocker(); !why.isEmpty()) {
        setStatus(why);
        m_reasonShown = true;
        emit statusMessage(why);
        return;
    }
    if (!m_sandboxId.isEmpty()) {
        QStringList hosts;
        for (const AuditEvent &e : selectedEvents()) {
            if (isAllowableConnection(e) && !hosts.contains(e.resource) && !m_sandboxAllow.contains(e.resource))
                hosts << e.resource;
        }
        emit sandboxAllowRequested(m_sandboxId, m_sandboxAllow, hosts);
        return;
    }
    emit allowRequested(selectedEvents());
}

void AuditPanel::updateAllowButton()
{
    const QString why = allowBlocker();
    m_allow->setEnabled(why.isEmpty());
    const QString shortcut = m_allowAction->shortcut().toString(QKeySequence::NativeText);
    const QString what = m_sandboxId.isEmpty() ? tr("Add rules that allow the selected denied accesses to the policy, "
                                                 "choosing the scope of each (%1)").arg(shortcut)
                                              : tr("Add the selected denied hosts to this sandbox's list for the next "
                                                   "New\u2026 (%1)").arg(shortcut);
    m_allow->setToolTip(why.isEmpty() ? what : why);
    m_allowAction->setStatusTip(why);
    // A reason given for an earlier selection no longer holds.
    if (m_reasonShown && m_status != why) {
        m_reasonShown = false;
        setStatus({});
    }
}

} // namespace Sandbench
