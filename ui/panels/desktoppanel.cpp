#include "desktoppanel.h"
#include "textroles.h"

#include "common/terminaltext.h"
#include "desktop/vnckeys.h"
#include "desktopstreamsource.h"
#include "desktopview.h"
#include "elidedlabel.h"
#include "sandbox/desktop.h"
#include "sandbox/sandbox.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QToolButton>
#include <QSplitter>

namespace Sandbench {

DesktopPanel::DesktopPanel(Sandbox *sandbox, QWidget *parent)
    : QWidget(parent)
    , m_view(new DesktopView(this))
    , m_scroll(new QScrollArea(this))
    , m_actualSize(new QToolButton(this))
    , m_fps(new QDoubleSpinBox(this))
    , m_live(new QCheckBox(tr("Live"), this))
    , m_text(new QLineEdit(this))
    , m_timeline(new QListWidget(this))
    , m_sendEnter(new QCheckBox(tr("Then Enter"), this))
    , m_status(new ElidedLabel(this))
    , m_source(new DesktopStreamSource(this))
{
    setObjectName(QStringLiteral("desktopPanel"));
    m_sendEnter->setObjectName(QStringLiteral("desktopSendEnter"));
    m_sendEnter->setChecked(true);
    m_sendEnter->setToolTip(tr("Press Enter in the sandbox after the text (an empty box sends Enter alone)"));
    m_view->setObjectName(QStringLiteral("desktopView"));
    m_fps->setObjectName(QStringLiteral("desktopFps"));
    m_live->setObjectName(QStringLiteral("desktopLive"));
    m_text->setObjectName(QStringLiteral("desktopText"));
    m_timeline->setObjectName(QStringLiteral("desktopTimeline"));
    m_status->setObjectName(QStringLiteral("desktopStatus"));

    m_fps->setRange(0.2, 10);
    m_fps->setDecimals(1);
    m_fps->setSingleStep(0.5);
    m_fps->setValue(2);
    m_fps->setSuffix(tr(" fps"));
    m_fps->setToolTip(tr("Screenshots per second when the desktop cannot be streamed; a slow sandbox gives fewer"));
    m_fps->setEnabled(false); // the stream sends every change
    m_live->setChecked(true);
    m_text->setPlaceholderText(tr("Text to type into the sandbox; Return sends it"));
    auto *snap = new QPushButton(tr("Snapshot"), this);
    auto *save = new QPushButton(tr("Save PNG…"), this);
    snap->setObjectName(QStringLiteral("desktopSnapshot"));
    save->setObjectName(QStringLiteral("desktopSave"));

    m_timeline->setViewMode(QListView::IconMode);
    m_timeline->setFlow(QListView::LeftToRight);
    m_timeline->setWrapping(false);
    m_timeline->setIconSize(QSize(128, 80));
    m_timeline->setFixedHeight(130);
    m_timeline->setMovement(QListView::Static);
    m_timeline->setSpacing(4);

    m_actualSize->setObjectName(QStringLiteral("desktopActualSize"));
    m_actualSize->setText(tr("1:1"));
    m_actualSize->setCheckable(true);
    m_actualSize->setToolTip(tr("Show the sandbox's screen at its real size and scroll it, or fitted to the panel"));
    m_actualSize->setAccessibleName(tr("Real size"));
    connect(m_actualSize, &QToolButton::clicked, this, [this] { m_sizeChosen = true; });
    connect(m_actualSize, &QToolButton::toggled, m_view, &DesktopView::setActualSize);
    m_scroll->setObjectName(QStringLiteral("desktopScroll"));
    m_scroll->setWidget(m_view);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setAlignment(Qt::AlignCenter);
    m_scroll->setFocusPolicy(Qt::NoFocus); // keys go to the view, and from it to the sandbox

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_live);
    bar->addWidget(m_fps);
    bar->addWidget(m_actualSize);
    bar->addStretch(1);
    bar->addWidget(snap);
    bar->addWidget(save);
    // The type box on a row of its own: beside the buttons a narrow dock left it a sliver.
    auto *typing = new QHBoxLayout;
    typing->addWidget(m_text, 1);
    typing->addWidget(m_sendEnter);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addLayout(typing);
    layout->addWidget(m_scroll, 1);
    layout->addWidget(m_timeline);
    layout->addWidget(m_status);

