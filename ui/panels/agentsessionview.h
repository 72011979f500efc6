#pragma once

#include "common/staleguard.h"
#include "session/agent/agentsession.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QSplitter;
class QTableView;
class QTimer;
class QTreeWidget;

namespace Sandbench {

class AgentCallsModel;
class FittedPicture;
struct AgentCallRow;

// An agent session as recorded: a header (the client, the server's tool sets, how it ended) and
// its calls, one row each; the call selected shows its arguments and result as JSON, a
// code.run's decisions and a screenshot's image. A session still being written is followed:
// what its server appends shows within half a second, read off the event loop, until an end
// line comes or the server is gone. Everything shown comes from a file a hostile client may
// have shaped: plain-text widgets only, never markup, and every size bounded.
class AgentSessionView : public QWidget
{
    Q_OBJECT
public:
    // How often a followed session's file is read again.
    static constexpr int kFollowIntervalMs = 400;
    // The largest screenshot decoded (PNG bytes, and pixels a side).
    static constexpr qsizetype kMaxImageBytes = qsizetype(16) << 20;
    static constexpr int kMaxImageSide = 8192;
    // The most JSON text a detail view shows.
    static constexpr qsizetype kMaxDetailChars = qsizetype(512) << 10;
    static constexpr qsizetype kMaxLineChars = 4000; // of each line of it

    explicit AgentSessionView(QWidget *parent = nullptr);

    // Shows `session`, its calls described by `rows` (AgentCallsModel::describe, made where it
    // was read); follows it while `live` (its server holds it) and it has no end line.
    void setSession(const AgentSession &session, const QList<AgentCallRow> &rows, bool live);
    void clear();
    const AgentSession &session() const { return m_session; }
    bool isFollowing() const { return m_following; }

    QLabel *headerLabel() const { return m_header; }
    QLabel *stateLabel() const { return m_state; }
    QTableView *callsView() const { return m_calls; }
    AgentCallsModel *callsModel() const { return m_model; }
    QPlainTextEdit *argumentsView() const { return m_arguments; }
    QPlainTextEdit *resultView() const { return m_result; }
    QTreeWidget *decisionsView() const { return m_decisions; }
    FittedPicture *imageView() const { return m_image; }

signals:
    // New calls were read from a followed session.
    void callsAdded(int count);
    // A followed session got its end line, its server went away, or it could not be read on.
    void followingStopped();
    // The selected call's arguments and result are shown (made off the event loop).
    void callShown();
    // A screenshot's image was decoded (or could not be) for the selected call.
    void imageShown();

private:
    void showHeader();
    void showState();
    void readMore();
    void stopFollowing(const QString &why = {});
    void showCall(int row);
    void showImage(const AgentCall &call);

    AgentSession m_session;
    bool m_following = false;
    bool m_reading = false;
    QString m_followError;
    StaleGuard m_reads;  // another session shown makes a read in flight stale
    StaleGuard m_details; // another call selected makes its texts and image in flight stale
    QTimer *m_timer;
    QLabel *m_header;
    QLabel *m_state;
    AgentCallsModel *m_model;
    QTableView *m_calls;
    QPlainTextEdit *m_arguments;
    QPlainTextEdit *m_result;
    QTreeWidget *m_decisions;
    FittedPicture *m_image;
    QSplitter *m_extras; // the decisions and the screenshot, shown when the call has them
};

} // namespace Sandbench
