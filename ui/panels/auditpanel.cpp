#include "auditpanel.h"

#include "models/allowrule.h"
#include "models/allowscope.h"
#include "common/terminaltext.h"
#include "models/auditlogmodel.h"
#include "policy/policyexplain.h"
#include "theme.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QFont>
#include <QFontMetrics>
#include <QResizeEvent>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

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

// A label that shows a long path elided in the middle, so both its start and its file name stay
// readable; the whole text is in the tooltip.
class ElidedLabel : public QLabel
{
public:
    ElidedLabel(Qt::TextElideMode mode, QWidget *parent) : QLabel(parent), m_mode(mode)
    {
        // Paths and reasons are the code's text: never read as HTML.
        setTextFormat(Qt::PlainText);
        setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    void setFullText(const QString &text)
    {
        // Paths and details quote the log: drawn (and in the tooltip) in their visible form.
        m_full = visibleLines(text);
        setToolTip(m_full);
        elide();
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QLabel::resizeEvent(event);
        elide();
    }

private:
    void elide()
    {
        QStringList lines = m_full.split(QLatin1Char('\n'));
        for (QString &line : lines)
            line = fontMetrics().elidedText(line, m_mode, qMax(0, contentsRect().width()));
        setText(lines.join(QLatin1Char('\n')));
    }
    Qt::TextElideMode m_mode;
    QString m_full;
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
    , m_allowAction(new QAction(tr("&Allow Selected Denials\u2026"), this))
    , m_allowAllAction(new QAction(tr("Allow All &Denials of This Run\u2026"), this))
    , m_counts(new QLabel(this))
    , m_path(new ElidedLabel(Qt::ElideMiddle, this))
    , m_details(new ElidedLabel(Qt::ElideRight, this))
    , m_filterDelay(new QTimer(this))
{
    m_view->setObjectName(QStringLiteral("auditView"));
    m_allow->setObjectName(QStringLiteral("allowThisButton"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new DecisionDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Several denials at once (shift/ctrl-click, shift+arrows) for "Allow this".
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setAccessibleName(tr("Permission decisions"));
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    // Fixed row heights: a million rows must not be measured one by one.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    QHeaderView *header = m_view->horizontalHeader();
    const QFontMetrics fm = m_view->fontMetrics();
    const auto fit = [&](const QString &sample) { return fm.horizontalAdvance(sample) + 16; };
    header->resizeSection(int(AuditLogModel::Column::Time), fit(QStringLiteral("2026-12-31T23:59:59.999Z")));
    header->resizeSection(int(AuditLogModel::Column::Kind), fit(QStringLiteral("import")));
    header->resizeSection(int(AuditLogModel::Column::Action), fit(QStringLiteral("connect")));
    header->resizeSection(int(AuditLogModel::Column::Resource), fit(QString(28, QLatin1Char('n'))));
    // As wide as the header or a bold "deny", whichever is wider: in Japanese the header is
    // two narrow glyphs and the decision was cut to "de…".
    QFont bold = m_view->font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    header->resizeSection(int(AuditLogModel::Column::Decision),
                          std::max({fit(tr("Decision")), boldMetrics.horizontalAdvance(QStringLiteral("allow")) + 16,
                                    boldMetrics.horizontalAdvance(QStringLiteral("deny")) + 16}));
    header->resizeSection(int(AuditLogModel::Column::Rule), fit(QStringLiteral("allow_write[10]")));
    // The Reason column is the last one: readable in a narrow dock (the table scrolls), and
    // taking the rest of the width in a wide one.
    header->resizeSection(int(AuditLogModel::Column::Reason), fit(QString(44, QLatin1Char('n'))));
    header->setStretchLastSection(true);
    // What was decided and by which rule before the path: a long Resource column pushed the Rule
    // out of a docked table at 1280x800. Only the order shown; the model keeps its columns.
    header->moveSection(header->visualIndex(int(AuditLogModel::Column::Resource)),
                        header->visualIndex(int(AuditLogModel::Column::Rule)));
    updateSeqWidth();

    m_kind->addItem(tr("All kinds"), QString());
    for (const char *kind : {"read", "write", "net", "env", "run", "sys", "ffi", "import"})
        m_kind->addItem(QString::fromLatin1(kind), QString::fromLatin1(kind));
    m_decision->addItem(tr("All decisions"), int(AuditFilter::Decision::Any));
    m_decision->addItem(tr("Allowed"), int(AuditFilter::Decision::Allow));
    m_decision->addItem(tr("Denied"), int(AuditFilter::Decision::Deny));
    m_search->setPlaceholderText(tr("Filter by path, host, rule\u2026"));
    m_search->setClearButtonEnabled(true);
    m_allow->setEnabled(false);
    m_allow->setAccessibleName(tr("Allow the selected denials"));
    m_allowAction->setObjectName(QStringLiteral("auditAllowSelectedAction"));
    m_allowAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    // On the table only: the main window has its own shortcuts, this one belongs to the rows.
    m_allowAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_allowAction->setEnabled(false);
    m_allowAllAction->setObjectName(QStringLiteral("allowAllDenialsAction"));
    m_allowAllAction->setEnabled(false);
    const QString shortcut = m_allowAction->shortcut().toString(QKeySequence::NativeText);
    m_allow->setToolTip(tr("Add rules that allow the selected denied accesses to the policy, "
                           "choosing the scope of each (%1)").arg(shortcut));
    m_allowAction->setToolTip(m_allow->toolTip());
    m_allowAllAction->setToolTip(tr("Add rules for every distinct denial of this run or log"));
    addAction(m_allowAction);
    connect(m_allowAction, &QAction::triggered, this, [this] {
        const QList<AuditEvent> events = selectedEvents();
        if (!allowCandidates(events).isEmpty())
            emit allowRequested(events);
    });
    connect(m_allowAllAction, &QAction::triggered, this, [this] {
        const QList<AuditEvent> events = m_model->deniedEvents();
        if (!events.isEmpty())
            emit allowRequested(events);
    });
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &AuditPanel::showContextMenu);
    m_path->setObjectName(QStringLiteral("auditLogPath"));
    m_path->setAccessibleName(tr("Open audit log"));
    m_path->hide();
    m_details->setObjectName(QStringLiteral("auditDetails"));
    m_details->setAccessibleName(tr("Why the current row was decided so"));
    auto *openButton = new QToolButton(this);
    openButton->setObjectName(QStringLiteral("auditOpenLog"));
    openButton->setText(tr("Open Log\u2026"));
    openButton->setAccessibleName(tr("Open an audit log file"));
    m_kind->setAccessibleName(tr("Kind filter"));
    m_decision->setAccessibleName(tr("Decision filter"));
    m_search->setAccessibleName(tr("Text filter"));
    connect(openButton, &QToolButton::clicked, this, &AuditPanel::openLogInteractive);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_kind);
    bar->addWidget(m_decision);
    bar->addWidget(m_search, 1);
    bar->addWidget(openButton);
    auto *bottom = new QHBoxLayout;
    bottom->setSpacing(12);
    bottom->addWidget(m_counts, 1);
    bottom->addWidget(m_allow);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_path);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_details);
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
    connect(m_model, &AuditLogModel::loadingFinished, this, [this](qint64, qint64 ms) {
        setStatus(tr("indexed in %1 ms").arg(QLocale().toString(ms)));
    });
    connect(m_model, &AuditLogModel::filterFinished, this, [this](int, qint64 ms) {
        if (!m_model->filter().isEmpty())
            setStatus(tr("filtered in %1 ms").arg(QLocale().toString(ms)));
        else if (!m_model->isLoading())
            setStatus(m_model->filePath().isEmpty() ? QString() : tr("indexed"));
        updateAllowButton();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AuditPanel::updateDetails);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AuditPanel::updateDetails);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &AuditPanel::updateAllowButton);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AuditPanel::updateAllowButton);
    connect(m_allow, &QPushButton::clicked, m_allowAction, &QAction::trigger);
    updateCounts();
    updateDetails();
}

