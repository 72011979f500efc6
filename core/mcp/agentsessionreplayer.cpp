#include "mcp/agentsessionreplayer.h"

#include "common/privateroot.h"

#include "common/background.h"
#include "mcp/coderunresult.h"
#include "mcp/sandboxtoolcall.h"
#include "mcp/toolschema.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "session/exec/execsession.h"
#include "session/sessionfile.h"
#include "session/sandbox/sandboxreplaycompare.h"
#include "workbench/workbench.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTimer>

namespace Sandbench {

namespace {

QString compact(const QJsonObject &o)
{
    QString text = QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    return text.size() > 400 ? text.left(400) + QStringLiteral("...") : text;
}

// What a replay compares of a call's answer: everything but its times, the host port a sandbox
// port was published on, and a screenshot's bytes (compared by their pixels instead).
QJsonObject comparable(const QJsonObject &result, std::optional<SandboxVerb> verb)
{
    QJsonObject r = result;
    r.remove(QStringLiteral("images"));
    QJsonObject structured = r.value(QLatin1String("structuredContent")).toObject();
    structured.remove(QStringLiteral("durationMs"));
    if (verb == SandboxVerb::Url)
        structured.remove(QStringLiteral("url"));
    if (verb == SandboxVerb::Screenshot) {
        structured.remove(QStringLiteral("sha256"));
        structured.remove(QStringLiteral("bytes"));
    }
    if (r.contains(QLatin1String("structuredContent")))
        r.insert(QStringLiteral("structuredContent"), structured);
    return r;
}

QByteArray firstImage(const QJsonObject &result)
{
    const QJsonArray images = result.value(QLatin1String("images")).toArray();
    return images.isEmpty() ? QByteArray()
                            : QByteArray::fromBase64(images.first().toObject().value(QLatin1String("data")).toString().toLatin1());
}

QJsonObject recordedForm(const ToolResult &r)
{
    QJsonObject o{{QStringLiteral("isError"), r.isError}};
    if (r.isError) {
        o.insert(QStringLiteral("text"), r.errorText);
    } else {
        o.insert(QStringLiteral("structuredContent"), r.structured);
        if (!r.images.isEmpty())
            o.insert(QStringLiteral("images"), r.images);
    }
    return o;
}

} // namespace

AgentSessionReplayer::AgentSessionReplayer(AgentSession session, Workbench *workbench, AgentReplayOptions options, QObject *parent)
    : SessionReplayer(parent), m_session(std::move(session)), m_workbench(workbench), m_options(std::move(options))
{
    for (qsizetype i = 0; i < m_session.calls.size(); ++i)
        m_order << i;
    std::sort(m_order.begin(), m_order.end(), [this](qsizetype a, qsizetype b) {
        return m_session.calls.at(a).seq < m_session.calls.at(b).seq;
    });
    m_report.identical = true;
}

AgentSessionReplayer::~AgentSessionReplayer() = default;

Result<ReplayValueNames> AgentSessionReplayer::valueNames(const AgentSession &session)
{
    ReplayValueNames names;
    std::unique_ptr<QTemporaryDir> scratch;
    for (qsizetype i = 0; i < session.calls.size(); ++i) {
        const AgentCall &call = session.calls.at(i);
        if (!call.isCodeRun() || call.execSessionOffset < 0)
            continue;
        auto bytes = session.execSessionData(i);
        if (!bytes)
            return std::unexpected(bytes.error());
        if (!scratch) {
            auto made = makePrivateFolder(QStringLiteral("sandbench-agent-names"));
            if (!made)
                return std::unexpected(made.error());
            scratch = std::move(*made);
        }
        // Only the manifest is read (SessionFile::open), bounded while it inflates.
        const QString file = scratch->filePath(QStringLiteral("call.sbsession"));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(*bytes) != bytes->size())
            return Sandbench::fail(ErrorCode::Io, QStringLiteral("cannot write %1").arg(file));
        f.close();
        auto opened = SessionFile::open(file);
        const auto *exec = opened ? std::get_if<ExecSessionFile>(&*opened) : nullptr;
        if (!exec)
            return Sandbench::fail(ErrorCode::Parse, QStringLiteral("call %1 (code.run): its exec session: %2")
                                                  .arg(call.seq).arg(opened ? QStringLiteral("not an exec session") : opened.error().message));
        const ReplayValueNames callNames = replayValueNames(exec->manifest);
        for (const QString &name : callNames.required) {
            names.optional.removeAll(name);
            if (!names.required.contains(name))
                names.required << name;
        }
        for (const QString &name : callNames.optional) {
            if (!names.contains(name))
                names.optional << name;
        }
    }
    return names;
}

