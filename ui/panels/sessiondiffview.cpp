#include "sessiondiffview.h"
#include "textroles.h"

#include "elidedlabel.h"

#include "common/terminaltext.h"
#include "session/exec/execsession.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTextBlock>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandbench {

namespace {

const char kSplitKey[] = "sessions/replaySplit";

QString shown(const QString &text)
{
    if (text.size() <= SessionDiffView::kMaxChars)
        return text;
    return text.left(SessionDiffView::kMaxChars)
           + SessionDiffView::tr("\n[\u2026 %n more character(s) not shown]", nullptr,
                                 int(qMin<qsizetype>(text.size() - SessionDiffView::kMaxChars, INT_MAX)));
}

QPlainTextEdit *makeSide(const QString &objectName, QWidget *parent)
{
    auto *view = new QPlainTextEdit(parent);
    view->setObjectName(objectName);
    view->setReadOnly(true);
    // No wrapping: line N on the left must sit level with line N on the right.
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // A few lines side by side at the least, however small the dock: two lines compare nothing.
    // Counted inside the frame and the horizontal scroll bar (long lines do not wrap).
    view->setMinimumHeight(view->fontMetrics().lineSpacing() * SessionDiffView::minimumLines + 2 * view->frameWidth()
                           + view->horizontalScrollBar()->sizeHint().height() + 2);
    return view;
}

QString locationText(const Divergence &d)
{
    switch (d.stream) {
    case ReplayStream::Stdout: return SessionDiffView::tr("stdout line %1").arg(d.index);
    case ReplayStream::Stderr: return SessionDiffView::tr("stderr line %1").arg(d.index);
    case ReplayStream::Audit: return SessionDiffView::tr("audit event %1").arg(d.index);
    case ReplayStream::Exit: return SessionDiffView::tr("the exit");
    case ReplayStream::Screenshot: return SessionDiffView::tr("screenshot %1").arg(d.index);
    case ReplayStream::Call: return SessionDiffView::tr("call %1").arg(d.index);
    case ReplayStream::Network: return SessionDiffView::tr("request at step %1").arg(d.index);
    }
    return {};
}

} // namespace

