#include "sandboxsessionview.h"
#include "textroles.h"


#include "common/background.h"
#include "common/terminaltext.h"
#include "fittedpicture.h"
#include "session/sandbox/sandboxsessionreplayer.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandbench {

namespace {

enum Column { NumberColumn, KindColumn, CallColumn, RecordedColumn, ReplayedColumn };

QString outcome(const SandboxStep &step)
{
    if (step.outcome.error)
        return SandboxSessionView::tr("failed: %1").arg(step.outcome.errorCode);
    if (step.is<SandboxWriteStep>())
        return SandboxSessionView::tr("written");
    if (step.is<SandboxScreenshotStep>())
        return SandboxSessionView::tr("taken");
    if (step.is<SandboxInputStep>())
        return SandboxSessionView::tr("sent");
    const auto &exec = *step.as<SandboxExecStep>();
    if (exec.timedOut)
        return SandboxSessionView::tr("timed out");
    return exec.exitCode ? SandboxSessionView::tr("exit %1").arg(*exec.exitCode) : SandboxSessionView::tr("stopped");
}

// A payload as the view shows it: its bytes, or why they were not loaded.
QByteArray bytesOr(const Result<QByteArray> &loaded, QString *problem)
{
    if (loaded)
        return *loaded;
    *problem = loaded.error().message;
    return {};
}

QPlainTextEdit *makeOutput(const QString &objectName, QWidget *parent)
{
    auto *view = new QPlainTextEdit(parent);
    view->setObjectName(objectName);
    view->setReadOnly(true);
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return view;
}

QWidget *titled(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(title, box));
    layout->addWidget(content, 1);
    return box;
}

} // namespace