void AgentSessionReplayer::start()
{
    Q_ASSERT(!m_running);
    m_running = true;
    // Every code.run's names at once, before anything runs: a replay that would stop at its tenth
    // call for a value names them all now, and a value for a name no call had is refused.
    runInBackground(this, [session = m_session] { return valueNames(session); },
                    [this](const Result<ReplayValueNames> &names) {
        if (m_cancelled)
            return;
        if (!names)
            return fail(names.error());
        if (auto ok = checkReplayValues(*names, m_options.exec.env, m_options.exec.policy ? m_options.exec.policy->env.keys() : QStringList()); !ok)
            return fail(ok.error());
        next();
    });
}

void AgentSessionReplayer::cancel()
{
    if (!m_running || m_cancelled)
        return;
    m_cancelled = true;
    if (m_inner)
        m_inner->cancel();
    if (auto *op = qobject_cast<SandboxOperation *>(m_pending.data()))
        op->cancel();
    QTimer::singleShot(0, this, [this] { fail({ErrorCode::Cancelled, tr("cancelled")}); });
}

void AgentSessionReplayer::next()
{
    if (m_cancelled || !m_running)
        return;
    emit progress(m_position, m_order.size());
    // The first call that differs is the report; the calls after it depend on it.
    if (!m_report.identical || m_position >= m_order.size())
        return finish();
    const qsizetype index = m_order.at(m_position++);
    const AgentCall &call = m_session.calls.at(index);
    if (call.refusedCode) {
        QTimer::singleShot(0, this, &AgentSessionReplayer::next);
        return;
    }
    if (call.cancelled) {
        // Stopped part way at the client's word: what it did by then is not known exactly.
        m_report.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "call %1 (%2) was cancelled by the client and is not replayed"),
                                     {QString::number(call.seq), call.tool});
        QTimer::singleShot(0, this, &AgentSessionReplayer::next);
        return;
    }
    if (!call.approval.isEmpty()) {
        // The person's recorded answer stands: nobody is asked again, and a call they did not
        // let run does not run now.
        const QString decision = call.approval.value(QLatin1String("decision")).toString();
        const QString by = call.approval.value(QLatin1String("by")).toString();
        if (decision != QLatin1String("approve") && decision != QLatin1String("edit")) {
            m_report.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "call %1 (%2) did not run: recorded decision %3, not asked again"),
                                         {QString::number(call.seq), call.tool,
                                          QStringLiteral("%1 by %2").arg(decision, by.isEmpty() ? QStringLiteral("nobody") : by)});
            QTimer::singleShot(0, this, &AgentSessionReplayer::next);
            return;
        }
        m_report.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "call %1 (%2) runs on the recorded decision %3, not asked again"),
                                     {QString::number(call.seq), call.tool, QStringLiteral("%1 by %2").arg(decision, by)});
    }
    if (call.isCodeRun())
        return replayCode(index);
    const QString set = call.tool.section(QLatin1Char('.'), 0, 0);
    const auto verb = verbFromName(call.tool.section(QLatin1Char('.'), 1));
    // The session names its server's tool sets, and a replay makes no call that server would not
    // have taken: a file cannot ask for more than its recording had.
    bool enabled = false;
    for (const QJsonValue &v : m_session.server.value(QLatin1String("toolSets")).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QLatin1String("name")).toString() != set || !verb)
            continue;
        SandboxToolSet s{set, o.value(QLatin1String("exec")).toBool(), o.value(QLatin1String("write")).toBool(),
                         o.value(QLatin1String("ports")).toBool(), o.value(QLatin1String("desktop")).toBool()};
        enabled = enabledVerbs(s).contains(*verb);
    }
    if (!enabled)
        return fail({ErrorCode::Parse, tr("%1: call %2 uses %3, which the session's server did not enable")
                                               .arg(m_session.path).arg(call.seq).arg(call.tool)});
    if (auto ok = checkArguments(sandboxTool(set, *verb, m_options.limits).inputSchema, call.arguments); !ok)
        return fail({ErrorCode::Parse, tr("%1: call %2: %3").arg(m_session.path).arg(call.seq).arg(ok.error().message)});
    if (*verb == SandboxVerb::Url) {
        // Where a port is published is the host's wiring, and an offline replay publishes none.
        m_report.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "call %1 (%2) is not replayed: an offline sandbox publishes no ports"),
                                     {QString::number(call.seq), call.tool});
        QTimer::singleShot(0, this, &AgentSessionReplayer::next);
        return;
    }
    replaySandboxCall(index, set, *verb);
}

