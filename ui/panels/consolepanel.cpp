#include "consolepanel.h"

#include "common/terminaltext.h"
#include "textroles.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QShortcut>
#include <QTextBlock>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandbench {

ConsolePanel::ConsolePanel(QWidget *parent)
    : QWidget(parent)
    , m_view(new QPlainTextEdit(this))
    , m_searchBar(new QWidget(this))
    , m_search(new QLineEdit(m_searchBar))
    , m_follow(new QCheckBox(tr("Follow"), this))
    , m_timer(new QTimer(this))
{
    m_view->setObjectName(QStringLiteral("consoleView"));
    m_view->setReadOnly(true);
    m_view->setUndoRedoEnabled(false);
    m_view->setMaximumBlockCount(kMaxBlocks);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_view->setPlaceholderText(tr("Output of the script appears here. F5 runs it."));
    m_follow->setChecked(true);
    m_follow->setToolTip(tr("Keep the newest output in view"));

    auto *copy = new QToolButton(this);
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy the selection, or everything when nothing is selected"));
    connect(copy, &QToolButton::clicked, this, &ConsolePanel::copyAll);
    auto *clearButton = new QToolButton(this);
    clearButton->setText(tr("Clear"));
    connect(clearButton, &QToolButton::clicked, this, &ConsolePanel::clear);
    auto *find = new QToolButton(this);
    find->setText(tr("Find"));
    connect(find, &QToolButton::clicked, this, &ConsolePanel::showSearch);

    m_search->setPlaceholderText(tr("Find in output"));
    m_search->setClearButtonEnabled(true);
    auto *next = new QToolButton(m_searchBar);
    next->setText(QStringLiteral("\u2193"));
    next->setToolTip(tr("Next match"));
    auto *previous = new QToolButton(m_searchBar);
    previous->setText(QStringLiteral("\u2191"));
    previous->setToolTip(tr("Previous match"));
    auto *close = new QToolButton(m_searchBar);
    close->setText(QStringLiteral("\u2715"));
    auto *searchLayout = new QHBoxLayout(m_searchBar);
    searchLayout->setContentsMargins(0, 0, 0, 0);
    searchLayout->addWidget(m_search, 1);
    searchLayout->addWidget(previous);
    searchLayout->addWidget(next);
    searchLayout->addWidget(close);
    m_searchBar->hide();
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findNext(); });
    connect(next, &QToolButton::clicked, this, [this] { findNext(); });
    connect(previous, &QToolButton::clicked, this, [this] { findNext(true); });
    connect(close, &QToolButton::clicked, m_searchBar, &QWidget::hide);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_searchBar, 1);
    bar->addStretch();
    bar->addWidget(m_follow);
    bar->addWidget(find);
    bar->addWidget(copy);
    bar->addWidget(clearButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addLayout(bar);

    auto *findShortcut = new QShortcut(QKeySequence::Find, this);
    findShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(findShortcut, &QShortcut::activated, this, &ConsolePanel::showSearch);
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), m_searchBar);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, m_searchBar, &QWidget::hide);

    m_timer->setInterval(kFlushIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &ConsolePanel::flush);
    // Scrolling up to read stops following; scrolling back to the end resumes it.
    connect(m_view->verticalScrollBar(), &QScrollBar::actionTriggered, this, [this] {
        QScrollBar *scroll = m_view->verticalScrollBar();
        QTimer::singleShot(0, this, [this, scroll] { m_follow->setChecked(scroll->value() >= scroll->maximum()); });
    });
}

void ConsolePanel::append(ExecStream stream, const QByteArray &bytes)
{
    if (!bytes.isEmpty())
        enqueue(stream == ExecStream::Stderr ? Kind::Stderr : Kind::Stdout, bytes);
}

void ConsolePanel::appendNotice(const QString &text)
{
    enqueue(Kind::Notice, text.toUtf8() + '\n');
}

