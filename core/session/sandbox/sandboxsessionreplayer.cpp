#include "sandboxsessionreplayer.h"

#include "common/background.h"
#include "common/terminaltext.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxprovider.h"
#include "session/sandbox/sandboxreplaycompare.h"
#include "net/trafficproxyconfig.h"
#include "session/sandbox/sandboxsessionrecorder.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QTimer>

namespace Sandbench {

namespace {

// Between two screenshots of a step that has not settled yet.
constexpr int kSettlePollMs = 250;

// Whether comparing stdout and stderr needs the recorded bytes (their digests differ).
bool outputsDiffer(const SandboxStep &rec, const SandboxStep &rep)
{
    return payloadOf(rec, SandboxPayloadKind::Stdout) != payloadOf(rep, SandboxPayloadKind::Stdout)
           || payloadOf(rec, SandboxPayloadKind::Stderr) != payloadOf(rep, SandboxPayloadKind::Stderr);
}

// The payload a step sends into the sandbox (a write's data, an exec's stdin), if any.
std::optional<SandboxPayloadKind> sentPayload(const SandboxStep &step)
{
    if (step.is<SandboxWriteStep>())
        return SandboxPayloadKind::Data;
    if (const auto *exec = step.as<SandboxExecStep>(); exec && exec->stdinData)
        return SandboxPayloadKind::Stdin;
    return std::nullopt;
}

} // namespace

SandboxSessionReplayer::SandboxSessionReplayer(SandboxSession session, SandboxPool *pool, const SandboxReplayOptions &options,
                                               QObject *parent)
    : SessionReplayer(parent)
    , m_pool(pool)
    , m_options(options)
    , m_session(std::move(session))
{
}

SandboxSessionReplayer::~SandboxSessionReplayer()
{
    // A replay cut short still gives its sandbox back rather than leave it to its lifetime. The
    // running call is let go first, so that its end does not call back into a half-destroyed
    // replay.
    if (m_current) {
        m_current->disconnect(this);
        m_current->cancel();
    }
    if (m_sandbox && m_sandbox->isAlive())
        m_sandbox->release()->deleteLater();
}

Result<ReplayReport> SandboxSessionReplayer::runToEnd(const SandboxSession &session, SandboxPool *pool,
                                                      const SandboxReplayOptions &options)
{
    SandboxSessionReplayer replayer(session, pool, options);
    return runReplayToEnd(replayer);
}

QString SandboxSessionReplayer::summary(const ReplayReport &report)
{
    QString text;
    QTextStream out(&text);
    if (report.identical) {
        out << "identical\n";
    } else if (report.divergences.isEmpty()) {
        out << "diverged: the replay could not be compared with the recording\n";
    } else {
        const Divergence &d = report.divergences.first();
        out << "diverged: " << replayStreamName(d.stream) << " at step " << d.index
            << "\n  recorded: " << terminalSafe(d.recorded) << "\n  replayed: " << terminalSafe(d.replayed) << '\n';
        for (qsizetype i = 1; i < report.divergences.size(); ++i) {
            const Divergence &other = report.divergences.at(i);
            out << "also differs: " << replayStreamName(other.stream) << " at step " << other.index << '\n';
        }
    }
    for (const ReplayNote &note : report.notes)
        out << "note: " << terminalSafe(note.english()) << '\n';
    return text;
}

// Calls handler(op) once op finishes, and cancels op if it has not within waitMs: the pool
// bounds every call itself, so this only guards against a provider that hangs.
template<typename Op, typename Handler>
void SandboxSessionReplayer::track(Op *op, int waitMs, Handler handler)
{
    m_current = op;
    connect(op, &SandboxOperation::finished, this, [this, op, handler = std::move(handler)]() mutable {
        op->deleteLater();
        m_current = nullptr;
        handler(op);
    });
    QTimer::singleShot(waitMs, op, [op] { op->cancel(); });
}

void SandboxSessionReplayer::start()
{
    if (m_started)
        return;
    m_started = true;
    m_running = true;
    m_stopped = false;
    m_replayed = SandboxSession();
    m_replayed.image = m_session.image;
    m_replayed.snapshot = m_session.snapshot;
    m_replayed.snapshotDigest = m_session.snapshotDigest;
    m_first = QList<std::optional<Divergence>>(int(ReplayStream::Network) + 1);
    if (!m_pool) {
        QMetaObject::invokeMethod(this, [this] {
            m_running = false;
            emit failed(Error{ErrorCode::InvalidConfig, QStringLiteral("no sandbox pool to replay in")});
        }, Qt::QueuedConnection);
        return;
    }
    if (auto ok = checkReplayValues(replayValueNames(m_session), m_options.env); !ok) {
        QMetaObject::invokeMethod(this, [this, error = ok.error()] {
            m_running = false;
            emit failed(error);
        }, Qt::QueuedConnection);
        return;
    }
    const PoolOptions &limits = m_pool->options();
    m_callWaitMs = int(qMin<qint64>(limits.callTimeoutMs + 60'000, INT_MAX));
    SandboxOptions options;
    options.lifetimeMs = limits.maxLifetimeMs;
    // From the same snapshot or not at all: a missing one or other files fail the create.
    options.image = m_session.snapshot.isEmpty() ? m_session.image : QString();
    options.snapshot = m_session.snapshot;
    options.snapshotDigest = m_session.snapshotDigest;
    options.env = m_session.envValues;
    const bool replayTraffic = m_session.trafficRecorded && limits.network.contains(NetworkKind::Domains);
    if (m_session.network == NetworkKind::All && limits.network.contains(NetworkKind::All)) {
        options.network.kind = NetworkKind::All;
    } else if (replayTraffic) {
        // The allow list is never consulted: the replay's proxy answers every request from the
        // recording before Squid sees it, and has no way out. A name that resolves nowhere,
        // never the recorded hosts: what a bundle says is data, not a grant.
        options.network.kind = NetworkKind::Domains;
        options.network.domains = {QStringLiteral("replay.sandbench.invalid")};
        options.traffic = TrafficCapture::Replay;
    } else if (m_session.network != NetworkKind::None)
        m_notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "recorded with network %1, replayed without network"),
                              {networkKindName(m_session.network)});
    QStringList unvalued;
    for (const QString &name : m_session.envNames) {
        if (m_session.envValues.contains(name))
            continue;
        if (m_options.env.contains(name))
            options.env.insert(name, m_options.env.value(name));
        else
            unvalued << name;
    }
    if (!unvalued.isEmpty())
        m_notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "environment values were not recorded: %1"),
                              {unvalued.join(QLatin1Char(' '))});
    if (!m_options.env.isEmpty())
        m_notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "values given for the replay (not recorded): %1"),
                              {m_options.env.keys().join(QLatin1Char(' '))});
    emit progress(0, m_session.steps.size());
    if (!replayTraffic)
        return create(options);
    m_traffic = std::make_unique<TrafficMatcher>(m_session.traffic);
    // The answers' bodies come out of the session file: off the caller's thread.
    runInBackground(this, [session = m_session] { return session.traffic.replayJson(*session.payloads, TrafficProxyConfig::maxReplayBytes); },
                    [this, options](const Result<QByteArray> &json) mutable {
        if (!json) {
            m_running = false;
            emit failed(json.error());
            return;
        }
        options.replayTraffic = *json;
        create(options);
    });
}