SessionDiffView::SessionDiffView(QWidget *parent)
    : QWidget(parent)
    , m_summary(new ElidedLabel(this))
    , m_stream(new QComboBox(this))
    , m_notes(new QLabel(this))
    , m_recorded(makeSide(QStringLiteral("recordedView"), this))
    , m_replayed(makeSide(QStringLiteral("replayedView"), this))
    , m_decisions(new QTreeWidget(this))
    , m_split(new QSplitter(Qt::Vertical, this))
{
    m_stream->setObjectName(QStringLiteral("diffStream"));
    m_summary->setObjectName(QStringLiteral("diffSummary"));
    // One line: wrapped, it took the panes' room in a small dock. When it is cut, Tab reaches it
    // and Enter or a click unfolds the whole text, wrapped and selectable, above the panes.
    // Plain text (ElidedLabel): the divergence quotes the recording, which a hostile file shaped.
    m_summary->setElideMode(Qt::ElideRight);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_summary->setAccessibleName(tr("Replay result"));
    m_notes->setWordWrap(true);
    // Set apart by colour, not disabled: a disabled label cannot be selected or copied.
    setTextRole(m_notes, TextRole::Notice);
    m_decisions->setObjectName(QStringLiteral("changedDecisions"));
    m_decisions->setRootIsDecorated(false);
    m_decisions->setHeaderLabels({tr("Event"), tr("Kind"), tr("Resource"), tr("Recorded"), tr("Replayed")});
    m_decisions->header()->setStretchLastSection(false);
    m_decisions->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_decisions->hide();

    // Everything but the two panes takes as few lines as it can: in a dock a third of a 1280x800
    // window high, a stack of labels above them left the panes a line or two.
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(1);
    leftLayout->addWidget(new QLabel(tr("Recorded"), left));
    leftLayout->addWidget(m_recorded, 1);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(1);
    rightLayout->addWidget(new QLabel(tr("Replayed"), right));
    rightLayout->addWidget(m_replayed, 1);
    auto *sides = new QSplitter(Qt::Horizontal, this);
    sides->addWidget(left);
    sides->addWidget(right);
    sides->setChildrenCollapsible(false);
    // The notes go below the panes, in the splitter: the user decides how much of them to see.
    m_notes->setObjectName(QStringLiteral("replayNotes"));
    m_notes->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_notes->setTextFormat(Qt::PlainText);
    // Tab reaches the notes, and Ctrl+A, Ctrl+C copy them whole, however little of them shows.
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_notes->setFocusPolicy(Qt::StrongFocus);
    m_split->setObjectName(QStringLiteral("replaySplit"));
    m_split->addWidget(sides);
    m_split->addWidget(m_decisions);
    m_split->addWidget(m_notes);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 0);
    m_split->setStretchFactor(2, 0);
    m_split->setCollapsible(0, false);
    // The list and the notes ask for a line each at the least: in the default layout at 1280x800
    // their larger default minimums pushed the splitter over its height, and the list was drawn
    // over the panes (the panes kept their minimum height, three lines of it visible).
    const int row = m_decisions->fontMetrics().height() + 4;
    m_decisions->setMinimumHeight(m_decisions->header()->sizeHint().height() + row + 2 * m_decisions->frameWidth());
    m_notes->setMinimumHeight(m_notes->fontMetrics().lineSpacing());
    // Sizes the user gives it are kept for the next replay and the next start.
    m_userSized = m_split->restoreState(QSettings().value(QLatin1String(kSplitKey)).toByteArray());
    connect(m_split, &QSplitter::splitterMoved, this, [this] {
        m_userSized = true;
        QSettings().setValue(QLatin1String(kSplitKey), m_split->saveState());
    });

    // A replay never reaches the network or the host: said where its result shows, in the
    // stream's row (one line, the whole sentence in its tooltip when cut).
    auto *offline = new ElidedLabel(this);
    offline->setObjectName(QStringLiteral("replayOfflineNote"));
    offline->setFullText(tr("Replays run offline: no network, only the session's own copies of files, "
                            "no programs."));
    offline->setElideMode(Qt::ElideRight);
    setTextRole(offline, TextRole::Notice);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Stream:"), this));
    top->addWidget(m_stream);
    top->addWidget(offline, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addWidget(m_summary);
    layout->addLayout(top);
    layout->addWidget(m_split, 1);

    for (QPlainTextEdit *a : {m_recorded, m_replayed}) {
        QPlainTextEdit *b = a == m_recorded ? m_replayed : m_recorded;
        connect(a->verticalScrollBar(), &QScrollBar::valueChanged, b->verticalScrollBar(), &QScrollBar::setValue);
        connect(a->horizontalScrollBar(), &QScrollBar::valueChanged, b->horizontalScrollBar(), &QScrollBar::setValue);
    }
    connect(m_stream, &QComboBox::currentIndexChanged, this, &SessionDiffView::render);
    clear();
}

void SessionDiffView::clear()
{
    m_sides = {};
    m_stream->clear();
    m_recorded->clear();
    m_replayed->clear();
    m_decisions->clear();
    m_decisions->hide();
    m_notes->clear();
    m_notes->hide();
    m_summary->setUnfolded(false);
    m_summary->setFullText(tr("Replay the session to compare it with the recording."));
    clearTextRole(m_summary);
    setEnabled(false);
}

void SessionDiffView::setComparison(const ExecSession &bundle, const ReplayReport &report)
{
    const ExecResult &r = report.replayed;
    m_sides[0] = {QString::fromUtf8(bundle.stdoutData), QString::fromUtf8(r.stdoutData), 0};
    m_sides[1] = {QString::fromUtf8(bundle.stderrData), QString::fromUtf8(r.stderrData), 0};
    m_sides[2] = {comparedAuditLines(bundle.auditEvents).join(QLatin1Char('\n')),
                  comparedAuditLines(r.auditEvents).join(QLatin1Char('\n')), 0};
    int firstStream = 0;
    bool haveFirst = false;
    for (const Divergence &d : report.divergences) {
        const int i = d.stream == ReplayStream::Stdout ? 0 : d.stream == ReplayStream::Stderr ? 1
                    : d.stream == ReplayStream::Audit  ? 2 : -1;
        if (i < 0)
            continue;
        m_sides[i].divergentLine = d.index;
        if (!haveFirst) {
            firstStream = i;
            haveFirst = true;
        }
    }

    showSummary(report, tr("Identical: stdout, stderr, the exit and %n audit event(s) match the recording.", nullptr,
                           int(comparedAuditLines(bundle.auditEvents).size())));

    const QSignalBlocker blocker(m_stream);
    m_stream->clear();
    const QStringList names{tr("stdout"), tr("stderr"), tr("audit events")};
    for (int i = 0; i < kStreamCount; ++i) {
        const qint64 line = m_sides[i].divergentLine;
        m_stream->addItem(line > 0 ? tr("%1 \u2014 differs at %2").arg(names.at(i)).arg(line)
                                   : tr("%1 \u2014 identical").arg(names.at(i)));
    }
    m_stream->setCurrentIndex(firstStream);
    setEnabled(true);
    render();
}