void AuditPanel::applyFilterNow()
{
    m_filterDelay->stop();
    AuditFilter filter;
    filter.kind = m_kind->currentData().toString();
    filter.decision = AuditFilter::Decision(m_decision->currentData().toInt());
    filter.text = m_search->text().trimmed();
    if (!(filter == m_model->filter()) && !filter.isEmpty())
        setStatus(tr("filtering\u2026"));
    m_model->setFilter(filter);
}

bool AuditPanel::openLog(const QString &path, QString *error)
{
    setStatus(tr("indexing\u2026"));
    if (!m_model->openFile(path, error)) {
        setStatus({});
        return false;
    }
    static_cast<ElidedLabel *>(m_path)->setFullText(path);
    m_path->show();
    return true;
}

void AuditPanel::openLogInteractive()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Audit Log"), QString(),
                                                      tr("Audit logs (*.jsonl *.log);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openLog(path, &error))
        QMessageBox::warning(this, tr("Open Audit Log"), visibleLines(error));
}

bool AuditPanel::selectedEvent(AuditEvent *event) const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return false;
    *event = m_model->eventAt(rows.first().row());
    return true;
}

QList<AuditEvent> AuditPanel::selectedEvents(qsizetype limit) const
{
    // By selection range, not selectedRows(): Ctrl+A over a million-line log is one range, and
    // only as many rows as asked for are parsed.
    std::vector<std::pair<int, int>> ranges;
    for (const QItemSelectionRange &range : m_view->selectionModel()->selection())
        ranges.emplace_back(range.top(), range.bottom());
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

void AuditPanel::setStatus(const QString &text)
{
    m_status = text;
    updateCounts();
}

void AuditPanel::updateCounts()
{
    const QLocale locale;
    const bool file = !m_model->filePath().isEmpty();
    const QString shown = locale.toString(m_model->rowCount());
    const QString total = locale.toString(m_model->totalCount());
    QStringList parts;
    parts << (file ? tr("%1 of %2 lines shown").arg(shown, total) : tr("%1 of %2 decisions shown").arg(shown, total));
    parts << tr("%1 allowed").arg(locale.toString(m_model->allowCount()))
          << tr("%1 denied").arg(locale.toString(m_model->denyCount()));
    if (m_model->unreadableCount() > 0)
        parts << tr("%1 unreadable").arg(locale.toString(m_model->unreadableCount()));
    if (m_model->liveDropped() > 0)
        parts << tr("%1 more only in the audit file").arg(locale.toString(m_model->liveDropped()));
    if (!m_status.isEmpty())
        parts << m_status;
    m_counts->setText(parts.join(QStringLiteral(" \u00b7 ")));
    m_allowAllAction->setEnabled(m_model->denyCount() > 0);
    updateSeqWidth();
}

void AuditPanel::updateSeqWidth()
{
    // Wide enough for the largest sequence number as the view prints it (with the locale's
    // group separators), and never less than 1,000,000, so the column does not grow while a
    // log streams in.
    const qint64 largest = qMax<qint64>(m_model->totalCount() + m_model->liveDropped(), 1000000);
    QString sample = QLocale().toString(largest);
    const QFontMetrics fm = m_view->fontMetrics();
    QChar widest = QLatin1Char('0');
    for (char d = '0'; d <= '9'; ++d)
        if (fm.horizontalAdvance(QLatin1Char(d)) > fm.horizontalAdvance(widest))
            widest = QLatin1Char(d);
    for (QChar &c : sample)
        if (c.isDigit())
            c = widest;
    const int margin = 2 * (m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1) + 8;
    const int width = qMax(fm.horizontalAdvance(sample), m_view->horizontalHeader()->fontMetrics().horizontalAdvance(QStringLiteral("#"))) + margin;
    QHeaderView *header = m_view->horizontalHeader();
    if (header->sectionSize(int(AuditLogModel::Column::Seq)) != width)
        header->resizeSection(int(AuditLogModel::Column::Seq), width);
}

void AuditPanel::updateAllowButton()
{
    // Any one denied row with an allow list enables it; a large selection is not parsed whole
    // on every click.
    bool can = false;
    for (const QItemSelectionRange &range : m_view->selectionModel()->selection()) {
        for (int row = range.top(), checked = 0; row <= range.bottom() && !can && checked < 10000; ++row, ++checked) {
            const AuditEvent event = m_model->eventAt(row);
            can = !event.allowed && !event.unreadable && allowRuleFor(event).has_value();
        }
        if (can)
            break;
    }
    m_allow->setEnabled(can);
    m_allowAction->setEnabled(can);
}

void AuditPanel::setPolicy(const std::optional<Policy> &policy, const QString &baseDir)
{
    m_policy = policy;
    m_baseDir = baseDir;
    updateDetails();
}

void AuditPanel::updateDetails()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    auto *label = static_cast<ElidedLabel *>(m_details);
    if (!current.isValid() || current.row() >= m_model->rowCount()) {
        label->setFullText(tr("Select a row to see what decided it."));
        return;
    }
    label->setFullText(detailsText(m_model->eventAt(current.row())));
}

