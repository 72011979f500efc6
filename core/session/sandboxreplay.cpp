#include "sandboxreplay.h"

#include "common/background.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "session/pngimage.h"
#include "session/sandboxsessionrecorder.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QTimer>

namespace Sandbench {

namespace {

// Between two screenshots of a step that has not settled yet.
constexpr int kSettlePollMs = 250;

QString sha256Hex(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

// What a step ended with, as compared (error messages carry ids and paths, so only the code).
QString outcomeText(const SandboxSessionStep &step)
{
    if (step.error)
        return QStringLiteral("failed (%1)").arg(step.errorCode);
    switch (step.kind) {
    case SandboxSessionStep::Kind::Write: return QStringLiteral("written");
    case SandboxSessionStep::Kind::Screenshot: return QStringLiteral("taken");
    case SandboxSessionStep::Kind::Input: return QStringLiteral("sent");
    case SandboxSessionStep::Kind::Exec: break;
    }
    if (step.timedOut)
        return QStringLiteral("timed out");
    return step.exitCode ? QStringLiteral("exit %1").arg(*step.exitCode) : QStringLiteral("stopped");
}

// A stream of one step: its index is the step, not the line.
std::optional<Divergence> lineDifference(ReplayStream stream, qint64 step, const QByteArray &recorded,
                                         const QByteArray &replayed)
{
    if (auto d = firstLineDifference(recorded, replayed))
        return Divergence{stream, step, d->recorded, d->replayed};
    return std::nullopt;
}

// Stdout, stderr and outcome: everything but the picture.
QList<Divergence> outputDivergences(qint64 step, const SandboxSessionStep &rec, const SandboxSessionStep &rep)
{
    QList<Divergence> out;
    if (auto d = lineDifference(ReplayStream::Stdout, step, rec.stdoutData, rep.stdoutData))
        out << *d;
    if (auto d = lineDifference(ReplayStream::Stderr, step, rec.stderrData, rep.stderrData))
        out << *d;
    if (outcomeText(rec) != outcomeText(rep))
        out << Divergence{ReplayStream::Exit, step, outcomeText(rec), outcomeText(rep)};
    return out;
}

// Both pictures are there to compare (a failed step is compared by its outcome).
bool comparablePictures(const SandboxSessionStep &rec, const SandboxSessionStep &rep)
{
    return rec.kind == SandboxSessionStep::Kind::Screenshot && !rec.error && !rep.error;
}

// "1280x800 PNG, 10169 bytes, sha256 0123456789ab", or why it could not be decoded.
QString pngText(const QByteArray &png, const Result<PngImage> &image)
{
    const QString bytes = QStringLiteral("%1 bytes, sha256 %2").arg(png.size()).arg(sha256Hex(png).left(12));
    if (!image)
        return QStringLiteral("%1 (%2)").arg(bytes, image.error().message);
    return QStringLiteral("%1x%2 PNG, %3").arg(image->width).arg(image->height).arg(bytes);
}

} // namespace

std::optional<Divergence> compareScreenshots(qint64 step, const QByteArray &recorded, const QByteArray &replayed,
                                             double tolerance)
{
    if (recorded == replayed)
        return std::nullopt;
    const Result<PngImage> a = PngImage::decode(recorded);
    const Result<PngImage> b = PngImage::decode(replayed);
    // Bytes that differ and cannot be looked at are different as far as anyone can tell.
    if (!a || !b)
        return Divergence{ReplayStream::Screenshot, step, pngText(recorded, a), pngText(replayed, b)};
    if (a->width != b->width || a->height != b->height)
        return Divergence{ReplayStream::Screenshot, step, pngText(recorded, a), pngText(replayed, b) + QStringLiteral(": another size")};
    const PixelDifference d = pixelDifference(*a, *b);
    const qint64 total = qint64(a->width) * a->height;
    if (double(d.pixels) <= tolerance * double(total))
        return std::nullopt;
    const QString where = QStringLiteral(": %1% of the pixels differ (%2 of %3), within %4x%5 at (%6, %7)")
                                  .arg(QString::number(100.0 * double(d.pixels) / double(total), 'f', 2))
                                  .arg(d.pixels).arg(total)
                                  .arg(d.box.width()).arg(d.box.height()).arg(d.box.x()).arg(d.box.y());
    return Divergence{ReplayStream::Screenshot, step, pngText(recorded, a), pngText(replayed, b) + where};
}

QList<Divergence> compareStep(qint64 step, const SandboxSessionStep &recorded, const SandboxSessionStep &replayed,
                              double screenshotTolerance)
{
    QList<Divergence> out = outputDivergences(step, recorded, replayed);
    if (comparablePictures(recorded, replayed)) {
        if (auto d = compareScreenshots(step, recorded.data, replayed.data, screenshotTolerance))
            out << *d;
    }
    return out;
}

SandboxReplay::SandboxReplay(SandboxPool *pool, const SandboxReplayOptions &options, QObject *parent)
    : QObject(parent)
    , m_pool(pool)
    , m_options(options)
{
}

SandboxReplay::~SandboxReplay()
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

// Calls handler(op) once op finishes, and cancels op if it has not within waitMs: the pool
// bounds every call itself, so this only guards against a provider that hangs.
template<typename Op, typename Handler>
void SandboxReplay::track(Op *op, int waitMs, Handler handler)
{
    m_current = op;
    connect(op, &SandboxOperation::finished, this, [this, op, handler = std::move(handler)]() mutable {
        op->deleteLater();
        m_current = nullptr;
        handler(op);
    });
    QTimer::singleShot(waitMs, op, [op] { op->cancel(); });
}

void SandboxReplay::start(const SandboxSession &session)
{
    if (m_running)
        return;
    m_running = true;
    m_stopped = false;
    m_session = session;
    m_replayed.clear();
    m_first = QList<std::optional<Divergence>>(int(ReplayStream::Screenshot) + 1);
    m_notes.clear();
    m_missingEnv.clear();
    if (!m_pool) {
        QMetaObject::invokeMethod(this, [this] {
            m_running = false;
            emit failed(Error{ErrorCode::InvalidConfig, QStringLiteral("no sandbox pool to replay in")});
        }, Qt::QueuedConnection);
        return;
    }
    const PoolOptions &limits = m_pool->options();
    m_callWaitMs = int(qMin<qint64>(limits.callTimeoutMs + 60'000, INT_MAX));
    SandboxOptions options;
    options.lifetimeMs = limits.maxLifetimeMs;
    options.image = session.image;
    options.env = session.envValues;
    if (session.network == NetworkKind::All && limits.network.contains(NetworkKind::All))
        options.network.kind = NetworkKind::All;
    else if (session.network != NetworkKind::None)
        m_notes << QStringLiteral("recorded with network %1, replayed without network").arg(networkKindName(session.network));
    QStringList unvalued;
    for (const QString &name : session.envNames) {
        if (!session.envValues.contains(name))
            unvalued << name;
    }
    if (!unvalued.isEmpty())
        m_notes << QStringLiteral("environment values were not recorded: %1").arg(unvalued.join(QLatin1Char(' ')));
    track(m_pool->create(options), m_callWaitMs, [this](Operation<Sandbox *> *create) {
        const Result<Sandbox *> &created = create->result();
        if (!created) {
            m_running = false;
            emit failed(created.error());
            return;
        }
        m_sandbox = *created;
        if (m_stopped)
            release(Error{ErrorCode::Cancelled, QStringLiteral("the replay was stopped")});
        else
            runStep();
    });
}

void SandboxReplay::stop()
{
    if (!m_running)
        return;
    m_stopped = true;
    if (m_current)
        m_current->cancel();
}

void SandboxReplay::runStep()
{
    const qsizetype index = m_replayed.size();
    if (index >= m_session.steps.size()) {
        release(std::nullopt);
        return;
    }
    if (!m_sandbox || !m_sandbox->isAlive()) {
        release(Error{ErrorCode::Gone, QStringLiteral("the replay sandbox is gone")});
        return;
    }
    const SandboxSessionStep &rec = m_session.steps.at(index);
    SandboxSessionStep rep = rec;
    rep.error.reset();
    rep.errorCode.clear();
    const Error noDesktop{ErrorCode::InvalidInput, QStringLiteral("the sandbox's image %1 has no desktop").arg(m_session.image)};
    switch (rec.kind) {
    case SandboxSessionStep::Kind::Write:
        track(m_sandbox->writeFile(rec.path, rec.data), m_callWaitMs, [this, rep](VoidOperation *op) mutable {
            if (const VoidResult &r = op->result(); !r)
                rep.setError(r.error());
            stepDone(rep);
        });
        return;
    case SandboxSessionStep::Kind::Exec: {
        for (const QString &name : rec.envNames) {
            if (!rec.envValues.contains(name) && !m_missingEnv.contains(name))
                m_missingEnv << name;
        }
        const PoolOptions &limits = m_pool->options();
        ExecOptions eo;
        eo.cwd = rec.cwd;
        eo.env = rec.envValues;
        eo.stdinData = rec.stdinData;
        eo.timeoutMs = qMin(rec.timeoutMs, limits.maxExecTimeoutMs);
        // An exec may run as long as its own timeout; the guard waits for that plus the call wait.
        const int execWaitMs = int(qMin<qint64>((eo.timeoutMs > 0 ? eo.timeoutMs : limits.execTimeoutMs) + m_callWaitMs, INT_MAX));
        track(m_sandbox->exec(rec.argv, eo), execWaitMs, [this, rep](ExecJob *done) mutable {
            const Result<SandboxExecResult> &r = done->result();
            rep.exitCode.reset();
            rep.timedOut = false;
            rep.stdoutData.clear();
            rep.stderrData.clear();
            if (!r) {
                rep.setError(r.error());
            } else {
                rep.exitCode = r->exitCode;
                rep.stdoutData = r->stdoutData;
                rep.stderrData = r->stderrData;
                rep.timedOut = r->timedOut;
                rep.truncated = r->truncated;
                rep.durationMs = r->durationMs;
            }
            stepDone(rep);
        });
        return;
    }
    case SandboxSessionStep::Kind::Input:
        if (Desktop *desktop = m_sandbox->desktop()) {
            track(sendInput(desktop, rec), m_callWaitMs, [this, rep](VoidOperation *op) mutable {
                if (const VoidResult &r = op->result(); !r)
                    rep.setError(r.error());
                stepDone(rep);
            });
        } else {
            rep.setError(noDesktop);
            QMetaObject::invokeMethod(this, [this, rep] { stepDone(rep); }, Qt::QueuedConnection);
        }
        return;
    case SandboxSessionStep::Kind::Screenshot:
        rep.data.clear();
        if (!m_sandbox->desktop()) {
            rep.setError(noDesktop);
            QMetaObject::invokeMethod(this, [this, rep] { stepDone(rep); }, Qt::QueuedConnection);
            return;
        }
        takeScreenshot(rep, QDateTime::currentMSecsSinceEpoch());
        return;
    }
}

void SandboxReplay::takeScreenshot(SandboxSessionStep rep, qint64 startedMs)
{
    if (!m_sandbox || !m_sandbox->desktop()) {
        release(Error{ErrorCode::Gone, QStringLiteral("the replay sandbox is gone")});
        return;
    }
    track(m_sandbox->desktop()->screenshot(), m_callWaitMs, [this, rep, startedMs](Operation<QByteArray> *shot) mutable {
        const Result<QByteArray> &png = shot->result();
        if (!png) {
            rep.setError(png.error());
            stepDone(rep);
            return;
        }
        rep.data = *png;
        const qint64 number = m_replayed.size() + 1;
        const SandboxSessionStep &rec = m_session.steps.at(m_replayed.size());
        if (!comparablePictures(rec, rep)) {
            stepDone(rep);
            return;
        }
        // Decoding two screens takes tens of milliseconds: not on the caller's event loop.
        runInBackground(this, [number, recorded = rec.data, replayed = rep.data, tolerance = m_options.screenshotTolerance] {
            return compareScreenshots(number, recorded, replayed, tolerance);
        }, [this, rep, startedMs](const std::optional<Divergence> &d) {
            const bool settling = d && !m_stopped && !m_first[int(ReplayStream::Screenshot)]
                                  && QDateTime::currentMSecsSinceEpoch() - startedMs < m_options.screenshotSettleMs;
            if (settling) {
                // The screen may not have caught up with the input just sent: look again.
                QTimer::singleShot(kSettlePollMs, this, [this, rep, startedMs] { takeScreenshot(rep, startedMs); });
                return;
            }
            if (d && !m_first[int(ReplayStream::Screenshot)])
                m_first[int(ReplayStream::Screenshot)] = d;
            stepDone(rep, d.has_value());
        });
    });
}

void SandboxReplay::stepDone(const SandboxSessionStep &replayed, bool pictureDiffers)
{
    const qsizetype index = m_replayed.size();
    m_replayed.append(replayed);
    const QList<Divergence> found = outputDivergences(index + 1, m_session.steps.at(index), replayed);
    for (const Divergence &d : found) {
        if (!m_first[int(d.stream)])
            m_first[int(d.stream)] = d;
    }
    emit stepReplayed(int(index), replayed, found.isEmpty() && !pictureDiffers);
    if (m_stopped)
        release(Error{ErrorCode::Cancelled, QStringLiteral("the replay was stopped")});
    else
        runStep();
}

void SandboxReplay::release(const std::optional<Error> &error)
{
    const auto done = [this, error](const std::optional<QString> &releaseNote) {
        m_running = false;
        if (error) {
            emit failed(*error);
            return;
        }
        ReplayReport report;
        report.notes = m_notes;
        if (!m_missingEnv.isEmpty())
            report.notes << QStringLiteral("command environment values were not recorded: %1").arg(m_missingEnv.join(QLatin1Char(' ')));
        if (releaseNote)
            report.notes << *releaseNote;
        for (ReplayStream stream : {ReplayStream::Stdout, ReplayStream::Stderr, ReplayStream::Exit, ReplayStream::Screenshot}) {
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
        done(r ? std::nullopt : std::optional<QString>(QStringLiteral("the replay sandbox was not released: %1").arg(r.error().message)));
    });
}

} // namespace Sandbench
