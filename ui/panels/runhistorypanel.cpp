#include "runhistorypanel.h"

#include "models/runhistorymodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QMenu>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace Sandbench {

RunHistoryPanel::RunHistoryPanel(RunHistoryModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_view(new QTableView(this))
    , m_save(new QPushButton(tr("Save Session\u2026"), this))
    , m_open(new QPushButton(tr("Open in Sessions"), this))
{
    m_view->setObjectName(QStringLiteral("historyView"));
    m_view->setModel(model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    // Narrow number columns, so that the Session column (last, stretched) is in view in a dock.
    QHeaderView *header = m_view->horizontalHeader();
    header->resizeSection(int(RunHistoryModel::Column::Number), 40);
    header->resizeSection(int(RunHistoryModel::Column::Started), 72);
    header->resizeSection(int(RunHistoryModel::Column::Status), 160);
    header->resizeSection(int(RunHistoryModel::Column::Duration), 80);
    header->resizeSection(int(RunHistoryModel::Column::Allowed), 64);
    header->resizeSection(int(RunHistoryModel::Column::Denied), 64);
    m_save->setObjectName(QStringLiteral("saveSession"));
    m_save->setToolTip(tr("Save the selected run as a .sbsession file that replays offline (Ctrl+Alt+S)"));
    m_open->setObjectName(QStringLiteral("openSessionInPanel"));
    m_open->setToolTip(tr("Show the selected run in the Sessions panel, to replay and compare it"));
    auto *buttons = new QHBoxLayout;
    buttons->setContentsMargins(4, 0, 4, 4);
    buttons->addStretch(1);
    buttons->addWidget(m_open);
    buttons->addWidget(m_save);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    connect(m_view, &QTableView::activated, this,
            [this](const QModelIndex &index) { emit runSelected(index.row()); });
    // A choice is a selection (a click, an arrow key), not a current row: the view makes its
    // first row current, unselected, when it gets the focus, and that must not show Run 1.
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this](const QItemSelection &selected) {
                if (m_settingShown || selected.indexes().isEmpty())
                    return;
                emit runSelected(selected.indexes().constFirst().row());
            });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &RunHistoryPanel::updateButtons);
    connect(model, &QAbstractItemModel::dataChanged, this, &RunHistoryPanel::updateButtons);
    connect(model, &QAbstractItemModel::modelReset, this, &RunHistoryPanel::updateButtons);
    connect(m_save, &QPushButton::clicked, this, [this] { emit saveSessionRequested(selectedRow()); });
    connect(m_open, &QPushButton::clicked, this, [this] { emit openSessionRequested(selectedRow()); });
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex index = m_view->indexAt(pos);
        if (!index.isValid())
            return;
        const int row = index.row();
        const bool ready = m_model->run(row).session != nullptr;
        QMenu menu(this);
        menu.addAction(tr("Save Session\u2026"), this, [this, row] { emit saveSessionRequested(row); })->setEnabled(ready);
        menu.addAction(tr("Open in Sessions"), this, [this, row] { emit openSessionRequested(row); })->setEnabled(ready);
        menu.exec(m_view->viewport()->mapToGlobal(pos));
    });
    updateButtons();
}

int RunHistoryPanel::selectedRow() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void RunHistoryPanel::setShownRow(int row)
{
    const QModelIndex index = m_model->index(row, 0);
    if (index.isValid() && index == m_view->selectionModel()->currentIndex()
        && m_view->selectionModel()->isRowSelected(row))
        return;
    m_settingShown = true;
    if (index.isValid())
        m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    else
        m_view->selectionModel()->clear();
    m_settingShown = false;
    updateButtons();
}

void RunHistoryPanel::updateButtons()
{
    const int row = selectedRow();
    const bool ready = row >= 0 && row < m_model->rowCount() && m_model->run(row).session != nullptr;
    m_save->setEnabled(ready);
    m_open->setEnabled(ready);
    const QString why = row < 0 ? tr("Select a run first")
                      : ready   ? QString()
                                : m_model->run(row).sessionError;
    m_save->setStatusTip(why);
}

} // namespace Sandbench