void AgentSessionReplayer::replayCode(qsizetype index)
{
    const AgentCall &call = m_session.calls.at(index);
    if (call.execSessionOffset < 0) {
        if (call.result.value(QLatin1String("isError")).toBool() && call.decisions.isEmpty()) {
            // Refused before anything ran (a bad entrypoint): nothing to replay but the refusal.
            QTimer::singleShot(0, this, &AgentSessionReplayer::next);
            return;
        }
        m_report.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "call %1 (code.run) was not replayed: its exec session is not in the file"),
                                     {QString::number(call.seq)});
        m_report.identical = false;
        m_report.divergences << Divergence{ReplayStream::Call, call.seq, tr("code.run: its exec session"), tr("<not in the file>")};
        return finish();
    }
    auto bytes = m_session.execSessionData(index);
    if (!bytes)
        return fail(bytes.error());
    if (!m_scratch) {
        auto made = makePrivateFolder(QStringLiteral("sandbench-agent-replay"));
        if (!made)
            return fail(made.error());
        m_scratch = std::move(*made);
    }
    const QString file = m_scratch->filePath(QStringLiteral("call-%1.sbsession").arg(call.seq));
    runInBackground(this, [file, data = *bytes]() -> Result<ExecSession> {
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
            return std::unexpected(Error{ErrorCode::Io, QStringLiteral("cannot write %1").arg(file)});
        f.close();
        return ExecSession::read(file);
    }, [this, index](const Result<ExecSession> &session) {
        if (m_cancelled)
            return;
        const qint64 seq = m_session.calls.at(index).seq;
        if (!session)
            return fail({session.error().code, tr("call %1 (code.run): %2").arg(seq).arg(session.error().message)});
        if (!m_workbench)
            return fail({ErrorCode::Internal, tr("the workbench is gone")});
        ExecReplayOptions execOptions = m_options.exec;
        execOptions.ignoreUnknownValues = true; // checked against the whole session in start()
        ExecSessionReplayer *replayer = m_workbench->execReplayer(*session, execOptions, this);
        m_inner = replayer;
        connect(replayer, &SessionReplayer::finished, this, [this, seq, replayer](const ReplayReport &report) {
            replayer->deleteLater();
            if (!report.identical) {
                m_report.identical = false;
                for (const Divergence &d : report.divergences)
                    m_report.divergences << Divergence{ReplayStream::Call, seq,
                                                       tr("code.run %1 %2: %3").arg(replayStreamName(d.stream)).arg(d.index).arg(d.recorded),
                                                       d.replayed};
                m_report.changedDecisions << report.changedDecisions;
            }
            for (const ReplayNote &note : report.notes) {
                if (!m_report.notes.contains(note))
                    m_report.notes << note;
            }
            m_report.replayed = report.replayed;
            if (!report.identical)
                return next();
            // The run replayed as its exec session says; the answer the model got must say so too.
            compare(m_order.at(m_position - 1), recordedForm(codeRunResult(report.replayed, m_options.limits.maxOutputBytes)));
        });
        connect(replayer, &SessionReplayer::failed, this, [this, seq, replayer](const Error &error) {
            replayer->deleteLater();
            fail({error.code, tr("call %1 (code.run): %2").arg(seq).arg(error.message)});
        });
        replayer->start();
    });
}

void AgentSessionReplayer::replaySandboxCall(qsizetype index, const QString &set, SandboxVerb verb)
{
    if (Sandbox *sandbox = m_sandboxes.value(set); sandbox && sandbox->isAlive()) {
        ToolOperation *op = callSandboxTool(sandbox, verb, m_session.calls.at(index).arguments, m_options.limits, this);
        m_pending = op;
        op->then(this, [this, index, verb](const Result<ToolResult> &r) {
            if (m_cancelled)
                return;
            if (!r)
                return fail(r.error());
            const QJsonObject replayed = recordedForm(*r);
            if (verb == SandboxVerb::Screenshot && !r->isError)
                return compareScreenshot(index, replayed, 0);
            compare(index, replayed);
        });
        return;
    }
    if (!m_workbench)
        return fail({ErrorCode::Internal, tr("the workbench is gone")});
    auto pool = m_workbench->sandboxPool();
    if (!pool)
        return fail(pool.error());
    SandboxOptions options;
    options.image = m_session.server.value(QLatin1String("image")).toString();
    options.lifetimeMs = qBound<qint64>(1000, m_session.server.value(QLatin1String("lifetimeMs")).toInteger(), m_options.maxLifetimeMs);
    options.network.kind = NetworkKind::None; // offline, whatever was recorded
    // From the same snapshot, holding the same files: one holding anything else fails the create.
    options.snapshot = m_session.server.value(QLatin1String("snapshot")).toString();
    options.snapshotDigest = m_session.server.value(QLatin1String("snapshotDigest")).toString();
    if (const QJsonArray names = m_session.server.value(QLatin1String("envNames")).toArray(); !names.isEmpty()) {
        QStringList shown;
        for (const QJsonValue &name : names)
            shown << name.toString().left(64);
        m_report.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote",
                                                       "the sandbox \"%1\" had variables kept by name only (%2); the replay runs it without them"),
                                     {set, shown.join(QStringLiteral(", "))});
    }
    if (m_session.server.value(QLatin1String("network")).toString() != QLatin1String("none"))
        m_report.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "the sandbox \"%1\" had the network; the replay runs it offline"),
                                     {set});
    auto *create = (*pool)->create(options);
    m_pending = create;
    create->then(this, [this, index, set, verb](const Result<Sandbox *> &made) {
        if (m_cancelled)
            return;
        if (!made)
            return fail({made.error().code, tr("no sandbox for \"%1\": %2").arg(set, made.error().message)});
        m_sandboxes.insert(set, *made);
        replaySandboxCall(index, set, verb);
    });
}

