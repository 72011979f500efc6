#include "auditpanel.h"

#include "elidedlabel.h"

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
#include <QFileInfo>
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
#include <QKeyEvent>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSettings>
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

// The table where a keyboard move always selects the row it makes current. QAbstractItemView's
// extended selection moves the current row alone on Ctrl+arrows, Ctrl+End, Ctrl+Home: the
// explanation then followed a row that "Allow this" did not act on. Ctrl+Space still toggles,
// Shift+moves still extend.
class AuditTableView : public QTableView
{
public:
    using QTableView::QTableView;

protected:
    QItemSelectionModel::SelectionFlags selectionCommand(const QModelIndex &index, const QEvent *event) const override
    {
        QItemSelectionModel::SelectionFlags flags = QTableView::selectionCommand(index, event);
        if (!event || event->type() != QEvent::KeyPress || flags != QItemSelectionModel::NoUpdate || !index.isValid())
            return flags;
        const auto *key = static_cast<const QKeyEvent *>(event);
        if (key->key() == Qt::Key_Space)
            return flags;
        // Ctrl+Shift+End extends from the anchor as Shift+End does (Qt leaves it unselected too).
        if (key->modifiers() & Qt::ShiftModifier)
            return QItemSelectionModel::SelectCurrent | QItemSelectionModel::Rows;
        return QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows;
    }

    // Focus coming in makes the first row current without selecting it, and so may a reset or a
    // filter: with nothing selected, the current row is selected too.
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override
    {
        QTableView::currentChanged(current, previous);
        if (current.isValid() && !selectionModel()->hasSelection())
            selectionModel()->select(current, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
};

} // namespace

AuditPanel::AuditPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new AuditLogModel(this))
    , m_view(new AuditTableView(this))
    , m_kind(new QComboBox(this))
    , m_decision(new QComboBox(this))
    , m_search(new QLineEdit(this))
    , m_allow(new QPushButton(tr("Allow this"), this))
    , m_allowAction(new QAction(tr("&Allow Selected Denials\u2026"), this))
    , m_allowAllAction(new QAction(tr("Allow All &Denials of This Run\u2026"), this))
    , m_counts(new QLabel(this))
    , m_path(new ElidedLabel(this))
    , m_details(new QLabel)
    , m_detailsArea(new QScrollArea(this))
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
    // Tab leaves the table (for the explanation and the buttons) instead of walking its cells.
    m_view->setTabKeyNavigation(false);
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
    m_decision->setObjectName(QStringLiteral("auditDecisionFilter"));
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
    // Always enabled, so that the key is never silently dead: when the selection has nothing to
    // allow, it says why (allowBlocker) instead.
    m_allowAllAction->setObjectName(QStringLiteral("allowAllDenialsAction"));
    m_allowAllAction->setEnabled(false);
    const QString shortcut = m_allowAction->shortcut().toString(QKeySequence::NativeText);
    m_allow->setToolTip(tr("Add rules that allow the selected denied accesses to the policy, "
                           "choosing the scope of each (%1)").arg(shortcut));
    m_allowAction->setToolTip(m_allow->toolTip());
    m_allowAllAction->setToolTip(tr("Add rules for every distinct denial of this run or log"));
    addAction(m_allowAction);
    connect(m_allowAction, &QAction::triggered, this, &AuditPanel::allowSelected);
    connect(m_allowAllAction, &QAction::triggered, this, [this] {
        const QList<AuditEvent> events = m_model->deniedEvents();
        if (events.isEmpty())
            return;
        if (m_sandboxId.isEmpty())
            return emit allowRequested(events);
        QStringList hosts;
        for (const AuditEvent &e : events) {
            if (isAllowableConnection(e) && !hosts.contains(e.resource) && !m_sandboxAllow.contains(e.resource))
                hosts << e.resource;
        }
        if (!hosts.isEmpty())
            emit sandboxAllowRequested(m_sandboxId, m_sandboxAllow, hosts);
    });
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &AuditPanel::showContextMenu);
    m_path->setObjectName(QStringLiteral("auditLogPath"));
    m_path->setAccessibleName(tr("Open audit log"));
    m_path->hide();
    m_details->setObjectName(QStringLiteral("auditDetails"));
    m_details->setAccessibleName(tr("Why the current row was decided so"));
    // The whole explanation, wrapped: read, selected and copied (Ctrl+A, Ctrl+C) from the
    // keyboard too. Rule names and reasons are the log's text: never read as HTML.
    m_details->setTextFormat(Qt::PlainText);
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_details->setFocusPolicy(Qt::StrongFocus);
    // A hostile log's reason may be pages long: it scrolls past a few lines instead of pushing
    // the table away.
    m_detailsArea->setObjectName(QStringLiteral("auditDetailsArea"));
    m_detailsArea->setWidget(m_details);
    m_detailsArea->setWidgetResizable(true);
    m_detailsArea->setFrameShape(QFrame::NoFrame);
    m_detailsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_detailsArea->setFocusPolicy(Qt::NoFocus);
    m_detailsArea->viewport()->setAutoFillBackground(false);
    m_details->setAutoFillBackground(false);
    m_detailsArea->viewport()->installEventFilter(this);
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
    layout->addWidget(m_detailsArea);
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
        setStatus(tr("indexed in %1 ms").arg(QLocale().toString(ms)));
        if (m_announcePath.isEmpty() || m_announcePath != m_model->filePath())
            return;
        m_announcePath.clear();
        const QLocale locale;
        QString text = tr("Opened the audit log %1: %2 lines, %3 allowed, %4 denied")
                           .arg(visibleText(QFileInfo(m_model->filePath()).fileName()), locale.toString(lines),
                                locale.toString(m_model->allowCount()), locale.toString(m_model->denyCount()));
        if (m_model->unreadableCount() > 0)
            text += QStringLiteral(", ") + tr("%1 not audit events").arg(locale.toString(m_model->unreadableCount()));
        if (lines == 0)
            text = tr("The audit log %1 is empty: it holds no decisions.").arg(visibleText(QFileInfo(m_model->filePath()).fileName()));
        else if (!m_model->filter().isEmpty())
            text += QStringLiteral(" \u00b7 ") + tr("the filter shows %1 of them").arg(locale.toString(m_model->rowCount()));
        emit statusMessage(text);
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
    // With no current row in the selection, the explanation shows the first selected one.
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AuditPanel::updateDetails);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AuditPanel::updateAllowButton);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AuditPanel::updateAllowButton);
    connect(m_allow, &QPushButton::clicked, m_allowAction, &QAction::trigger);
    setTabOrder(m_view, m_details);
    setTabOrder(m_details, m_allow);
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
    leaveSandbox();
    setStatus(tr("indexing\u2026"));
    m_model->setCodeName({});
    if (!m_model->openFile(path, error)) {
        setStatus({});
        return false;
    }
    static_cast<ElidedLabel *>(m_path)->setFullText(path);
    m_path->show();
    m_announcePath = m_model->filePath();
    return true;
}