    m_next.setSingleShot(true);
    connect(&m_next, &QTimer::timeout, this, &DesktopPanel::requestFrame);
    m_afterInput.setSingleShot(true);
    m_afterInput.setInterval(500);
    connect(&m_afterInput, &QTimer::timeout, this, [this] { addToTimeline(currentImage(), tr("after input")); });
    connect(m_live, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            return startFeed();
        // Hidden or paused: no VNC server runs for a panel nobody looks at.
        m_next.stop();
        m_afterInput.stop();
        m_source->stop();
        if (m_sandbox && m_sandbox->isAlive() && m_sandbox->desktop())
            setStatus(tr("Paused"));
    });
    connect(m_source, &DesktopStreamSource::imageReady, this, &DesktopPanel::showFrame);
    connect(m_source, &DesktopStreamSource::opened, this, [this](QSize size) {
        setStatus(tr("%1 × %2, streaming").arg(size.width()).arg(size.height()));
    });
    connect(m_source, &DesktopStreamSource::rateMeasured, this, [this](double fps) {
        const QImage shown = m_view->image();
        // The stream sends changes only: a still screen is 0 frames, which is not a fault.
        setStatus(fps > 0 ? tr("%1 × %2, streaming, %3 frames per second")
                                .arg(shown.width()).arg(shown.height()).arg(fps, 0, 'f', fps < 10 ? 1 : 0)
                          : tr("%1 × %2, streaming, the screen is still").arg(shown.width()).arg(shown.height()));
    });
    connect(m_source, &DesktopStreamSource::reconnecting, this, [this](const QString &reason) {
        setStatus(tr("The desktop stream closed (%1); connecting again…").arg(reason), true);
    });
    connect(m_source, &DesktopStreamSource::unavailable, this, &DesktopPanel::onStreamUnavailable);
    connect(m_fps, &QDoubleSpinBox::valueChanged, this, [this] { scheduleNext(); });
    connect(snap, &QPushButton::clicked, this, &DesktopPanel::snapshot);
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save screenshot"),
                                                          QStringLiteral("desktop.png"), tr("PNG images (*.png)"));
        if (!path.isEmpty() && !saveImage(path))
            setStatus(tr("Cannot write %1").arg(path), true);
    });
    connect(m_timeline, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) {
        // A look back: stop the live view so the old screen stays.
        m_live->setChecked(false);
        m_view->setImage(item->data(Qt::UserRole).value<QImage>());
    });
    connect(m_text, &QLineEdit::returnPressed, this, [this] {
        // Return in the box is the user's Enter: a prompt in the sandbox waits for it.
        const QString text = m_text->text();
        // Over the stream when one is open; else (not live yet, connecting, or screenshots) as a
        // command in the sandbox, so no typed text is lost.
        if (isStreaming())
            sendStreamText(m_sendEnter->isChecked() ? text + QLatin1Char('\n') : text);
        else if (m_sendEnter->isChecked())
            queueText(text + QLatin1Char('\n')); // type() presses Return for a newline
        else
            queueText(text);
        m_text->clear();
    });
    // Whole actions are commands in the sandbox, for screenshots only; the stream takes every
    // raw event instead.
    connect(m_view, &DesktopView::clicked, this, [this](QPoint pos, MouseButton button, int count) {
        if (!m_polling)
            return;
        queueInput([this, pos, button, count] { return m_sandbox->desktop()->click(pos.x(), pos.y(), button, count); },
                   tr("click at %1, %2").arg(pos.x()).arg(pos.y()));
    });
    connect(m_view, &DesktopView::scrolled, this, [this](QPoint pos, int dx, int dy) {
        if (!m_polling)
            return;
        queueInput([this, pos, dx, dy] { return m_sandbox->desktop()->scroll(pos.x(), pos.y(), dx, dy); },
                   tr("scroll"));
    });
    connect(m_view, &DesktopView::textTyped, this, [this](const QString &text) {
        if (m_polling)
            queueText(text);
    });
    connect(m_view, &DesktopView::keyPressed, this, [this](const QString &combo) {
        if (m_polling)
            queueInput([this, combo] { return m_sandbox->desktop()->key(combo); }, combo);
    });
    connect(m_view, &DesktopView::pointerChanged, this, [this, held = 0](QPoint pos, int mask) mutable {
        if (m_polling)
            return;
        m_source->sendPointer(pos, mask);
        // Moves alone are not inputs worth a timeline entry; presses and releases are.
        if (std::exchange(held, mask) != mask)
            noteStreamInput();
    });
    connect(m_view, &DesktopView::keysymChanged, this, [this](quint32 keysym, bool down) {
        if (m_polling)
            return;
        m_source->sendKey(keysym, down);
        noteStreamInput();
    });
    setSandbox(sandbox);
}

