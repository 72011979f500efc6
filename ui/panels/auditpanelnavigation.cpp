// Going from denial to denial in the audit table: the shortest way from a run to the access it
// was refused, without walking the allowed rows one by one.
#include "auditpanel.h"

#include "models/auditlogmodel.h"

#include <QItemSelectionModel>
#include <QTableView>

namespace Sandbench {

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
        if (!event.allowed && event.seq > 0) {
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
