#include "replayreport.h"

#include "common/terminaltext.h"

#include <QCryptographicHash>
#include <QTextStream>

namespace Sandbench {

namespace {

const QString endMarker = QStringLiteral("<end>");

// The first line that differs, for people; binary lines are shown by size and digest.
QString lineText(const QByteArray &line)
{
    const QString text = QString::fromUtf8(line);
    bool printable = text.toUtf8() == line;
    for (const QChar c : text) {
        if (c.unicode() < 0x20 && c != QLatin1Char('\t') && c != QLatin1Char('\r'))
            printable = false;
    }
    if (!printable)
        return QStringLiteral("<%1 binary bytes, sha256 %2>").arg(line.size())
            .arg(QString::fromLatin1(QCryptographicHash::hash(line, QCryptographicHash::Sha256).toHex().left(12)));
    return text.size() > 200 ? text.left(200) + QStringLiteral("…") : text;
}

QString exitText(const std::optional<int> &exit, bool timedOut)
{
    if (timedOut)
        return QStringLiteral("timed out");
    return exit ? QStringLiteral("exit %1").arg(*exit) : QStringLiteral("stopped");
}

QString eventText(const AuditEvent &event)
{
    return QStringLiteral("%1 %2 %3: %4").arg(event.kind, event.action, event.resource, event.decisionName());
}

bool sameRequest(const AuditEvent &a, const AuditEvent &b)
{
    return a.kind == b.kind && a.action == b.action && a.resource == b.resource;
}

QList<DecisionChange> changedDecisions(const QList<AuditEvent> &recorded, const QList<AuditEvent> &replayed)
{
    // A changed decision changes what the code does next, so the two lists can part ways: each
    // replayed request is matched with the next recorded one that asked the same, a short way on.
    constexpr qsizetype lookAhead = 64;
    QList<DecisionChange> out;
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < recorded.size() && j < replayed.size()) {
        if (sameRequest(recorded.at(i), replayed.at(j))) {
            if (recorded.at(i).allowed != replayed.at(j).allowed) {
                const AuditEvent &e = recorded.at(i);
                out.append({i + 1, e.kind, e.action, e.resource, e.allowed, replayed.at(j).allowed});
            }
            ++i;
            ++j;
            continue;
        }
        qsizetype k = i + 1;
        while (k < recorded.size() && k <= i + lookAhead && !sameRequest(recorded.at(k), replayed.at(j)))
            ++k;
        if (k < recorded.size() && k <= i + lookAhead)
            i = k;
        else
            ++j;
    }
    return out;
}

// The engine's own files (the preload that workers import) are read from a private folder whose
// name differs in every run: those decisions are Sandbench's, not the code's, and not compared.
QList<AuditEvent> codeEvents(const QList<AuditEvent> &events)
{
    QList<AuditEvent> out;
    out.reserve(events.size());
    for (const AuditEvent &event : events) {
        if (event.rule != QLatin1String("sandbench"))
            out.append(event);
    }
    return out;
}

} // namespace

QStringList comparedAuditLines(const QList<AuditEvent> &events)
{
    QStringList lines;
    for (const AuditEvent &event : codeEvents(events))
        lines << eventText(event);
    return lines;
}

std::optional<LineDifference> firstLineDifference(const QByteArray &recorded, const QByteArray &replayed)
{
    if (recorded == replayed)
        return std::nullopt;
    const QList<QByteArray> a = recorded.split('\n');
    const QList<QByteArray> b = replayed.split('\n');
    for (qsizetype i = 0; i < qMax(a.size(), b.size()); ++i) {
        const bool haveA = i < a.size();
        const bool haveB = i < b.size();
        if (haveA && haveB && a.at(i) == b.at(i))
            continue;
        return LineDifference{i + 1, haveA ? lineText(a.at(i)) : endMarker, haveB ? lineText(b.at(i)) : endMarker};
    }
    return std::nullopt;
}

