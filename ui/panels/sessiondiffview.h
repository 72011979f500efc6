#pragma once

#include "session/replayreport.h"

#include <QWidget>

#include <array>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSplitter;
class QTreeWidget;

namespace Sandbench {

class ElidedLabel;
class ExecSession;

// A replay next to its recording: one stream at a time (stdout, stderr or the audit events),
// recorded on the left and replayed on the right, the first divergence highlighted in both and
// scrolled into view. The two sides scroll together, so the lines around it line up.
class SessionDiffView : public QWidget
{
    Q_OBJECT
public:
    // Stdout, stderr, audit: the streams that have lines.
    static constexpr int kStreamCount = 3;
    // Lines each side shows at the least, however small the dock: at 1280x800 five left the
    // panes a few lines beside the notes, too little to compare anything; more than seven does
    // not fit under the policy dock there (the panes were clipped).
    static constexpr int minimumLines = 7;
    // The most text one side shows; a longer stream is cut with a note (the report compared all).
    static constexpr qsizetype kMaxChars = 2 * 1024 * 1024;

    explicit SessionDiffView(QWidget *parent = nullptr);

    void setComparison(const ExecSession &bundle, const ReplayReport &report);
    // An agent session's replay: the first call that answered otherwise, recorded and replayed.
    void setCallComparison(const ReplayReport &report);
    void clear();

    void showStream(ReplayStream stream);
    ReplayStream currentStream() const;
    // The highlighted line (1-based) of the shown stream, 0 when it matches the recording.
    qint64 highlightedLine() const;

    QComboBox *streamBox() const { return m_stream; }
    // One line that Tab reaches and Enter or a click unfolds to the whole text (ElidedLabel).
    ElidedLabel *summaryLabel() const { return m_summary; }
    QPlainTextEdit *recordedView() const { return m_recorded; }
    QPlainTextEdit *replayedView() const { return m_replayed; }
    QTreeWidget *decisionsView() const { return m_decisions; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    struct Side
    {
        QString recorded;
        QString replayed;
        qint64 divergentLine = 0;
    };
    void render();
    void showSummary(const ReplayReport &report, const QString &identical);
    void fitDecisions();
    static void highlight(QPlainTextEdit *view, qint64 line, const QColor &color);

    std::array<Side, kStreamCount> m_sides;
    // The summary first: the focus chain follows creation, and it sits above the stream box (a
    // Tab stop only while it is cut, so setTabOrder, which skips a widget without focus, cannot
    // place it).
    ElidedLabel *m_summary;
    QComboBox *m_stream;
    QLabel *m_notes;
    QPlainTextEdit *m_recorded;
    QPlainTextEdit *m_replayed;
    QTreeWidget *m_decisions;
    QSplitter *m_split;
    bool m_fitDecisions = false; // size the decisions list once the splitter has its height
    bool m_userSized = false;    // the splitter holds sizes the user dragged to
};

} // namespace Sandbench