void AgentSessionReplayer::compare(qsizetype index, const QJsonObject &replayed)
{
    const AgentCall &call = m_session.calls.at(index);
    const auto verb = verbFromName(call.tool.section(QLatin1Char('.'), 1));
    const QJsonObject a = comparable(call.result, verb);
    const QJsonObject b = comparable(replayed, verb);
    if (a != b)
        diverged(index, compact(a), compact(b));
    next();
}

void AgentSessionReplayer::compareScreenshot(qsizetype index, const QJsonObject &replayed, int attempt)
{
    const AgentCall &call = m_session.calls.at(index);
    const QByteArray recordedPng = firstImage(call.result);
    const QByteArray replayedPng = firstImage(replayed);
    auto d = compareScreenshots(call.seq, recordedPng, replayedPng, m_options.screenshotTolerance);
    constexpr int retakeMs = 250;
    if (d && (attempt + 1) * retakeMs < m_options.screenshotSettleMs) {
        // Taken again after a moment, as the sandbox replayer does: the desktop draws late.
        QTimer::singleShot(retakeMs, this, [this, index, attempt] {
            Sandbox *sandbox = m_sandboxes.value(m_session.calls.at(index).tool.section(QLatin1Char('.'), 0, 0));
            if (m_cancelled || !sandbox)
                return fail({ErrorCode::Gone, tr("the sandbox is gone")});
            ToolOperation *op = callSandboxTool(sandbox, SandboxVerb::Screenshot, {}, m_options.limits, this);
            m_pending = op;
            op->then(this, [this, index, attempt](const Result<ToolResult> &r) {
                if (m_cancelled)
                    return;
                if (!r)
                    return fail(r.error());
                compareScreenshot(index, recordedForm(*r), attempt + 1);
            });
        });
        return;
    }
    if (d) {
        m_report.identical = false;
        m_report.divergences << Divergence{ReplayStream::Call, call.seq, tr("%1: %2").arg(call.tool, d->recorded), d->replayed};
        return next();
    }
    compare(index, replayed);
}

void AgentSessionReplayer::diverged(qsizetype index, const QString &recorded, const QString &replayed)
{
    const AgentCall &call = m_session.calls.at(index);
    m_report.identical = false;
    m_report.divergences << Divergence{ReplayStream::Call, call.seq, call.tool + QStringLiteral(": ") + recorded, replayed};
}

void AgentSessionReplayer::releaseAll(std::function<void()> then)
{
    auto remaining = std::make_shared<int>(1);
    auto done = [remaining, then] {
        if (--*remaining == 0)
            then();
    };
    for (const QPointer<Sandbox> &s : std::as_const(m_sandboxes)) {
        if (!s || !s->isAlive())
            continue;
        ++*remaining;
        s->release()->then(this, [done](const Result<void> &) { done(); });
    }
    m_sandboxes.clear();
    done();
}

void AgentSessionReplayer::finish()
{
    if (!m_running)
        return;
    releaseAll([this] {
        m_running = false;
        if (m_report.divergences.size() > 1)
            m_report.divergences = m_report.divergences.mid(0, 1);
        emit finished(m_report);
    });
}

void AgentSessionReplayer::fail(const Error &error)
{
    if (!m_running)
        return;
    m_cancelled = true;
    releaseAll([this, error] {
        m_running = false;
        emit failed(error);
    });
}

} // namespace Sandbench