QString AuditPanel::detailsText(const AuditEvent &event) const
{
    if (event.unreadable)
        return tr("This line is not an audit event.");
    const QString seq = QLocale().toString(event.seq);
    const QString rule = visibleText(event.rule.isEmpty() ? tr("(no rule named)") : event.rule);
    // Words of ours are translated; what the engine told the script, the rule names and policy
    // entries are data: quoted, in a line of their own, never mixed into a translated sentence.
    QString text;
    if (event.allowed) {
        text = tr("#%1 allowed by %2.").arg(seq, rule);
    } else {
        text = tr("#%1 denied by %2.").arg(seq, rule);
        if (!m_policy)
            if (const std::optional<AllowRule> flip = allowRuleFor(event))
                text += QStringLiteral(" \u00b7 ") + tr("allowed by adding %1").arg(visibleText(flip->displayText()));
        if (!event.reason.isEmpty())
            text += QLatin1Char('\n') + tr("Engine's message to the script (as sent): \u201c%1\u201d").arg(visibleText(event.reason));
    }
    if (!m_policy)
        return text;
    // The same question asked of the policy being edited, which may differ from the one the run
    // had; without the run's workdir and entry the answer is the policy's alone.
    const Explanation e = explainDecision(*m_policy, m_baseDir, event);
    const QString now = e.decision.allowed ? tr("allows it") : tr("denies it");
    text += QLatin1Char('\n') + tr("The policy in the editor %1 (%2)").arg(now, visibleText(translatedText(e.ruleWords)));
    if (!e.flipWords.isEmpty())
        text += QStringLiteral(" \u00b7 ") + tr("to change that: %1").arg(visibleText(translatedText(e.flipWords)));
    if (!e.flipRisk.isEmpty())
        text += QStringLiteral(" \u00b7 ") + tr("but look again, lint says: \u201c%1\u201d").arg(visibleText(e.flipRisk));
    return text;
}

void AuditPanel::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    menu.addAction(m_allowAction);
    menu.addAction(m_allowAllAction);
    menu.exec(m_view->viewport()->mapToGlobal(pos));
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