void DesktopPanel::setSandbox(Sandbox *sandbox)
{
    if (m_sandbox)
        disconnect(m_sandbox, nullptr, this, nullptr);
    m_sandbox = sandbox;
    m_source->stop(); // the old sandbox's VNC server ends here
    m_polling = false; // a new sandbox gets its own try at a stream
    m_streamProblem.clear();
    m_fps->setEnabled(false);
    m_afterInput.stop();
    m_screenshots = 0;
    m_stale.invalidate();
    m_inFlight = false;
    m_inputInFlight = false;
    m_inputs.clear();
    m_frames = 0;
    m_timelineNext = true; // the first screen opens the timeline
    m_timeline->clear();
    m_view->setImage({});
    m_next.stop();
    if (!sandbox || !sandbox->desktop()) {
        setStatus(sandbox ? tr("This sandbox's image has no desktop") : tr("No sandbox"));
        return;
    }
    connect(sandbox, &Sandbox::stateChanged, this, [this](Sandbox::State state) {
        if (state != Sandbox::State::Alive) {
            m_next.stop();
            m_source->stop();
            setStatus(state == Sandbox::State::Gone ? tr("The sandbox is gone") : tr("The sandbox was released"));
        }
    });
    setStatus(tr("Connecting to %1…").arg(sandbox->id().left(12)));
    startFeed();
}

bool DesktopPanel::isStreaming() const
{
    return !m_polling && m_source->isOpen();
}

void DesktopPanel::startFeed()
{
    if (!m_live->isChecked() || !m_sandbox || !m_sandbox->isAlive() || !m_sandbox->desktop())
        return;
    if (m_polling)
        return scheduleNext();
    if (!m_source->isActive())
        m_source->start(m_sandbox);
}

void DesktopPanel::onStreamUnavailable(const QString &reason)
{
    m_polling = true;
    m_streamProblem = reason;
    m_fps->setEnabled(true);
    setStatus(tr("No desktop stream (%1): taking screenshots instead").arg(reason), true);
    if (m_live->isChecked())
        requestFrame();
}

void DesktopPanel::showFrame(const QImage &image)
{
    ++m_frames;
    m_view->setImage(image);
    if (!m_sizeChosen)
        m_actualSize->setChecked(m_view->fittedScale(m_scroll->viewport()->size()) < 0.5);
    if (m_timelineNext) {
        m_timelineNext = false;
        addToTimeline(image, m_frames == 1 ? tr("start") : tr("after input"));
    }
    emit frameArrived(image);
}

void DesktopPanel::noteStreamInput()
{
    // One timeline entry once the screen has had time to answer, not one per key.
    m_afterInput.start();
    emit inputSent();
}

void DesktopPanel::sendStreamText(const QString &text)
{
    for (const char32_t c : text.toUcs4()) {
        const quint32 keysym = c == U'\n' ? VncKeys::keysym(Qt::Key_Return, {})
                                           : VncKeys::keysym(0, QString::fromUcs4(&c, 1));
        m_source->sendKey(keysym, true);
        m_source->sendKey(keysym, false);
    }
    noteStreamInput();
}

double DesktopPanel::framesPerSecond() const { return m_fps->value(); }
void DesktopPanel::setFramesPerSecond(double fps) { m_fps->setValue(fps); }
void DesktopPanel::setLive(bool live) { m_live->setChecked(live); }
QImage DesktopPanel::currentImage() const
{
    // The stream's newest frame, which the view may not show yet (it repaints once a refresh).
    return m_source->isOpen() && !m_polling ? m_source->image() : m_view->image();
}
QString DesktopPanel::status() const { return m_status->fullText(); }

void DesktopPanel::setStatus(const QString &text, bool error)
{
    error ? setTextRole(m_status, TextRole::Error) : clearTextRole(m_status);
    // Statuses quote the sandbox (names, paths, messages): shown, not obeyed.
    m_status->setFullText(visibleLines(text));
}