QString replayStreamName(ReplayStream stream)
{
    switch (stream) {
    case ReplayStream::Stdout: return QStringLiteral("stdout");
    case ReplayStream::Stderr: return QStringLiteral("stderr");
    case ReplayStream::Exit: return QStringLiteral("exit");
    case ReplayStream::Audit: return QStringLiteral("audit");
    case ReplayStream::Screenshot: return QStringLiteral("screenshot");
    case ReplayStream::Call: return QStringLiteral("call");
    case ReplayStream::Network: return QStringLiteral("network");
    }
    return {};
}

ReplayReport compareReplay(const QByteArray &recordedStdout, const QByteArray &recordedStderr,
                           const std::optional<int> &recordedExit, bool recordedTimedOut,
                           const QList<AuditEvent> &recordedAll, const ExecResult &replayed)
{
    const QList<AuditEvent> recordedEvents = codeEvents(recordedAll);
    ReplayReport report;
    report.replayed = replayed;
    if (auto d = firstLineDifference(recordedStdout, replayed.stdoutData))
        report.divergences.append({ReplayStream::Stdout, d->line, d->recorded, d->replayed});
    if (auto d = firstLineDifference(recordedStderr, replayed.stderrData))
        report.divergences.append({ReplayStream::Stderr, d->line, d->recorded, d->replayed});
    const QString exitA = exitText(recordedExit, recordedTimedOut);
    const QString exitB = exitText(replayed.exitCode, replayed.timedOut);
    if (exitA != exitB)
        report.divergences.append({ReplayStream::Exit, 0, exitA, exitB});
    const QList<AuditEvent> events = codeEvents(replayed.auditEvents);
    for (qsizetype i = 0; i < qMax(recordedEvents.size(), events.size()); ++i) {
        const bool haveA = i < recordedEvents.size();
        const bool haveB = i < events.size();
        if (haveA && haveB && sameRequest(recordedEvents.at(i), events.at(i)) && recordedEvents.at(i).allowed == events.at(i).allowed)
            continue;
        report.divergences.append({ReplayStream::Audit, i + 1, haveA ? eventText(recordedEvents.at(i)) : endMarker,
                                   haveB ? eventText(events.at(i)) : endMarker});
        break;
    }
    report.changedDecisions = changedDecisions(recordedEvents, events);
    report.identical = report.divergences.isEmpty();
    return report;
}

QString ReplayReport::summary() const
{
    QString text;
    QTextStream out(&text);
    if (identical) {
        out << "identical\n";
    } else if (divergences.isEmpty()) {
        // Not the same, yet no stream to point at (a recording missing a part, a hand-edited
        // file): the notes say why.
        out << "diverged: the replay could not be compared with the recording\n";
    } else {
        const Divergence &d = divergences.first();
        out << "diverged: " << replayStreamName(d.stream);
        if (d.stream == ReplayStream::Audit)
            out << " event " << d.index;
        else if (d.stream == ReplayStream::Call)
            out << ' ' << d.index;
        else if (d.stream != ReplayStream::Exit)
            out << " line " << d.index;
        // Lines of output, resources and notes come from the recording and the code: escaped, so
        // that none can drive a terminal or forge a line of the report.
        out << "\n  recorded: " << terminalSafe(d.recorded) << "\n  replayed: " << terminalSafe(d.replayed) << '\n';
        for (qsizetype i = 1; i < divergences.size(); ++i) {
            const Divergence &other = divergences.at(i);
            out << "also differs: " << replayStreamName(other.stream);
            if (other.index > 0)
                out << (other.stream == ReplayStream::Audit ? " event " : " line ") << other.index;
            out << '\n';
        }
    }
    if (!changedDecisions.isEmpty()) {
        out << "decisions changed:\n";
        for (const DecisionChange &c : changedDecisions) {
            out << "  #" << c.event << ' ' << terminalSafe(c.kind) << ' ' << terminalSafe(c.resource) << ": "
                << (c.recordedAllowed ? "allow" : "deny") << " -> " << (c.replayedAllowed ? "allow" : "deny") << '\n';
        }
    }
    for (const ReplayNote &note : notes)
        out << "note: " << terminalSafe(note.english()) << '\n';
    return text;
}

} // namespace Sandbench