bool AuditPanel::openLogInteractive()
{
    // Where the last log came from, else where the runs write theirs: not the process's current
    // folder, where the first try found nothing to open.
    QSettings settings;
    QString folder = settings.value(QStringLiteral("audit/lastFolder")).toString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = m_defaultFolder;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Audit Log"), folder,
                                                      tr("Audit logs (*.jsonl *.log);;All files (*)"));
    if (path.isEmpty()) {
        emit statusMessage(tr("No audit log opened."));
        return false;
    }
    settings.setValue(QStringLiteral("audit/lastFolder"), QFileInfo(path).absolutePath());
    QString error;
    if (!openLog(path, &error)) {
        const QString text = visibleLines(tr("Cannot open the audit log %1: %2").arg(path, error));
        emit statusMessage(text);
        QMessageBox::warning(this, tr("Open Audit Log"), text);
        return false;
    }
    m_view->setFocus(Qt::OtherFocusReason);
    return true;
}

void AuditPanel::setStatus(const QString &text)
{
    m_status = text;
    updateCounts();
}

void AuditPanel::updateCounts()
{
    const QLocale locale;
    // A file's lines and a sandbox's connections (a close line is no decision) are counted as lines.
    const bool file = !m_model->filePath().isEmpty() || !m_sandboxId.isEmpty();
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

void AuditPanel::setPolicy(const std::optional<Policy> &policy, const QString &baseDir)
{
    m_policy = policy;
    m_baseDir = baseDir;
    updateDetails();
}

void AuditPanel::updateDetails()
{
    const int row = eventRow();
    // The log's text in its visible form (bidi overrides and controls shown, not obeyed); the
    // tooltip holds the same.
    const QString text = row < 0 ? tr("Select a row to see what decided it.") : visibleLines(detailsText(m_model->eventAt(row)));
    m_details->setText(text);
    m_details->setToolTip(text);
    fitDetails();
}

void AuditPanel::fitDetails()
{
    // As tall as the wrapped text, up to six lines; past that it scrolls.
    const int width = m_detailsArea->viewport()->width();
    const int needed = m_details->heightForWidth(qMax(1, width));
    const int most = m_details->fontMetrics().lineSpacing() * 6 + 4;
    const int height = qBound(m_details->fontMetrics().lineSpacing() + 4, needed, most);
    if (m_detailsArea->maximumHeight() != height || m_detailsArea->minimumHeight() != height)
        m_detailsArea->setFixedHeight(height);
    m_detailsArea->setVerticalScrollBarPolicy(needed > most ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
}

bool AuditPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_detailsArea->viewport() && event->type() == QEvent::Resize)
        fitDetails();
    return QWidget::eventFilter(watched, event);
}

QString AuditPanel::detailsText(const AuditEvent &event) const
{
    if (event.unreadable)
        return tr("This line is not an audit event.");
    if (!m_sandboxId.isEmpty())
        return sandboxDetailsText(event);
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
    connect(workbench, &Workbench::runStarted, this, [this, workbench](int row) {
        leaveSandbox();
        m_model->clear();
        const RunHistory *history = workbench->history();
        m_model->setCodeName(row >= 0 && row < history->size() ? history->run(row).title : QString());
    });
    connect(workbench, &Workbench::permissionsDecided, m_model, &AuditLogModel::appendEvents);
    // Once the run is over its result holds every decision, shared with the history and the
    // session; the table shares it too rather than keep a copy.
    connect(workbench, &Workbench::runFinished, m_model, [this](int, const ExecResult &result) {
        m_model->adoptRunEvents(result.auditEvents);
    });
}

void AuditPanel::showRun(const RunRecord &record)
{
    leaveSandbox();
    m_model->setCodeName(record.title);
    if (record.result)
        m_model->setEvents(record.result->auditEvents);
    else
        m_model->clear();
}

} // namespace Sandbench