void SandboxSessionReplayer::onReplayRequest(const QByteArray &line)
{
    if (!m_traffic || m_first[int(ReplayStream::Network)])
        return;
    const qsizetype step = qBound<qsizetype>(1, m_replayed.steps.size() + 1, qMax<qsizetype>(1, m_session.steps.size()));
    m_first[int(ReplayStream::Network)] = m_traffic->match(ReplayedRequest::fromProxyLine(line), step);
}

void SandboxSessionReplayer::create(const SandboxOptions &options)
{
    track(m_pool->create(options), m_callWaitMs, [this](Operation<Sandbox *> *create) {
        const Result<Sandbox *> &created = create->result();
        if (!created) {
            m_running = false;
            emit failed(created.error());
            return;
        }
        m_sandbox = *created;
        if (m_traffic && m_sandbox->backend())
            connect(m_sandbox->backend(), &SandboxBackend::replayRequested, this, &SandboxSessionReplayer::onReplayRequest);
        if (m_stopped)
            release(Error{ErrorCode::Cancelled, QStringLiteral("the replay was stopped")});
        else
            runStep();
    });
}

void SandboxSessionReplayer::cancel()
{
    if (!m_running)
        return;
    m_stopped = true;
    if (m_current)
        m_current->cancel();
}

void SandboxSessionReplayer::runStep()
{
    const qsizetype index = m_replayed.steps.size();
    if (index >= m_session.steps.size()) {
        release(std::nullopt);
        return;
    }
    if (!m_sandbox || !m_sandbox->isAlive()) {
        release(Error{ErrorCode::Gone, QStringLiteral("the replay sandbox is gone")});
        return;
    }
    const SandboxStep &rec = m_session.steps.at(index);
    const auto kind = sentPayload(rec);
    if (!kind) {
        runCall(rec, {});
        return;
    }
    // The bytes to send come out of the session file: off the caller's thread, bounded, and
    // dropped once sent.
    runInBackground(this, [session = m_session, index, kind = *kind] { return session.load(index, kind); },
                    [this, index](const Result<QByteArray> &payload) {
        if (!payload) {
            release(payload.error());
            return;
        }
        if (m_stopped) {
            release(Error{ErrorCode::Cancelled, QStringLiteral("the replay was stopped")});
            return;
        }
        if (!m_sandbox || !m_sandbox->isAlive()) {
            release(Error{ErrorCode::Gone, QStringLiteral("the replay sandbox is gone")});
            return;
        }
        runCall(m_session.steps.at(index), *payload);
    });
}