namespace {

// A call's answer as JSON, indented so the two sides line up field by field ("tool: " before it
// is kept as a first line); the text as it is when it is not JSON.
QString indentedAnswer(const QString &text)
{
    const qsizetype brace = text.indexOf(QLatin1Char('{'));
    if (brace < 0)
        return text;
    const QJsonDocument doc = QJsonDocument::fromJson(text.mid(brace).toUtf8());
    if (!doc.isObject())
        return text;
    const QString head = text.left(brace).trimmed();
    const QString json = QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
    return head.isEmpty() ? json : head + QLatin1Char('\n') + json;
}

// The first line (1-based) where two texts differ, ignoring a first line only one has.
qint64 firstDifferentLine(const QString &a, const QString &b)
{
    const QStringList left = a.split(QLatin1Char('\n'));
    const QStringList right = b.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < qMax(left.size(), right.size()); ++i) {
        if (left.value(i) != right.value(i))
            return i + 1;
    }
    return 1;
}

} // namespace

void SessionDiffView::setCallComparison(const ReplayReport &report)
{
    m_sides = {};
    for (const Divergence &d : report.divergences) {
        if (d.stream == ReplayStream::Call) {
            // The recorded side names the tool first; the replayed side gets the same line.
            QString recorded = indentedAnswer(d.recorded);
            QString replayed = indentedAnswer(d.replayed);
            const qsizetype colon = d.recorded.indexOf(QStringLiteral(": {"));
            if (colon > 0 && !d.replayed.startsWith(d.recorded.left(colon + 1)))
                replayed = d.recorded.left(colon + 1) + QLatin1Char('\n') + replayed;
            m_sides[0] = {recorded, replayed, firstDifferentLine(recorded, replayed)};
            break;
        }
    }
    showSummary(report, tr("Identical: every call answered as recorded."));
    const QSignalBlocker blocker(m_stream);
    m_stream->clear();
    const Divergence *first = report.divergences.isEmpty() ? nullptr : &report.divergences.first();
    m_stream->addItem(first ? tr("calls \u2014 differs at %1").arg(locationText(*first)) : tr("calls \u2014 identical"));
    m_stream->setCurrentIndex(0);
    setEnabled(true);
    render();
}

void SessionDiffView::showSummary(const ReplayReport &report, const QString &identical)
{
    if (report.identical) {
        m_summary->setFullText(identical);
        setTextRole(m_summary, TextRole::Success, true);
    } else if (report.divergences.isEmpty()) {
        // A hand-edited or cut-short recording: not the same, with nothing to point at.
        m_summary->setFullText(tr("Diverged: the replay could not be compared with the recording."));
        setTextRole(m_summary, TextRole::Error, true);
    } else {
        const Divergence &d = report.divergences.first();
        QString text = tr("Diverged at %1: recorded \u201c%2\u201d, replayed \u201c%3\u201d.")
                           .arg(locationText(d), visibleText(d.recorded.left(200)), visibleText(d.replayed.left(200)));
        QStringList also;
        for (qsizetype i = 1; i < report.divergences.size(); ++i)
            also << locationText(report.divergences.at(i));
        if (!also.isEmpty())
            text += QLatin1Char(' ') + tr("Also differs: %1.").arg(also.join(QStringLiteral(", ")));
        m_summary->setFullText(text);
        setTextRole(m_summary, TextRole::Error, true);
    }

    m_decisions->clear();
    for (const DecisionChange &c : report.changedDecisions) {
        auto *item = new QTreeWidgetItem(m_decisions, {QString::number(c.event), visibleText(c.kind), visibleText(c.resource),
                                                       c.recordedAllowed ? tr("allow") : tr("deny"),
                                                       c.replayedAllowed ? tr("allow") : tr("deny")});
        item->setToolTip(2, visibleLines(c.resource));
    }
    m_decisions->setVisible(!report.changedDecisions.isEmpty());
    m_fitDecisions = !report.changedDecisions.isEmpty() || !report.notes.isEmpty();
    if (isVisible())
        fitDecisions();
    QStringList notes;
    for (const ReplayNote &note : report.notes)
        notes << note.translated();
    m_notes->setText(notes.isEmpty() ? QString() : visibleText(tr("Notes: %1").arg(notes.join(QStringLiteral("; ")))));
    m_notes->setVisible(!notes.isEmpty());

}

