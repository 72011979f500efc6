// Sessions panel: open a .sbsession in the panel and replay it, as a person would.
//
//   bench_sessions_panel FILE.sbsession
// Reports the time until the session is shown (openFile() until sessionOpened and the next
// paint) with the longest event-loop stall meanwhile; then three replays (a click on Replay
// until replayFinished and the paint of the Replay tab), each with its longest stall, and their
// median; the time to render the diff (setComparison and its paint); opening the file again
// while it is shown; peak RSS. With each stall, the longest events the GUI thread delivered,
// their wall and CPU time, and to what.
// Then, to say where the time goes, the pieces of that work redone one at a time on the same
// data: those that run on the GUI thread, and those that run on a worker (marked so).
#include "benchsupport.h"
#include "exec/preparedrun.h"
#include "models/auditlogmodel.h"
#include "panels/auditpanel.h"
#include "panels/sessiondiffview.h"
#include "panels/sessionspanel.h"
#include "session/exec/execsession.h"
#include "session/exec/execsessionreplayer.h"

#include <QApplication>
#include <QFileInfo>
#include <QMetaEnum>
#include <QPlainTextEdit>
#include <QToolButton>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <optional>
#include <vector>

using namespace Sandbench;

namespace {

constexpr int kReplays = 3;
constexpr qint64 kTimeoutMs = 600000;

// Times every event the GUI thread delivers (outermost only) and keeps the longest few: a stall
// is one of them, and its receiver and type say whose work it was.
class EventTimingApplication : public QApplication
{
public:
    using QApplication::QApplication;

    struct Delivery
    {
        qint64 ns = 0;
        qint64 cpuNs = 0; // this thread's CPU time: the rest is waiting (for a core, a disk)
        QString what;
    };

    void resetLongest() { m_longest.clear(); }
    QString longestText() const
    {
        QStringList parts;
        for (const Delivery &d : m_longest)
            parts << QStringLiteral("%1 ms (CPU %2 ms) %3")
                             .arg(double(d.ns) / 1e6, 0, 'f', 1)
                             .arg(double(d.cpuNs) / 1e6, 0, 'f', 1)
                             .arg(d.what);
        return parts.join(QStringLiteral("; "));
    }

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (m_depth > 0)
            return QApplication::notify(receiver, event);
        // Described before delivery: a DeferredDelete ends the receiver.
        const char *className = receiver->metaObject()->className();
        const QString name = receiver->objectName();
        const QEvent::Type type = event->type();
        QElapsedTimer clock;
        const qint64 cpuStart = threadCpuNs();
        clock.start();
        ++m_depth;
        const bool result = QApplication::notify(receiver, event);
        --m_depth;
        const qint64 ns = clock.nsecsElapsed();
        const qint64 cpuNs = threadCpuNs() - cpuStart;
        if (m_longest.size() < kKept || ns > m_longest.back().ns) {
            const char *typeName = QMetaEnum::fromType<QEvent::Type>().valueToKey(type);
            Delivery d{
                    ns, cpuNs,
                    QStringLiteral("%1 to %2%3")
                            .arg(QString::fromLatin1(typeName ? typeName : "event"),
                                 QString::fromLatin1(className),
                                 name.isEmpty() ? QString() : QStringLiteral(" \"%1\"").arg(name))};
            m_longest.insert(std::upper_bound(m_longest.begin(), m_longest.end(), d,
                                              [](const Delivery &a, const Delivery &b) {
                                                  return a.ns > b.ns;
                                              }),
                             d);
            if (m_longest.size() > kKept)
                m_longest.pop_back();
        }
        return result;
    }

private:
    static qint64 threadCpuNs()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
    }

    static constexpr qsizetype kKept = 3;
    int m_depth = 0;
    QList<Delivery> m_longest;
};

EventTimingApplication *timingApp()
{
    return static_cast<EventTimingApplication *>(QCoreApplication::instance());
}

struct Phase
{
    qint64 signalMs = -1; // until the panel's signal; -1: it never came
    qint64 shownMs = 0;   // until the event loop had painted after it
    qint64 stallMs = 0;
};

