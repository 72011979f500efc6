#include "recordeddecisions.h"

#include "common/boundedfile.h"
#include "session/exec/execreplaypolicy.h"
#include "session/exec/execsession.h"
#include "session/sessionfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>

namespace Sandbench {

namespace {

Result<RecordedDecisions> readAuditLog(const QString &path, const RegularFile &file, const RecordedDecisionLimits &limits)
{
    if (file.size() > limits.maxAuditLogBytes)
        return fail(ErrorCode::Parse, QStringLiteral("%1: the audit log is %2 bytes, more than the %3 this reads")
                                              .arg(path).arg(file.size()).arg(limits.maxAuditLogBytes));
    RecordedDecisions out;
    out.source = RecordedDecisions::Source::AuditLog;
    out.path = path;
    constexpr qint64 chunk = qint64(1) << 20;
    QByteArray pending;
    qint64 offset = 0;
    qint64 lineNumber = 0;
    auto takeLine = [&](const QByteArray &line, bool last) -> VoidResult {
        ++lineNumber;
        if (line.trimmed().isEmpty())
            return {};
        AuditEvent event;
        QString why;
        if (!AuditEvent::fromJsonLine(line, &event, &why)) {
            // A run that was killed while writing leaves its last line short: left out, said so.
            if (last) {
                out.notes << QStringLiteral("%1:%2: the last line is cut off and left out").arg(path).arg(lineNumber);
                return {};
            }
            return fail(ErrorCode::Parse, QStringLiteral("%1:%2: not an audit event%3")
                                                  .arg(path).arg(lineNumber)
                                                  .arg(why.isEmpty() ? QString() : QStringLiteral(": ") + why));
        }
        if (out.events.size() >= limits.maxEvents)
            return fail(ErrorCode::Parse, QStringLiteral("%1:%2: more than %3 events").arg(path).arg(lineNumber).arg(limits.maxEvents));
        out.events.append(event);
        return {};
    };
    // Read only what the size said at open time: a log that grows while it is read ends there.
    while (offset < file.size()) {
        const QByteArray data = file.readAt(offset, std::min(chunk, file.size() - offset));
        if (data.isEmpty())
            break;
        offset += data.size();
        pending += data;
        qsizetype start = 0;
        for (qsizetype nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n', start)) {
            if (nl - start > limits.maxLineBytes)
                return fail(ErrorCode::Parse, QStringLiteral("%1:%2: a line of more than %3 bytes")
                                                      .arg(path).arg(lineNumber + 1).arg(limits.maxLineBytes));
            if (auto taken = takeLine(pending.mid(start, nl - start), false); !taken)
                return std::unexpected(taken.error());
            start = nl + 1;
        }
        pending.remove(0, start);
        if (pending.size() > limits.maxLineBytes)
            return fail(ErrorCode::Parse, QStringLiteral("%1:%2: a line of more than %3 bytes")
                                                  .arg(path).arg(lineNumber + 1).arg(limits.maxLineBytes));
    }
    if (!pending.isEmpty()) {
        if (auto taken = takeLine(pending, true); !taken)
            return std::unexpected(taken.error());
    }
    return out;
}

Result<RecordedDecisions> readAgentSession(const QString &path, const RecordedDecisionLimits &limits)
{
    auto session = AgentSession::read(path);
    if (!session)
        return std::unexpected(session.error());
    RecordedDecisions out;
    out.source = RecordedDecisions::Source::AgentSession;
    out.path = path;
    for (const AgentCall &call : session->calls) {
        for (qsizetype i = 0; i < call.decisions.size(); ++i) {
            AuditEvent event;
            QString why;
            if (!AuditEvent::fromJsonLine(QJsonDocument(call.decisions.at(i)).toJson(QJsonDocument::Compact), &event, &why))
                return fail(ErrorCode::Parse, QStringLiteral("%1: call %2, decision %3: not an audit event: %4")
                                                      .arg(path).arg(call.seq).arg(i + 1).arg(why));
            if (out.events.size() >= limits.maxEvents)
                return fail(ErrorCode::Parse, QStringLiteral("%1: more than %2 decisions").arg(path).arg(limits.maxEvents));
            out.events.append(event);
        }
    }
    out.notes << QStringLiteral("an agent session's runs are decided with the policy's own workdir, not each run's");
    return out;
}

} // namespace

QString RecordedDecisions::sourceName() const
{
    switch (source) {
    case Source::AuditLog:
        return QStringLiteral("audit log");
    case Source::ExecSession:
        return QStringLiteral("exec session");
    case Source::AgentSession:
        return QStringLiteral("agent session");
    }
    return {};
}

Result<RecordedDecisions> readRecordedDecisions(const QString &path, const RecordedDecisionLimits &limits)
{
    auto file = RegularFile::open(path);
    if (!file)
        return std::unexpected(file.error());
    const QByteArray head = file->readAt(0, 64);
    if (head.startsWith("\x1f\x8b")) {
        auto opened = SessionFile::open(path);
        if (!opened)
            return std::unexpected(opened.error());
        if (std::holds_alternative<SandboxSessionFile>(*opened))
            return fail(ErrorCode::Parse, QStringLiteral("%1: a sandbox session holds no permission decisions").arg(path));
        if (std::holds_alternative<AgentSessionFile>(*opened))
            return readAgentSession(path, limits);
        auto bundle = std::get<ExecSessionFile>(*opened).load();
        if (!bundle)
            return std::unexpected(bundle.error());
        if (bundle->auditEvents.size() > limits.maxEvents)
            return fail(ErrorCode::Parse, QStringLiteral("%1: more than %2 decisions").arg(path).arg(limits.maxEvents));
        RecordedDecisions out;
        out.source = RecordedDecisions::Source::ExecSession;
        out.path = path;
        out.events = bundle->auditEvents;
        out.manifest = bundle->manifest;
        return out;
    }
    if (AgentSession::looksLikeOne(head))
        return readAgentSession(path, limits);
    return readAuditLog(path, *file, limits);
}

Result<DecisionSetup> decisionSetupFor(const RecordedDecisions &recorded, const Policy &candidate,
                                       const QString &candidateBaseDir, bool allowWider)
{
    DecisionSetup setup;
    if (recorded.source != RecordedDecisions::Source::ExecSession || !recorded.manifest) {
        setup.policy = candidate;
        setup.baseDir = candidateBaseDir;
        return setup;
    }
    // As ExecSessionReplayer::plan does: the candidate over the contained policy, the paths of
    // the recording (base folder, workdir, entry), so a decision here is the replay's.
    const ExecSessionManifest &m = *recorded.manifest;
    const ContainedReplayPolicy contained = containedReplayPolicy(m);
    QList<ReplayNote> notes;
    auto policy = replayPolicy(m, contained, candidate, allowWider, &notes);
    setup.notes << englishNotes(notes); // the CLI's, in English
    if (!policy)
        return std::unexpected(policy.error());
    setup.policy = *policy;
    setup.baseDir = m.baseDir;
    setup.context.workdir = m.workdir;
    if (!m.workdir.isEmpty()
        && (setup.policy.workdir.isEmpty()
            || QDir::cleanPath(QDir(m.baseDir).absoluteFilePath(setup.policy.workdir)) != m.workdir))
        setup.policy.workdir = m.workdir;
    if (m.code.isEmpty()) {
        setup.context.entry = m.entrypoint;
    } else {
        // A --code run's entry is a hidden file with a name made for that run: found in the log.
        static const QRegularExpression hidden(QStringLiteral("/\\.sandbench-main-[A-Za-z0-9]{6}\\.ts$"));
        for (const AuditEvent &event : recorded.events) {
            if (event.kind == QLatin1String("read") && hidden.match(event.resource).hasMatch()) {
                setup.context.entry = event.resource;
                if (setup.context.workdir.isEmpty())
                    setup.context.workdir = QFileInfo(event.resource).path();
                break;
            }
        }
    }
    if (setup.context.workdir.isEmpty()) {
        // The engine made a throw-away folder (sandbench-work-XXXXXX); the log names it where
        // the code used it. A replay makes a new one, as writable: relative paths stay inside.
        static const QRegularExpression throwAway(QStringLiteral("^(/.*/sandbench-work-[A-Za-z0-9]{6})(/|$)"));
        for (const AuditEvent &event : recorded.events) {
            const QRegularExpressionMatch match = throwAway.match(event.resource);
            if (match.hasMatch() && event.rule == QLatin1String("workdir")) {
                setup.context.workdir = match.captured(1);
                break;
            }
        }
        if (setup.context.workdir.isEmpty())
            setup.context.workdir = QDir::tempPath() + QStringLiteral("/sandbench-work-unknown");
        setup.notes << QStringLiteral("the recorded run had a throw-away workdir: a replay uses a new one, whose paths differ by name");
    }
    return setup;
}

} // namespace Sandbench
