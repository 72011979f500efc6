#include "auditpanel.h"

#include "models/allowrule.h"
#include "models/auditlogmodel.h"
#include "theme.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandbench {

namespace {

// Colours the decision column; the model stays free of QtGui and only says allowed or not.
class DecisionDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.column() != int(AuditLogModel::Column::Decision))
            return;
        if (index.data().toString() == QLatin1String("?"))
            return; // an unreadable line: no decision to colour
        const bool allowed = index.data(AuditLogModel::AllowedRole).toBool();
        const bool dark = isDarkPalette(option->palette);
        const QColor color = allowed ? (dark ? QColor(0x56, 0xd3, 0x64) : QColor(0x1a, 0x7f, 0x37))
                                     : (dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xcf, 0x22, 0x2e));
        option->palette.setColor(QPalette::Text, color);
        option->font.setBold(!allowed);
    }
};

} // namespace

AuditPanel::AuditPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new AuditLogModel(this))
    , m_view(new QTableView(this))
    , m_kind(new QComboBox(this))
    , m_decision(new QComboBox(this))
    , m_search(new QLineEdit(this))
    , m_allow(new QPushButton(tr("Allow this"), this))
    , m_counts(new QLabel(this))
    , m_status(new QLabel(this))
    , m_filterDelay(new QTimer(this))
{
    m_view->setObjectName(QStringLiteral("auditView"));
    m_allow->setObjectName(QStringLiteral("allowThisButton"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new DecisionDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    // Fixed row heights: a million rows must not be measured one by one.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(true);
    header->resizeSection(int(AuditLogModel::Column::Seq), 44);
    header->resizeSection(int(AuditLogModel::Column::Time), 175);
    header->resizeSection(int(AuditLogModel::Column::Kind), 60);
    header->resizeSection(int(AuditLogModel::Column::Action), 70);
    header->resizeSection(int(AuditLogModel::Column::Resource), 200);
    header->resizeSection(int(AuditLogModel::Column::Decision), 90);
    header->resizeSection(int(AuditLogModel::Column::Action), 64);

    m_kind->addItem(tr("All kinds"), QString());
    for (const char *kind : {"read", "write", "net", "env", "run", "sys", "ffi", "import"})
        m_kind->addItem(QString::fromLatin1(kind), QString::fromLatin1(kind));
    m_decision->addItem(tr("All decisions"), int(AuditFilter::Decision::Any));
    m_decision->addItem(tr("Allowed"), int(AuditFilter::Decision::Allow));
    m_decision->addItem(tr("Denied"), int(AuditFilter::Decision::Deny));
    m_search->setPlaceholderText(tr("Filter by path, host, rule\u2026"));
    m_search->setClearButtonEnabled(true);
    m_allow->setEnabled(false);
    m_allow->setToolTip(tr("Add a rule that allows the selected denied access to the policy"));
    auto *openButton = new QToolButton(this);
    openButton->setText(tr("Open Log\u2026"));
    connect(openButton, &QToolButton::clicked, this, &AuditPanel::openLogInteractive);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_kind);
    bar->addWidget(m_decision);
    bar->addWidget(m_search, 1);
    bar->addWidget(openButton);
    auto *bottom = new QHBoxLayout;
    bottom->setSpacing(12);
    bottom->addWidget(m_counts);
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_allow);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);

    m_filterDelay->setSingleShot(true);
    m_filterDelay->setInterval(200);
    connect(m_filterDelay, &QTimer::timeout, this, &AuditPanel::applyFilterNow);
    connect(m_search, &QLineEdit::textChanged, m_filterDelay, qOverload<>(&QTimer::start));
    connect(m_kind, &QComboBox::currentIndexChanged, this, &AuditPanel::applyFilterNow);
    connect(m_decision, &QComboBox::currentIndexChanged, this, &AuditPanel::applyFilterNow);
    connect(m_model, &AuditLogModel::countsChanged, this, &AuditPanel::updateCounts);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &AuditPanel::updateCounts);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AuditPanel::updateCounts);
    connect(m_model, &AuditLogModel::loadingFinished, this, [this](qint64 lines, qint64 ms) {
        m_status->setText(tr("%Ln lines indexed in %1 ms", nullptr, int(qMin<qint64>(lines, INT_MAX))).arg(ms));
    });
    connect(m_model, &AuditLogModel::filterFinished, this, [this](int rows, qint64 ms) {
        if (!m_model->filter().isEmpty())
            m_status->setText(tr("%Ln matching, filtered in %1 ms", nullptr, rows).arg(ms));
        else
            m_status->clear();
        updateAllowButton();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &AuditPanel::updateAllowButton);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AuditPanel::updateAllowButton);
    connect(m_allow, &QPushButton::clicked, this, [this] {
        AuditEvent event;
        if (selectedEvent(&event))
            emit allowRequested(event);
    });
    updateCounts();
}

void AuditPanel::applyFilterNow()
{
    m_filterDelay->stop();
    AuditFilter filter;
    filter.kind = m_kind->currentData().toString();
    filter.decision = AuditFilter::Decision(m_decision->currentData().toInt());
    filter.text = m_search->text().trimmed();
    if (!(filter == m_model->filter()) && !filter.isEmpty())
        m_status->setText(tr("Filtering\u2026"));
    m_model->setFilter(filter);
}

bool AuditPanel::openLog(const QString &path, QString *error)
{
    m_status->setText(tr("Indexing %1\u2026").arg(path));
    return m_model->openFile(path, error);
}

void AuditPanel::openLogInteractive()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Audit Log"), QString(),
                                                      tr("Audit logs (*.jsonl *.log);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openLog(path, &error))
        QMessageBox::warning(this, tr("Open Audit Log"), error);
}

bool AuditPanel::selectedEvent(AuditEvent *event) const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return false;
    *event = m_model->eventAt(rows.first().row());
    return true;
}

void AuditPanel::selectRow(int row)
{
    m_view->selectRow(row);
}

void AuditPanel::updateCounts()
{
    QString text = tr("%1 allowed \u00b7 %2 denied").arg(m_model->allowCount()).arg(m_model->denyCount());
    if (m_model->unreadableCount() > 0)
        text += QStringLiteral(" \u00b7 ") + tr("%1 unreadable").arg(m_model->unreadableCount());
    text += QStringLiteral(" \u00b7 ") + tr("%1 shown").arg(m_model->rowCount());
    if (m_model->liveDropped() > 0)
        text += QLatin1Char(' ') + tr("(%1 more only in the audit file)").arg(m_model->liveDropped());
    m_counts->setText(text);
}

void AuditPanel::updateAllowButton()
{
    AuditEvent event;
    const bool can = selectedEvent(&event) && !event.allowed && allowRuleFor(event).has_value();
    m_allow->setEnabled(can);
}

void AuditPanel::follow(Workbench *workbench)
{
    connect(workbench, &Workbench::runStarted, this, [this] { m_model->clear(); });
    connect(workbench, &Workbench::permissionsDecided, m_model, &AuditLogModel::appendEvents);
    // Once the run is over its result holds every decision, shared with the history and the
    // session; the table shares it too rather than keep a copy.
    connect(workbench, &Workbench::runFinished, m_model, [this](int, const ExecResult &result) {
        m_model->adoptRunEvents(result.auditEvents);
    });
}

void AuditPanel::showRun(const RunRecord &record)
{
    if (record.result)
        m_model->setEvents(record.result->auditEvents);
    else
        m_model->clear();
}

} // namespace Sandbench