void SandboxSessionReplayer::runCall(const SandboxStep &rec, const QByteArray &payload)
{
    SandboxStep rep{rec.call, {}};
    const Error noDesktop{ErrorCode::InvalidInput, QStringLiteral("the sandbox's image %1 has no desktop").arg(m_session.image)};
    auto later = [this](const SandboxStep &step) {
        QMetaObject::invokeMethod(this, [this, step] { stepDone(step); }, Qt::QueuedConnection);
    };
    if (const auto *write = rec.as<SandboxWriteStep>()) {
        track(m_sandbox->writeFile(write->path, payload), m_callWaitMs, [this, rep](VoidOperation *op) mutable {
            if (const VoidResult &r = op->result(); !r)
                rep.outcome.setError(r.error());
            stepDone(rep);
        });
    } else if (const auto *exec = rec.as<SandboxExecStep>()) {
        ExecOptions eo;
        eo.env = exec->envValues;
        for (const QString &name : exec->envNames) {
            if (exec->envValues.contains(name))
                continue;
            if (m_options.env.contains(name))
                eo.env.insert(name, m_options.env.value(name));
            else if (!m_missingEnv.contains(name))
                m_missingEnv << name;
        }
        const PoolOptions &limits = m_pool->options();
        eo.cwd = exec->cwd;
        if (exec->stdinData)
            eo.stdinData = payload;
        eo.timeoutMs = qMin(exec->timeoutMs, limits.maxExecTimeoutMs);
        // An exec may run as long as its own timeout; the guard waits for that plus the call wait.
        const int execWaitMs = int(qMin<qint64>((eo.timeoutMs > 0 ? eo.timeoutMs : limits.execTimeoutMs) + m_callWaitMs, INT_MAX));
        track(m_sandbox->exec(exec->argv, eo), execWaitMs, [this, rep](ExecJob *done) mutable {
            const Result<SandboxExecResult> &r = done->result();
            auto &e = *rep.as<SandboxExecStep>();
            e.exitCode.reset();
            e.timedOut = false;
            e.stdoutData = payloadRefOf({});
            e.stderrData = payloadRefOf({});
            if (!r) {
                rep.outcome.setError(r.error());
            } else {
                e.exitCode = r->exitCode;
                e.stdoutData = m_replayed.addPayload(r->stdoutData);
                e.stderrData = m_replayed.addPayload(r->stderrData);
                e.timedOut = r->timedOut;
                e.truncated = r->truncated;
                e.durationMs = r->durationMs;
            }
            stepDone(rep);
        });
    } else if (const auto *input = rec.as<SandboxInputStep>()) {
        if (Desktop *desktop = m_sandbox->desktop()) {
            track(sendInput(desktop, *input), m_callWaitMs, [this, rep](VoidOperation *op) mutable {
                if (const VoidResult &r = op->result(); !r)
                    rep.outcome.setError(r.error());
                stepDone(rep);
            });
        } else {
            rep.outcome.setError(noDesktop);
            later(rep);
        }
    } else if (rec.is<SandboxScreenshotStep>()) {
        rep.as<SandboxScreenshotStep>()->png.reset();
        if (!m_sandbox->desktop()) {
            rep.outcome.setError(noDesktop);
            later(rep);
            return;
        }
        takeScreenshot(rep, QDateTime::currentMSecsSinceEpoch());
    }
}

