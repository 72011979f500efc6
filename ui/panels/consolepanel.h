#pragma once

#include "exec/execresult.h"

#include <QStringDecoder>
#include <QWidget>

#include <deque>

class QCheckBox;
class QLineEdit;
class QPlainTextEdit;
class QTimer;
class QToolButton;

namespace Sandbench {

struct RunRecord;
class Workbench;

// Live stdout and stderr in arrival order, stderr in its own colour.
//
// A script can print far faster than a text widget can lay text out, so output is never
// inserted where it arrives: chunks wait in a queue that a timer drains within a time budget, the widget keeps kMaxBlocks lines, and when the queue grows past kMaxPending the
// oldest waiting output is dropped with a marker saying how much. The window stays responsive
// whatever the script does; the run's result still has the head and tail of each stream.
class ConsolePanel : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kFlushIntervalMs = 20;
    // Each flush inserts as many bytes as the widget managed in kFlushBudgetMs last time (one
    // edit block: inserting in one go costs far less per byte than in pieces), so every
    // event-loop turn stays short on slow and fast machines alike.
    static constexpr int kFlushBudgetMs = 10;
    static constexpr qsizetype kMinFlushBytes = 4 * 1024;
    static constexpr qsizetype kFlushBytes = 64 * 1024;
    static constexpr qsizetype kMaxPending = 4 * 1024 * 1024;
    static constexpr qsizetype kKeepPending = 256 * 1024;
    static constexpr int kMaxBlocks = 20000;
    static constexpr int kMaxLineChars = 4000;

    explicit ConsolePanel(QWidget *parent = nullptr);

    void append(Sandbench::ExecStream stream, const QByteArray &bytes);
    // A line of our own (run started, run ended), set apart from the script's output.
    void appendNotice(const QString &text);
    void clear();

    // Shows every run of `workbench` as it happens: a fresh console at its start, its output,
    // and how it ended.
    void follow(Workbench *workbench);
    // A past run, from what the history kept of it.
    void showRun(const RunRecord &record);

    // Writes everything waiting now (tests, and before showing a finished run).
    void flushAll();
    QString text() const;
    QPlainTextEdit *view() const { return m_view; }
    qsizetype pendingBytes() const { return m_pendingBytes; }
    qint64 droppedBytes() const { return m_droppedTotal; }
    bool followTail() const;
    void setFollowTail(bool follow);

    void showSearch();
    bool findNext(bool backward = false);
    void copyAll();

protected:
    void changeEvent(QEvent *event) override;

private:
    enum class Kind { Stdout, Stderr, Notice };
    struct Chunk
    {
        Kind kind;
        QByteArray data;
    };
    void enqueue(Kind kind, QByteArray bytes);
    void flush();
    void insertText(Kind kind, const QString &text);
    QString wrapLongLines(const QString &text);

    QPlainTextEdit *m_view;
    QWidget *m_searchBar;
    QLineEdit *m_search;
    QCheckBox *m_follow;
    QTimer *m_timer;
    std::deque<Chunk> m_pending;
    qsizetype m_pendingBytes = 0;
    qint64 m_droppedTotal = 0;
    QStringDecoder m_stdoutDecoder{QStringDecoder::Utf8};
    QStringDecoder m_stderrDecoder{QStringDecoder::Utf8};
    int m_lineChars = 0; // characters since the last newline written
    double m_bytesPerMs = 4.0; // measured insert speed, refined by every flush
};

} // namespace Sandbench