void DesktopPanel::requestFrame()
{
    // Screenshots only stand in for a stream that cannot be had.
    if (!m_polling || m_inFlight || !m_sandbox || !m_sandbox->isAlive() || !m_sandbox->desktop())
        return;
    m_inFlight = true;
    m_sinceRequest.start();
    m_sandbox->desktop()->screenshot()->then(this, [this, ticket = m_stale.ticket()](const Result<QByteArray> &r) {
        if (!m_stale.isCurrent(ticket))
            return;
        m_inFlight = false;
        if (!r) {
            setStatus(tr("No screen: %1").arg(r.error().message), true);
            if (r.error().code != ErrorCode::Gone)
                scheduleNext();
            return;
        }
        QImage image;
        if (!image.loadFromData(*r, "PNG")) {
            setStatus(tr("The sandbox sent an unreadable screenshot"), true);
            return scheduleNext();
        }
        ++m_screenshots;
        const QString rate = tr("%1 × %2, %3 ms per frame").arg(image.width()).arg(image.height())
                                 .arg(m_sinceRequest.elapsed());
        // Why there is no stream stays in view while screenshots stand in for it.
        setStatus(m_streamProblem.isEmpty() ? rate : tr("%1 (screenshots: no stream, %2)").arg(rate, m_streamProblem),
                  false);
        showFrame(image);
        scheduleNext();
    });
}

void DesktopPanel::scheduleNext()
{
    if (!m_polling || !m_live->isChecked() || m_inFlight || !m_sandbox || !m_sandbox->isAlive())
        return;
    // The rate counts from the last request, so a 400 ms screenshot at 2 fps waits 100 ms.
    const qint64 period = qint64(1000 / m_fps->value());
    const qint64 spent = m_sinceRequest.isValid() ? m_sinceRequest.elapsed() : period;
    m_next.start(int(std::max<qint64>(0, period - spent)));
}

void DesktopPanel::queueText(const QString &text)
{
    if (text.isEmpty())
        return;
    if (!m_inputs.isEmpty() && !m_inputs.last().make
        && m_inputs.last().text.size() + text.size() <= Desktop::maxTypeLength)
        m_inputs.last().text += text;
    else
        m_inputs.append({{}, tr("typing"), text});
    sendNextInput();
}

void DesktopPanel::queueInput(std::function<VoidOperation *()> make, const QString &what)
{
    m_inputs.append({std::move(make), what, {}});
    sendNextInput();
}

void DesktopPanel::sendNextInput()
{
    if (m_inputInFlight || m_inputs.isEmpty())
        return;
    if (!m_sandbox || !m_sandbox->isAlive() || !m_sandbox->desktop()) {
        m_inputs.clear();
        return;
    }
    const PendingInput input = m_inputs.takeFirst();
    VoidOperation *op = input.make ? input.make() : m_sandbox->desktop()->type(input.text);
    m_inputInFlight = true;
    op->then(this, [this, what = input.what, ticket = m_stale.ticket()](const Result<void> &r) {
        if (!m_stale.isCurrent(ticket))
            return;
        m_inputInFlight = false;
        if (!r)
            setStatus(tr("%1 failed: %2").arg(what, r.error().message), true);
        m_timelineNext = true;
        emit inputSent();
        if (!m_inputs.isEmpty())
            return sendNextInput();
        // Show the effect at once rather than at the next tick.
        if (!m_inFlight) {
            m_next.stop();
            requestFrame();
        }
    });
}

void DesktopPanel::addToTimeline(const QImage &image, const QString &why)
{
    if (image.isNull())
        return;
    const QString when = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
    auto *item = new QListWidgetItem(QIcon(QPixmap::fromImage(image.scaled(m_timeline->iconSize(), Qt::KeepAspectRatio,
                                                                            Qt::SmoothTransformation))),
                                     QStringLiteral("%1 %2").arg(when, why));
    item->setData(Qt::UserRole, image);
    m_timeline->addItem(item);
    while (m_timeline->count() > maxTimelineEntries)
        delete m_timeline->takeItem(0);
    m_timeline->scrollToBottom();
}

void DesktopPanel::snapshot()
{
    addToTimeline(currentImage(), tr("snapshot"));
}

bool DesktopPanel::saveImage(const QString &path) const
{
    const QListWidgetItem *item = m_timeline->currentItem();
    const QImage image = item ? item->data(Qt::UserRole).value<QImage>() : currentImage();
    return !image.isNull() && image.save(path, "PNG");
}

} // namespace Sandbench
