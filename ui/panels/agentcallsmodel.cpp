#include "agentcallsmodel.h"

#include "common/terminaltext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

namespace Sandbench {

namespace {

QString cut(const QString &text, qsizetype chars)
{
    return text.size() > chars ? text.left(chars) + QStringLiteral("\u2026") : text;
}

// The result's own text, where a tool put its error: "text", else a first text content.
QString resultText(const QJsonObject &result)
{
    if (result.value(QStringLiteral("text")).isString())
        return result.value(QStringLiteral("text")).toString();
    const QJsonValue structured = result.value(QStringLiteral("structuredContent"));
    if (structured.isObject()) {
        for (const char *key : {"error", "message"}) {
            if (structured[QLatin1String(key)].isString())
                return structured[QLatin1String(key)].toString();
        }
    }
    return {};
}

} // namespace

AgentCallsModel::AgentCallsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AgentCallsModel::setCalls(const QList<AgentCall> &calls, const QList<AgentCallRow> &rows)
{
    Q_ASSERT(rows.size() == calls.size());
    beginResetModel();
    m_calls = calls;
    m_rows = rows;
    endResetModel();
}

void AgentCallsModel::appendCalls(const QList<AgentCall> &calls, qsizetype from, const QList<AgentCallRow> &rows)
{
    if (from < 0 || from >= calls.size() || rows.size() != calls.size() - from)
        return;
    beginInsertRows({}, int(m_calls.size()), int(m_calls.size() + rows.size() - 1));
    m_calls.append(calls.mid(from));
    m_rows.append(rows);
    endInsertRows();
}

AgentCallRow AgentCallsModel::describe(const AgentCall &call)
{
    AgentCallRow row;
    row.tool = visibleText(cut(call.tool, kSummaryChars));
    row.toolTip = plainToolTip(call.tool);
    const QString arguments = argumentsSummary(call);
    row.arguments = visibleText(cut(arguments, kSummaryChars));
    row.argumentsTip = plainToolTip(QString::fromUtf8(QJsonDocument(call.arguments).toJson(QJsonDocument::Indented)));
    const QString outcome = outcomeText(call);
    row.outcome = visibleText(cut(outcome.section(QLatin1Char('\n'), 0, 0), kSummaryChars));
    row.outcomeTip = plainToolTip(outcome);
    std::tie(row.allowed, row.denied) = decisionCounts(call);
    return row;
}

QList<AgentCallRow> AgentCallsModel::describe(const QList<AgentCall> &calls, qsizetype from)
{
    QList<AgentCallRow> rows;
    for (qsizetype i = qMax<qsizetype>(0, from); i < calls.size(); ++i)
        rows << describe(calls.at(i));
    return rows;
}

const AgentCall *AgentCallsModel::callAt(int row) const
{
    return row >= 0 && row < m_calls.size() ? &m_calls.at(row) : nullptr;
}

int AgentCallsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_calls.size());
}

int AgentCallsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString AgentCallsModel::outcomeText(const AgentCall &call)
{
    if (call.refusedCode)
        return tr("refused (%1): %2").arg(*call.refusedCode).arg(call.refusedMessage);
    if (call.result.value(QStringLiteral("isError")).toBool()) {
        const QString text = resultText(call.result);
        return text.isEmpty() ? tr("error") : tr("error: %1").arg(text);
    }
    return tr("ok");
}

QString AgentCallsModel::argumentsSummary(const AgentCall &call)
{
    // JSON escapes every control character in a string, so the summary is one line.
    return QString::fromUtf8(QJsonDocument(call.arguments).toJson(QJsonDocument::Compact));
}

std::pair<int, int> AgentCallsModel::decisionCounts(const AgentCall &call)
{
    int allowed = 0;
    int denied = 0;
    for (const QJsonObject &d : call.decisions) {
        const QString decision = d.value(QStringLiteral("decision")).toString();
        allowed += decision == QLatin1String("allow");
        denied += decision == QLatin1String("deny");
    }
    return {allowed, denied};
}

QString AgentCallsModel::plainToolTip(const QString &text)
{
    // Escaped inside <pre>: Qt takes it as rich text, and every tag from the file as text.
    return QStringLiteral("<pre>%1</pre>").arg(visibleLines(cut(text, kToolTipChars)).toHtmlEscaped());
}

QVariant AgentCallsModel::data(const QModelIndex &index, int role) const
{
    // Names, paths and messages come from a run, a bundle or a log: every text role of every
    // row is shown through the one function that makes bidi overrides and invisible characters
    // visible, whichever column or path produced it.
    return visibleForRole(rawData(index, role), role);
}

QVariant AgentCallsModel::rawData(const QModelIndex &index, int role) const
{
    const AgentCall *call = index.isValid() ? callAt(index.row()) : nullptr;
    if (!call)
        return {};
    const AgentCallRow &row = m_rows.at(index.row());
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
        case SeqColumn: return QString::number(call->seq);
        case TimeColumn: return QDateTime::fromMSecsSinceEpoch(call->atMs).toString(QStringLiteral("HH:mm:ss.zzz"));
        case ToolColumn: return row.tool;
        case ArgumentsColumn: return row.arguments;
        case OutcomeColumn: return row.outcome;
        case DurationColumn: return tr("%1 ms").arg(call->durationMs);
        case DecisionsColumn:
            return call->isCodeRun() ? tr("%1 allowed, %2 denied").arg(row.allowed).arg(row.denied) : QString();
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case ToolColumn: return row.toolTip;
        case ArgumentsColumn: return row.argumentsTip;
        case OutcomeColumn: return row.outcomeTip;
        case TimeColumn:
            return QLocale().toString(QDateTime::fromMSecsSinceEpoch(call->atMs), QLocale::LongFormat);
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && (column == SeqColumn || column == DurationColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant AgentCallsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeqColumn: return tr("#");
    case TimeColumn: return tr("Time");
    case ToolColumn: return tr("Tool");
    case ArgumentsColumn: return tr("Arguments");
    case OutcomeColumn: return tr("Outcome");
    case DurationColumn: return tr("Duration");
    case DecisionsColumn: return tr("Decisions");
    default: return {};
    }
}

} // namespace Sandbench