// Starts `action` and turns the event loop until `done` or `failed` is emitted, then once more so
// that what the slot changed is painted.
template<typename DoneSignal, typename FailedSignal, typename Action>
Phase measure(SessionsPanel *panel, DoneSignal done, FailedSignal failed, Action action,
              Bench::StallMeter *stalls, QString *error)
{
    Phase phase;
    QElapsedTimer clock;
    bool over = false;
    QMetaObject::Connection a = QObject::connect(panel, done, panel, [&] {
        phase.signalMs = clock.elapsed();
        over = true;
    });
    QMetaObject::Connection b = QObject::connect(panel, failed, panel, [&](const QString &message) {
        *error = message;
        over = true;
    });
    timingApp()->resetLongest();
    stalls->start();
    clock.start();
    action();
    while (!over && clock.elapsed() < kTimeoutMs)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    QCoreApplication::processEvents();
    phase.shownMs = clock.elapsed();
    phase.stallMs = stalls->stop();
    QObject::disconnect(a);
    QObject::disconnect(b);
    return phase;
}

qint64 median(std::vector<qint64> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

// Wall time of `work`, in ms with a tenth.
template<typename Work>
double timed(Work work)
{
    QElapsedTimer clock;
    clock.start();
    work();
    return double(clock.nsecsElapsed()) / 1e6;
}

void breakdown(SessionsPanel &panel, const QString &path, const ReplayReport &report)
{
    std::printf("where the time goes (each piece alone, same data; [worker] runs off the GUI "
                "thread):\n");
    std::optional<ExecSession> bundle;
    std::printf("  [worker] ExecSession::read (extract, check digests, parse): %.1f ms\n",
                timed([&] {
                    auto read = ExecSession::read(path);
                    if (read)
                        bundle = std::move(*read);
                }));
    if (!bundle)
        return;
    const ExecSessionManifest &m = bundle->manifest;
    std::printf("  bundle: %lld stdout bytes (%lld lines), %lld stderr bytes, %lld audit events, "
                "%lld workdir files, %lld input files\n",
                qint64(bundle->stdoutData.size()), qint64(bundle->stdoutData.count('\n')),
                qint64(bundle->stderrData.size()), qint64(bundle->auditEvents.size()),
                qint64(m.workdirFiles.size()), qint64(m.inputFiles.size()));

    // Opening: SessionsPanel::showBundle's pieces.
    QPlainTextEdit *console = panel.consoleView();
    console->clear();
    QCoreApplication::processEvents();
    std::printf("  console: QString::fromUtf8 + QPlainTextEdit::setPlainText(stdout): %.1f ms, "
                "then its paint: %.1f ms\n",
                timed([&] { console->setPlainText(QString::fromUtf8(bundle->stdoutData)); }),
                timed([] { QCoreApplication::processEvents(); }));
    AuditLogModel *model = panel.auditPanel()->model();
    std::printf("  audit: AuditLogModel::setEvents(%lld events): %.1f ms\n",
                qint64(bundle->auditEvents.size()),
                timed([&] { model->setEvents(bundle->auditEvents); }));
    std::printf("  files: QFileInfo::size of %lld stored files (a stat each): %.1f ms\n",
                qint64(m.workdirFiles.size() + m.inputFiles.size()), timed([&] {
                    qint64 total = 0;
                    for (const QString &sha : m.workdirFiles)
                        total += QFileInfo(bundle->filePath(sha)).size();
                    for (const QString &sha : m.inputFiles)
                        total += QFileInfo(bundle->filePath(sha)).size();
                    return total;
                }));

    // Replaying: what ExecSessionReplayer and SessionsPanel do on the GUI thread around the run.
    std::optional<Result<ExecReplayPlan>> planned;
    std::printf("  [worker] ExecSessionReplayer::plan (copy the workdir, find the runtime): %.1f ms\n",
                timed([&] { planned = ExecSessionReplayer::plan(*bundle, {}); }));
    Result<ExecReplayPlan> &plan = *planned;
    if (plan) {
        std::printf("  [worker] prepareRun (check the options and folders, write the run's files): "
                    "%.1f ms\n",
                    timed([&] { (void)prepareRun(plan->request, plan->config); }));
        std::printf("  compare the replay with the recording (ExecSessionReplayer::compare): %.1f ms\n",
                    timed([&] { ExecSessionReplayer::compare(*bundle, report.replayed, *plan); }));
        std::printf("  remove the replay's scratch folder (the workdir copy, when the plan goes): "
                    "%.1f ms\n",
                    timed([&] { plan->scratch.reset(); }));
    } else {
        std::printf("  (ExecSessionReplayer::plan failed: %s)\n", qPrintable(plan.error().message));
    }
    std::printf("  drop a read bundle (its extracted folder is removed): %.1f ms\n",
                timed([&] { bundle.reset(); }));
}

} // namespace