void SessionDiffView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // The splitter's height is only known once shown (the Replay tab is often behind another).
    if (m_fitDecisions)
        QMetaObject::invokeMethod(this, &SessionDiffView::fitDecisions, Qt::QueuedConnection);
}

void SessionDiffView::fitDecisions()
{
    if (!m_fitDecisions || !isVisible())
        return;
    m_fitDecisions = false;
    // Heights the user dragged to are theirs (restored at start, kept per drag).
    if (m_userSized)
        return;
    // The panes first: the changed decisions and the notes start a few rows high, below them;
    // the handle drags them bigger.
    const int rows = int(qMin(m_decisions->topLevelItemCount(), 2));
    const int list = m_decisions->isVisibleTo(this)
                         ? m_decisions->header()->sizeHint().height() + rows * (m_decisions->fontMetrics().height() + 4)
                               + 2 * m_decisions->frameWidth()
                         : 0;
    const int notes = m_notes->isVisibleTo(this)
                          ? qMin(m_notes->heightForWidth(m_split->width()), 2 * m_notes->fontMetrics().lineSpacing())
                          : 0;
    m_split->setSizes({qMax(0, m_split->height() - list - notes), list, notes});
}

void SessionDiffView::showStream(ReplayStream stream)
{
    const int i = stream == ReplayStream::Stdout ? 0 : stream == ReplayStream::Stderr ? 1 : 2;
    m_stream->setCurrentIndex(i);
}

ReplayStream SessionDiffView::currentStream() const
{
    switch (m_stream->currentIndex()) {
    case 1: return ReplayStream::Stderr;
    case 2: return ReplayStream::Audit;
    default: return ReplayStream::Stdout;
    }
}

qint64 SessionDiffView::highlightedLine() const
{
    const int i = m_stream->currentIndex();
    return i >= 0 && i < kStreamCount ? m_sides[i].divergentLine : 0;
}

void SessionDiffView::render()
{
    const int i = m_stream->currentIndex();
    if (i < 0 || i >= kStreamCount)
        return;
    const Side &side = m_sides[i];
    // Recorded and replayed output come from the code: bidi overrides and invisible characters
    // are shown, not obeyed.
    m_recorded->setPlainText(visibleLines(shown(side.recorded)));
    m_replayed->setPlainText(visibleLines(shown(side.replayed)));
    const QColor mark(230, 70, 60, 90); // readable under light and dark text alike
    highlight(m_recorded, side.divergentLine, mark);
    highlight(m_replayed, side.divergentLine, mark);
}

void SessionDiffView::highlight(QPlainTextEdit *view, qint64 line, const QColor &color)
{
    QList<QTextEdit::ExtraSelection> marks;
    if (line > 0) {
        const QTextBlock block = view->document()->findBlockByNumber(int(qMin<qint64>(line - 1, INT_MAX)));
        QTextCursor cursor(block.isValid() ? block : view->document()->lastBlock());
        QTextEdit::ExtraSelection mark;
        mark.cursor = cursor;
        mark.format.setBackground(color);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks << mark;
        view->setTextCursor(cursor);
        view->centerCursor();
    }
    view->setExtraSelections(marks);
}

} // namespace Sandbench