void ConsolePanel::enqueue(Kind kind, QByteArray bytes)
{
    m_pendingBytes += bytes.size();
    if (!m_pending.empty() && m_pending.back().kind == kind && m_pending.back().data.size() < kFlushBytes)
        m_pending.back().data.append(bytes);
    else
        m_pending.push_back({kind, std::move(bytes)});
    if (m_pendingBytes > kMaxPending) {
        // Far behind: keep the newest output (what follow-tail shows) and say what was skipped.
        qint64 dropped = 0;
        while (m_pendingBytes > kKeepPending && m_pending.size() > 1) {
            if (m_pending.front().kind == Kind::Notice && m_pending.front().data.startsWith("[")) {
                m_pendingBytes -= m_pending.front().data.size(); // an older marker, replaced below
                m_pending.pop_front();
                continue;
            }
            dropped += m_pending.front().data.size();
            m_pendingBytes -= m_pending.front().data.size();
            m_pending.pop_front();
        }
        m_droppedTotal += dropped;
        const QByteArray marker = tr("[\u2026 %1 bytes of output skipped to keep up; the run result keeps the head and tail \u2026]")
                                      .arg(m_droppedTotal).toUtf8() + '\n';
        m_pending.push_front({Kind::Notice, marker});
        m_pendingBytes += marker.size();
    }
    if (!m_timer->isActive())
        m_timer->start();
}

void ConsolePanel::flush()
{
    QElapsedTimer clock;
    clock.start();
    const qsizetype target = qBound(kMinFlushBytes, qsizetype(m_bytesPerMs * kFlushBudgetMs), kFlushBytes);
    qsizetype budget = target;
    QTextCursor cursor(m_view->document());
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    qsizetype inserted = 0;
    while (budget > 0 && !m_pending.empty()) {
        Chunk &chunk = m_pending.front();
        const Kind kind = chunk.kind;
        QByteArray piece;
        if (chunk.data.size() <= budget) {
            piece = std::move(chunk.data);
            m_pending.pop_front();
        } else {
            piece = chunk.data.left(budget);
            chunk.data.remove(0, budget);
        }
        m_pendingBytes -= piece.size();
        budget -= piece.size();
        inserted += piece.size();
        QString text;
        switch (kind) {
        case Kind::Stdout: text = m_stdoutDecoder.decode(piece); break;
        case Kind::Stderr: text = m_stderrDecoder.decode(piece); break;
        case Kind::Notice:
            text = QString::fromUtf8(piece);
            if (m_lineChars > 0) // a notice starts its own line
                text.prepend(QLatin1Char('\n'));
            break;
        }
        // Stored as what the text is, coloured from the palette now and again on a theme change.
        const TextRole role = kind == Kind::Stderr ? TextRole::Error
                              : kind == Kind::Notice ? TextRole::Notice
                                                     : TextRole::Plain;
        const QTextCharFormat format = textRoleFormat(role, m_view->palette());
        // The code's output is shown, not obeyed: a right-to-left override must not reorder it.
        cursor.insertText(wrapLongLines(visibleLines(text)), format);
    }
    cursor.endEditBlock();
    if (m_pending.empty())
        m_timer->stop();
    if (m_follow->isChecked()) {
        QScrollBar *bar = m_view->verticalScrollBar();
        bar->setValue(bar->maximum());
    }
    // Only full flushes say how fast the widget is; small ones are dominated by fixed costs.
    if (inserted >= target / 2)
        m_bytesPerMs = 0.7 * m_bytesPerMs
                       + 0.3 * (double(inserted) * 1e6 / double(qMax<qint64>(1000, clock.nsecsElapsed())));
}

QString ConsolePanel::wrapLongLines(const QString &text)
{
    // A single 100 MB line would make one enormous block that the widget lays out again on
    // every insert; breaking lines keeps the block cap meaningful.
    QString out;
    out.reserve(text.size() + text.size() / kMaxLineChars + 1);
    for (const QChar c : text) {
        if (c == QLatin1Char('\n')) {
            m_lineChars = 0;
        } else if (++m_lineChars > kMaxLineChars) {
            out.append(QChar(0x21b5)); // ↵ marks a break we made, not the script
            out.append(QLatin1Char('\n'));
            m_lineChars = 1;
        }
        out.append(c);
    }
    return out;
}

void ConsolePanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // A theme switch: output already shown takes the new palette's colours too. Queued: the
    // new palette reaches parents and children in separate events, the view's may come last.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        recolorTextRolesLater(m_view);
}

void ConsolePanel::flushAll()
{
    while (!m_pending.empty())
        flush();
}

void ConsolePanel::clear()
{
    m_pending.clear();
    m_pendingBytes = 0;
    m_droppedTotal = 0;
    m_lineChars = 0;
    m_stdoutDecoder.resetState();
    m_stderrDecoder.resetState();
    m_timer->stop();
    m_view->clear();
}

QString ConsolePanel::text() const
{
    return m_view->toPlainText();
}

bool ConsolePanel::followTail() const
{
    return m_follow->isChecked();
}

void ConsolePanel::setFollowTail(bool follow)
{
    m_follow->setChecked(follow);
}

void ConsolePanel::showSearch()
{
    m_searchBar->show();
    m_search->setFocus();
    m_search->selectAll();
}

bool ConsolePanel::findNext(bool backward)
{
    const QString needle = m_search->text();
    if (needle.isEmpty())
        return false;
    const QTextDocument::FindFlags flags = backward ? QTextDocument::FindBackward
                                                    : QTextDocument::FindFlags();
    if (m_view->find(needle, flags)) {
        m_follow->setChecked(false); // stay on the match
        return true;
    }
    // Wrap around once.
    QTextCursor cursor = m_view->textCursor();
    cursor.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
    m_view->setTextCursor(cursor);
    const bool found = m_view->find(needle, flags);
    found ? clearTextRole(m_search) : setTextRole(m_search, TextRole::Error);
    if (found)
        m_follow->setChecked(false);
    return found;
}

void ConsolePanel::copyAll()
{
    QString selected = m_view->textCursor().selectedText();
    QApplication::clipboard()->setText(
        selected.isEmpty() ? m_view->toPlainText() : selected.replace(QChar::ParagraphSeparator, QLatin1Char('\n')));
}

void ConsolePanel::follow(Workbench *workbench)
{
    connect(workbench, &Workbench::runStarted, this, [this, workbench](int row, const QString &auditLog) {
        clear();
        const int number = workbench->history()->run(row).number;
        appendNotice(auditLog.isEmpty() ? tr("Run %1").arg(number)
                                        : tr("Run %1 \u2014 audit log: %2").arg(number).arg(auditLog));
    });
    connect(workbench, &Workbench::output, this, &ConsolePanel::append);
    connect(workbench, &Workbench::runFailed, this, [this](int, const Error &error) {
        // The engine's words are English data: on a line of their own, quoted, under ours.
        appendNotice(tr("Could not run. The engine's message, as it gave it:"));
        appendNotice(QStringLiteral("  \u201c%1\u201d").arg(error.message));
    });
    connect(workbench, &Workbench::runFinished, this, [this](int, const ExecResult &result) {
        QStringList parts;
        if (result.exitCode)
            parts << tr("exit code %1").arg(*result.exitCode);
        if (result.timedOut)
            parts << tr("timed out");
        if (result.cancelled)
            parts << tr("stopped");
        if (result.truncated)
            parts << tr("output truncated");
        parts << tr("%1 allowed, %2 denied").arg(result.allowCount).arg(result.denyCount);
        parts << tr("%1 ms").arg(result.durationMs);
        appendNotice(tr("Finished: %1").arg(parts.join(QStringLiteral(", "))));
    });
}

void ConsolePanel::showRun(const RunRecord &record)
{
    clear();
    appendNotice(tr("Run %1 \u2014 %2").arg(record.number).arg(record.title));
    for (const ConsoleChunk &chunk : record.transcript)
        append(chunk.stream, chunk.data);
    if (record.transcriptDropped > 0)
        appendNotice(tr("[%1 more bytes were not kept for the history]").arg(record.transcriptDropped));
    if (record.result)
        appendNotice(record.statusText());
    else if (record.error)
        appendNotice(record.error->message);
}

} // namespace Sandbench