int main(int argc, char *argv[])
{
    EventTimingApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_sessions_panel FILE.sbsession\n");
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    std::printf("session %s: %.1f MiB\n", qPrintable(QFileInfo(path).fileName()),
                double(QFileInfo(path).size()) / (1 << 20));
    SessionsPanel panel;
    panel.resize(1200, 800);
    panel.show();
    QCoreApplication::processEvents();
    Bench::StallMeter stalls;
    QString error;

    const Phase open = measure(
            &panel, &SessionsPanel::sessionOpened, &SessionsPanel::openFailed,
            [&] { panel.openFile(path); }, &stalls, &error);
    if (open.signalMs < 0) {
        std::fprintf(stderr, "open failed: %s\n",
                     error.isEmpty() ? "timed out" : qPrintable(error));
        return 1;
    }
    std::printf("open: sessionOpened after %lld ms, shown after %lld ms; longest stall %lld ms\n",
                open.signalMs, open.shownMs, open.stallMs);
    std::printf("  longest GUI-thread events: %s\n", qPrintable(timingApp()->longestText()));

    std::vector<qint64> replayMs;
    std::vector<qint64> replayStalls;
    for (int i = 1; i <= kReplays; ++i) {
        if (!panel.replayButton()->isEnabled()) {
            std::fprintf(stderr, "the Replay button is disabled\n");
            return 1;
        }
        const Phase replay = measure(
                &panel, &SessionsPanel::replayFinished, &SessionsPanel::replayFailed,
                [&] { panel.replayButton()->click(); }, &stalls, &error);
        if (replay.signalMs < 0) {
            std::fprintf(stderr, "replay failed: %s\n",
                         error.isEmpty() ? "timed out" : qPrintable(error));
            return 1;
        }
        const ReplayReport report = *panel.lastReport();
        std::printf("replay %d: replayFinished after %lld ms, Replay tab shown after %lld ms "
                    "(%s; the run itself %lld ms); longest stall %lld ms\n",
                    i, replay.signalMs, replay.shownMs, report.identical ? "identical" : "diverged",
                    report.replayed.durationMs, replay.stallMs);
        std::printf("  longest GUI-thread events: %s\n", qPrintable(timingApp()->longestText()));
        replayMs.push_back(replay.shownMs);
        replayStalls.push_back(replay.stallMs);
    }
    std::printf("replay, median of %d: %lld ms; longest stall, median %lld ms\n", kReplays,
                median(replayMs), median(replayStalls));

    // The diff again, on the same report: SessionsPanel::onReplayFinished's own rendering.
    const ReplayReport report = *panel.lastReport();
    timingApp()->resetLongest();
    stalls.start();
    QElapsedTimer clock;
    clock.start();
    panel.diffView()->setComparison(*panel.bundle(), report);
    const qint64 set = clock.elapsed();
    QCoreApplication::processEvents();
    std::printf(
            "diff render: setComparison %lld ms, painted after %lld ms; longest stall %lld ms\n",
            set, clock.elapsed(), stalls.stop());
    std::printf("  longest GUI-thread events: %s\n", qPrintable(timingApp()->longestText()));

    // Opening a session while one is shown replaces it: the shown bundle, and its extracted
    // folder, go when the new one arrives.
    const Phase reopen = measure(
            &panel, &SessionsPanel::sessionOpened, &SessionsPanel::openFailed,
            [&] { panel.openFile(path); }, &stalls, &error);
    std::printf("open again (replaces the shown session): sessionOpened after %lld ms, shown after "
                "%lld ms; longest stall %lld ms\n",
                reopen.signalMs, reopen.shownMs, reopen.stallMs);
    std::printf("  longest GUI-thread events: %s\n", qPrintable(timingApp()->longestText()));
    std::printf("peak RSS %.1f MiB\n", Bench::peakRssMiB());

    breakdown(panel, path, report);
    return 0;
}