void SandboxSessionReplayer::takeScreenshot(SandboxStep rep, qint64 startedMs)
{
    if (!m_sandbox || !m_sandbox->desktop()) {
        release(Error{ErrorCode::Gone, QStringLiteral("the replay sandbox is gone")});
        return;
    }
    track(m_sandbox->desktop()->screenshot(), m_callWaitMs, [this, rep, startedMs](Operation<QByteArray> *shot) mutable {
        const Result<QByteArray> &png = shot->result();
        if (!png) {
            rep.outcome.setError(png.error());
            stepDone(rep);
            return;
        }
        const qsizetype index = m_replayed.steps.size();
        const SandboxStep &rec = m_session.steps.at(index);
        const auto recorded = payloadOf(rec, SandboxPayloadKind::Png);
        const SandboxPayloadRef taken = payloadRefOf(*png);
        if (rec.outcome.error || !recorded || *recorded == taken) {
            rep.as<SandboxScreenshotStep>()->png = m_replayed.addPayload(*png);
            stepDone(rep);
            return;
        }
        // Loading the recorded picture and decoding two screens take tens of milliseconds: not
        // on the caller's event loop.
        runInBackground(this, [session = m_session, index, replayed = *png, tolerance = m_options.screenshotTolerance] {
            auto recordedPng = session.load(index, SandboxPayloadKind::Png);
            if (!recordedPng)
                return std::optional<Divergence>(Divergence{ReplayStream::Screenshot, index + 1, recordedPng.error().message,
                                                            QStringLiteral("%1 bytes").arg(replayed.size())});
            return compareScreenshots(index + 1, *recordedPng, replayed, tolerance);
        }, [this, rep, startedMs, replayed = *png](const std::optional<Divergence> &d) mutable {
            const bool settling = d && !m_stopped && !m_first[int(ReplayStream::Screenshot)]
                                  && QDateTime::currentMSecsSinceEpoch() - startedMs < m_options.screenshotSettleMs;
            if (settling) {
                // The screen may not have caught up with the input just sent: look again.
                QTimer::singleShot(kSettlePollMs, this, [this, rep, startedMs] { takeScreenshot(rep, startedMs); });
                return;
            }
            if (d && !m_first[int(ReplayStream::Screenshot)])
                m_first[int(ReplayStream::Screenshot)] = d;
            rep.as<SandboxScreenshotStep>()->png = m_replayed.addPayload(replayed);
            stepDone(rep, d.has_value());
        });
    });
}

void SandboxSessionReplayer::stepDone(const SandboxStep &replayed, bool pictureDiffers)
{
    const qsizetype index = m_replayed.steps.size();
    m_replayed.steps.append(replayed);
    const auto done = [this, index, pictureDiffers](const QList<Divergence> &found) {
        for (const Divergence &d : found) {
            if (!m_first[int(d.stream)])
                m_first[int(d.stream)] = d;
        }
        emit stepReplayed(int(index), m_replayed.steps.at(index), found.isEmpty() && !pictureDiffers);
        emit progress(index + 1, m_session.steps.size());
        if (m_stopped)
            release(Error{ErrorCode::Cancelled, QStringLiteral("the replay was stopped")});
        else
            runStep();
    };
    if (!outputsDiffer(m_session.steps.at(index), replayed)) {
        done(compareStepOutputs(m_session, m_replayed, index)); // digests alike: nothing to load
        return;
    }
    // The recorded output is loaded only to say where it differs, and from the file: off the
    // caller's thread.
    runInBackground(this, [recorded = m_session, replayedSession = m_replayed, index] {
        return compareStepOutputs(recorded, replayedSession, index);
    }, done);
}

void SandboxSessionReplayer::release(const std::optional<Error> &error)
{
    const auto done = [this, error](const std::optional<ReplayNote> &releaseNote) {
        m_running = false;
        if (error) {
            emit failed(*error);
            return;
        }
        ReplayReport report;
        report.notes = m_notes;
        if (!m_missingEnv.isEmpty())
            report.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "command environment values were not recorded: %1"),
                                       {m_missingEnv.join(QLatin1Char(' '))});
        if (releaseNote)
            report.notes << *releaseNote;
        // Asked for every recorded request? Known only now: the release delivered the last ones.
        if (m_traffic && !m_first[int(ReplayStream::Network)])
            m_first[int(ReplayStream::Network)] = m_traffic->unaskedDivergence(m_replayed.steps.size());
        // A request that differs comes first: what the commands printed differs because of it.
        for (ReplayStream stream : {ReplayStream::Network, ReplayStream::Stdout, ReplayStream::Stderr, ReplayStream::Exit,
                                    ReplayStream::Screenshot}) {
            if (m_first[int(stream)])
                report.divergences << *m_first[int(stream)];
        }
        report.identical = report.divergences.isEmpty();
        emit finished(report);
    };
    if (!m_sandbox || !m_sandbox->isAlive()) {
        QMetaObject::invokeMethod(this, [done] { done(std::nullopt); }, Qt::QueuedConnection);
        return;
    }
    track(m_sandbox->release(), m_callWaitMs, [done](VoidOperation *op) {
        const VoidResult &r = op->result();
        done(r ? std::nullopt
               : std::optional<ReplayNote>(ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "the replay sandbox was not released: %1"),
                                                      {r.error().message})));
    });
}

} // namespace Sandbench