SandboxSessionView::SandboxSessionView(QWidget *parent)
    : QWidget(parent)
    , m_steps(new QTreeWidget(this))
    , m_summary(new QLabel(this))
    , m_recorded(makeOutput(QStringLiteral("stepRecorded"), this))
    , m_replayed(makeOutput(QStringLiteral("stepReplayed"), this))
    , m_detail(new QStackedWidget(this))
    , m_recordedPicture(new FittedPicture(this))
    , m_replayedPicture(new FittedPicture(this))
{
    m_steps->setObjectName(QStringLiteral("sandboxSteps"));
    m_steps->setRootIsDecorated(false);
    m_steps->setHeaderLabels({tr("Step"), tr("Kind"), tr("Command or file"), tr("Recorded"), tr("Replayed")});
    m_steps->header()->setStretchLastSection(false);
    m_steps->header()->setSectionResizeMode(CallColumn, QHeaderView::Stretch);
    m_summary->setObjectName(QStringLiteral("sandboxReplaySummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *outputs = new QSplitter(Qt::Horizontal, this);
    outputs->addWidget(titled(tr("Recorded"), m_recorded, outputs));
    outputs->addWidget(titled(tr("Replayed"), m_replayed, outputs));
    m_recordedPicture->setObjectName(QStringLiteral("stepRecordedPicture"));
    m_replayedPicture->setObjectName(QStringLiteral("stepReplayedPicture"));
    auto *pictures = new QSplitter(Qt::Horizontal, this);
    pictures->addWidget(titled(tr("Recorded"), m_recordedPicture, pictures));
    pictures->addWidget(titled(tr("Replayed"), m_replayedPicture, pictures));
    m_detail->addWidget(outputs);
    m_detail->addWidget(pictures);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_steps);
    split->addWidget(m_detail);
    split->setStretchFactor(1, 2);
    split->setSizes({160, 400}); // a session has a few steps; the outputs and pictures need the room
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    connect(m_steps, &QTreeWidget::currentItemChanged, this, &SandboxSessionView::showStep);
}

SandboxSessionView::~SandboxSessionView() = default;

void SandboxSessionView::setSandboxPool(SandboxPool *pool)
{
    m_pool = pool;
}

QString SandboxSessionView::stepText(const SandboxStep &step)
{
    using Action = SandboxInputStep::Action;
    if (const auto *write = step.as<SandboxWriteStep>())
        return tr("%1 (%n byte(s))", nullptr, int(qMin<qint64>(write->data.size, INT_MAX))).arg(write->path);
    if (step.is<SandboxScreenshotStep>())
        return tr("the screen");
    if (const auto *input = step.as<SandboxInputStep>()) {
        switch (input->action) {
        case Action::Click: return tr("click at %1, %2 (button %3, %4×)").arg(input->x).arg(input->y).arg(int(input->button)).arg(input->count);
        case Action::Move: return tr("move to %1, %2").arg(input->x).arg(input->y);
        case Action::Scroll: return tr("scroll at %1, %2 by %3, %4").arg(input->x).arg(input->y).arg(input->dx).arg(input->dy);
        case Action::Type: return tr("type “%1”").arg(input->text.left(80));
        case Action::Key: return tr("key %1").arg(input->text);
        }
        return {};
    }
    QStringList quoted;
    for (const QString &arg : step.as<SandboxExecStep>()->argv)
        quoted << (arg.contains(QLatin1Char(' ')) || arg.isEmpty() ? QLatin1Char('\'') + arg + QLatin1Char('\'') : arg);
    // One line per step: a script's newlines show as a return sign (the tooltip has it whole).
    return quoted.join(QLatin1Char(' ')).replace(QLatin1Char('\n'), QStringLiteral(" \u21b5 "));
}

void SandboxSessionView::setSession(std::shared_ptr<const SandboxSession> session)
{
    stopReplay();
    m_session = std::move(session);
    m_steps->clear();
    m_replayedSteps.clear();
    m_replayedSession = SandboxSession();
    m_divergentStep = 0;
    clearTextRole(m_summary);
    m_summary->setText(m_pool ? tr("Replay runs these steps again in a fresh sandbox of the same image.")
                              : tr("No Docker engine is available: this session can be browsed but not replayed."));
    if (!m_session)
        return;
    m_replayedSteps.resize(m_session->steps.size());
    for (qsizetype i = 0; i < m_session->steps.size(); ++i) {
        const SandboxStep &step = m_session->steps.at(i);
        const QString kind = step.is<SandboxWriteStep>()        ? tr("write")
                           : step.is<SandboxScreenshotStep>() ? tr("screenshot")
                           : step.is<SandboxInputStep>()      ? tr("input")
                                                              : tr("exec");
        // Commands, paths and outcomes come from the bundle: shown, not obeyed.
        auto *item = new QTreeWidgetItem(m_steps, {QString::number(i + 1), kind, visibleText(stepText(step)),
                                                   visibleText(outcome(step)), QString()});
        const auto *exec = step.as<SandboxExecStep>();
        item->setToolTip(CallColumn, visibleLines(exec ? exec->argv.join(QLatin1Char(' ')) : stepText(step)));
    }
    if (m_steps->topLevelItemCount() > 0)
        m_steps->setCurrentItem(m_steps->topLevelItem(0));
}

// The payloads of one step, recorded and replayed, as loaded off the GUI thread.
struct SandboxSessionView::Shown
{
    bool picture = false;
    QByteArray recordedPng;
    QByteArray replayedPng;
    QString recordedText;
    QString replayedText;
};

namespace {

// What the text view shows of a step: a write's data, or an exec's stdout, stderr and error.
// Loads from the session file: runs off the GUI thread.
QString stepOutputText(const SandboxSession &session, qsizetype index, const SandboxStep &step)
{
    QString problem;
    QString out;
    if (step.is<SandboxWriteStep>()) {
        out = QString::fromUtf8(bytesOr(session.load(index, SandboxPayloadKind::Data), &problem).left(1 << 20));
    } else if (step.is<SandboxExecStep>()) {
        out = QString::fromUtf8(bytesOr(session.load(index, SandboxPayloadKind::Stdout), &problem));
        QString errProblem;
        const QByteArray err = bytesOr(session.load(index, SandboxPayloadKind::Stderr), &errProblem);
        if (!err.isEmpty())
            out += SandboxSessionView::tr("\n\u2014 stderr \u2014\n") + QString::fromUtf8(err);
        if (!errProblem.isEmpty())
            problem = problem.isEmpty() ? errProblem : problem + QLatin1Char('\n') + errProblem;
    }
    if (!problem.isEmpty())
        out += QLatin1Char('\n') + SandboxSessionView::tr("(not shown: %1)").arg(problem);
    if (step.outcome.error)
        out += QLatin1Char('\n') + *step.outcome.error;
    return visibleLines(out);
}

} // namespace

void SandboxSessionView::showStep()
{
    const int row = m_steps->indexOfTopLevelItem(m_steps->currentItem());
    const quint64 generation = ++m_showGeneration;
    if (!m_session || row < 0 || row >= m_session->steps.size()) {
        m_loadingStep = false;
        m_recorded->clear();
        m_replayed->clear();
        return;
    }
    const SandboxStep &recorded = m_session->steps.at(row);
    const std::optional<SandboxStep> replayed = m_replayedSteps.value(row);
    m_detail->setCurrentIndex(recorded.is<SandboxScreenshotStep>() ? 1 : 0);
    m_loadingStep = true;
    // The payloads come out of the session file (or the replay's memory) when the step is
    // shown, on the thread pool; a later choice makes this one stale.
    runInBackground(this, [session = m_session, replayedSession = m_replayedSession, row, recorded, replayed] {
        Shown shown;
        QString problem;
        if (recorded.is<SandboxScreenshotStep>()) {
            shown.picture = true;
            if (!recorded.outcome.error)
                shown.recordedPng = bytesOr(session->load(row, SandboxPayloadKind::Png), &problem);
            if (replayed && !replayed->outcome.error && payloadOf(*replayed, SandboxPayloadKind::Png))
                shown.replayedPng = bytesOr(replayedSession.payloads->load(*payloadOf(*replayed, SandboxPayloadKind::Png),
                                                                           tr("the replayed screenshot")),
                                            &problem);
            return shown;
        }
        shown.recordedText = stepOutputText(*session, row, recorded);
        if (replayed) {
            // A replayed write sent the recorded bytes: they are the session's, not the replay's.
            SandboxSession replayedView = replayedSession;
            if (replayed->is<SandboxWriteStep>())
                replayedView.payloads = session->payloads;
            replayedView.steps = QList<SandboxStep>(row + 1);
            replayedView.steps[row] = *replayed;
            shown.replayedText = stepOutputText(replayedView, row, *replayed);
        }
        return shown;
    }, [this, generation, row](const Shown &shown) {
        if (generation != m_showGeneration)
            return;
        showLoaded(row, shown);
    });
}

void SandboxSessionView::showLoaded(int row, const Shown &shown)
{
    m_loadingStep = false;
    if (shown.picture) {
        showPicture(m_recordedPicture, shown.recordedPng);
        showPicture(m_replayedPicture, shown.replayedPng);
    } else {
        m_recorded->setPlainText(visibleLines(shown.recordedText));
        m_replayed->setPlainText(visibleLines(shown.replayedText));
    }
    emit stepShown(row);
}

void SandboxSessionView::showPicture(FittedPicture *view, const QByteArray &png)
{
    QPixmap picture;
    if (png.isEmpty() || !picture.loadFromData(png, "PNG")) {
        view->setText(png.isEmpty() ? QString() : tr("not a readable PNG (%n byte(s))", nullptr, int(qMin<qsizetype>(png.size(), INT_MAX))));
        view->setToolTip({});
        return;
    }
    view->setPixmap(picture);
    view->setToolTip(tr("%1\u00d7%2 pixels").arg(picture.width()).arg(picture.height()));
}

void SandboxSessionView::replay(const ReplayValues &values)
{
    if (!m_session || !m_pool || isReplaying())
        return;
    delete m_replay;
    SandboxReplayOptions options;
    options.env = values;
    m_replay = new SandboxSessionReplayer(*m_session, m_pool, options, this);
    connect(m_replay, &SandboxSessionReplayer::stepReplayed, this, &SandboxSessionView::onStepReplayed);
    connect(m_replay, &SandboxSessionReplayer::finished, this, &SandboxSessionView::onFinished);
    connect(m_replay, &SandboxSessionReplayer::failed, this, [this](const Error &error) {
        setTextRole(m_summary, TextRole::Error);
        m_summary->setText(visibleLines(tr("The replay could not finish: %1").arg(error.message)));
        emit replayFailed(error);
    });
    for (int i = 0; i < m_steps->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_steps->topLevelItem(i);
        item->setText(ReplayedColumn, QString());
        for (int c = 0; c < m_steps->columnCount(); ++c)
            item->setBackground(c, {});
    }
    // reset() in a loop, not fill(std::nullopt): GCC 12 at -O3 sees the temporary optional that
    // fill() copies from as maybe uninitialized and fails -Werror builds.
    for (std::optional<SandboxStep> &step : m_replayedSteps)
        step.reset();
    m_replayedSession = SandboxSession();
    m_divergentStep = 0;
    clearTextRole(m_summary);
    m_summary->setText(visibleText(tr("Replaying in a fresh sandbox of %1\u2026").arg(m_session->image)));
    m_replay->start();
}

void SandboxSessionView::stopReplay()
{
    if (m_replay)
        m_replay->cancel();
}

bool SandboxSessionView::isReplaying() const
{
    return m_replay && m_replay->isRunning();
}

void SandboxSessionView::onStepReplayed(int index, const SandboxStep &step, bool same)
{
    if (index < 0 || index >= m_replayedSteps.size())
        return;
    m_replayedSteps[index] = step;
    m_replayedSession = m_replay->replayed();
    QTreeWidgetItem *item = m_steps->topLevelItem(index);
    item->setText(ReplayedColumn, visibleText(same ? tr("%1, same").arg(outcome(step)) : tr("%1, differs").arg(outcome(step))));
    if (!same) {
        for (int c = 0; c < m_steps->columnCount(); ++c)
            item->setBackground(c, QColor(230, 70, 60, 70));
    }
    if (m_steps->currentItem() == item)
        showStep();
}

void SandboxSessionView::onFinished(const ReplayReport &report)
{
    if (report.identical) {
        setTextRole(m_summary, TextRole::Success, true);
        m_summary->setText(tr("Identical: all %n step(s) gave the recorded output and outcome.", nullptr,
                              int(m_session->steps.size())));
    } else if (report.divergences.isEmpty()) {
        // A hand-edited or cut-short recording: not the same, with no step to point at.
        setTextRole(m_summary, TextRole::Error, true);
        m_summary->setText(tr("Diverged: the replay could not be compared with the recording."));
    } else {
        const Divergence &d = report.divergences.first();
        m_divergentStep = int(d.index);
        setTextRole(m_summary, TextRole::Error, true);
        m_summary->setText(tr("Diverged at step %1 (%2): recorded \u201c%3\u201d, replayed \u201c%4\u201d.")
                               .arg(d.index)
                               .arg(replayStreamName(d.stream), visibleText(d.recorded.left(200)), visibleText(d.replayed.left(200))));
        if (QTreeWidgetItem *item = m_steps->topLevelItem(m_divergentStep - 1))
            m_steps->setCurrentItem(item);
    }
    if (!report.notes.isEmpty()) {
        QStringList notes;
        for (const ReplayNote &note : report.notes)
            notes << note.translated();
        m_summary->setText(m_summary->text() + QLatin1Char('\n') + visibleText(tr("Notes: %1").arg(notes.join(QStringLiteral("; ")))));
    }
    emit replayFinished(report);
}

} // namespace Sandbench
