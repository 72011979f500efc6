#pragma once

#include "session/agent/agentsession.h"

#include <QAbstractTableModel>
#include <QList>

namespace Sandbench {

// What a row shows of a call, made once, off the event loop (AgentCallsModel::describe): a
// call's arguments may be megabytes of JSON, too much to encode at every repaint.
struct AgentCallRow
{
    QString tool;
    QString toolTip;
    QString arguments;
    QString argumentsTip;
    QString outcome;
    QString outcomeTip;
    int allowed = 0;
    int denied = 0;
};

// The calls of an agent session, one row each, in the order they were answered. Every text
// comes from a file the server wrote for a client that may be hostile: display texts show
// control and bidi characters as what they are (visibleText), and tool tips, which Qt renders
// as rich text when they look like it, are escaped HTML.
class AgentCallsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeqColumn, TimeColumn, ToolColumn, ArgumentsColumn, OutcomeColumn, DurationColumn, DecisionsColumn, ColumnCount };
    // The longest one-line argument summary shown in a cell; the tool tip has more.
    static constexpr qsizetype kSummaryChars = 160;
    static constexpr qsizetype kToolTipChars = 4000;

    explicit AgentCallsModel(QObject *parent = nullptr);

    // `rows` are describe(calls): made where the calls were read.
    void setCalls(const QList<AgentCall> &calls, const QList<AgentCallRow> &rows);
    // Adds the calls a followed session gained: calls[from...], described by `rows`.
    void appendCalls(const QList<AgentCall> &calls, qsizetype from, const QList<AgentCallRow> &rows);

    // Safe on any thread (no QObject): for the thread that read the calls.
    static AgentCallRow describe(const AgentCall &call);
    static QList<AgentCallRow> describe(const QList<AgentCall> &calls, qsizetype from = 0);
    const AgentCall *callAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "ok", "error: text" or "refused (code): message", for people.
    static QString outcomeText(const AgentCall &call);
    static QString argumentsSummary(const AgentCall &call);
    // Allowed and denied decisions of a code.run.
    static std::pair<int, int> decisionCounts(const AgentCall &call);
    // Text to show in a tool tip as it is, never as markup.
    static QString plainToolTip(const QString &text);

private:
    // data() before its text is made visible (visibleForRole).
    QVariant rawData(const QModelIndex &index, int role) const;
    QList<AgentCall> m_calls;
    QList<AgentCallRow> m_rows;
};

} // namespace Sandbench
