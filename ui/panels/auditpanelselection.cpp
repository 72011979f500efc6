// The event the audit panel is on: its row, the selection, and going from denial to denial (the
// shortest way from a run to the access it was refused, without walking the allowed rows).
#include "auditpanel.h"

#include "models/auditlogmodel.h"

#include <QItemSelectionModel>
#include <QTableView>

#include <algorithm>
#include <utility>
#include <vector>

namespace Sandbench {

bool AuditPanel::selectedEvent(AuditEvent *event) const
{
    const QList<AuditEvent> events = selectedEvents(1);
    if (events.isEmpty())
        return false;
    *event = events.first();
    return true;
}

int AuditPanel::eventRow() const
{
    const QItemSelectionModel *selection = m_view->selectionModel();
    const QModelIndex current = selection->currentIndex();
    const int rows = m_model->rowCount();
    if (current.isValid() && current.row() < rows && (!selection->hasSelection() || selection->isRowSelected(current.row())))
        return current.row();
    int first = -1;
    for (const QItemSelectionRange &range : selection->selection())
        if (first < 0 || range.top() < first)
            first = range.top();
    return first < rows ? first : -1;
}

QList<AuditEvent> AuditPanel::selectedEvents(qsizetype limit) const
{
    // By selection range, not selectedRows(): Ctrl+A over a million-line log is one range, and
    // only as many rows as asked for are parsed.
    std::vector<std::pair<int, int>> ranges;
    for (const QItemSelectionRange &range : m_view->selectionModel()->selection())
        ranges.emplace_back(range.top(), range.bottom());
    if (ranges.empty()) {
        if (const int row = eventRow(); row >= 0 && limit > 0)
            return {m_model->eventAt(row)};
        return {};
    }
    std::sort(ranges.begin(), ranges.end());
    QList<AuditEvent> events;
    int next = 0;
    for (const auto &[top, bottom] : ranges) {
        for (int row = qMax(top, next); row <= bottom && events.size() < limit; ++row)
            events << m_model->eventAt(row);
        next = qMax(next, bottom + 1);
    }
    return events;
}

void AuditPanel::selectRow(int row)
{
    m_view->selectRow(row);
}

// Not QTableView::selectRow, which reads the keyboard's modifiers: Shift+F8 would extend the
// selection from the last denial instead of moving to the previous one.
void AuditPanel::selectOnly(int row)
{
    const QModelIndex index = m_model->index(row, 0);
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
}

bool AuditPanel::goToDenial(bool forward)
{
    const int rows = m_model->rowCount();
    if (rows == 0 || m_model->denyCount() == 0) {
        emit statusMessage(tr("There is no denial in the audit log."));
        return false;
    }
    const int from = eventRow();
    const int step = forward ? 1 : -1;
    // From the row after the one the panel is on (or from an end), around once at most.
    int row = from < 0 ? (forward ? 0 : rows - 1) : from + step;
    const int budget = std::min(rows, kDenialScanRows);
    for (int looked = 0; looked < budget; ++looked, row += step) {
        if (row >= rows)
            row = 0;
        else if (row < 0)
            row = rows - 1;
        const AuditEvent event = m_model->eventAt(row);
        if (!event.allowed && !event.unreadable) {
            selectOnly(row);
            return true;
        }
    }
    emit statusMessage(budget < rows ? tr("No denial in the next %L1 rows: press the key again to look further.").arg(budget)
                                     : tr("The rows shown hold no denial (the filter may hide them)."));
    if (budget < rows && row >= 0 && row < rows)
        selectOnly(row); // the next press goes on from here
    return false;
}

} // namespace Sandbench
