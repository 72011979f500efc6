#include "runhistorypanel.h"

#include "models/runhistorymodel.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace Sandbench {

RunHistoryPanel::RunHistoryPanel(RunHistoryModel *model, QWidget *parent)
    : QWidget(parent)
    , m_view(new QTableView(this))
{
    m_view->setObjectName(QStringLiteral("historyView"));
    m_view->setModel(model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->resizeSection(int(RunHistoryModel::Column::Number), 40);
    m_view->horizontalHeader()->resizeSection(int(RunHistoryModel::Column::Status), 160);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_view, &QTableView::activated, this,
            [this](const QModelIndex &index) { emit runSelected(index.row()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    emit runSelected(current.row());
            });
}

} // namespace Sandbench
