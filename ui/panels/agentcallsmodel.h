#pragma once

#include "session/agent/agentsession.h"

#include <QAbstractTableModel>
#include <QList>

namespace Sandbench {

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

    void setCalls(const QList<AgentCall> &calls);
    // Adds the calls a followed session gained (those past the ones shown).
    void appendCalls(const QList<AgentCall> &calls, qsizetype from);
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
    QList<AgentCall> m_calls;
};

} // namespace Sandbench
