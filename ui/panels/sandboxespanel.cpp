#include "sandboxespanel.h"
#include "textroles.h"

#include "common/terminaltext.h"
#include "confirmations.h"
#include "elidedlabel.h"
#include "lifetimedelegate.h"
#include "models/sandboxlistmodel.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "sandboxcreatedialog.h"
#include "sandboxexecwidget.h"
#include "sandboxfileswidget.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QPointer>
#include <QLocale>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>

#include <algorithm>
#include <limits>

namespace Sandbench {

SandboxesPanel::SandboxesPanel(SandboxPool *pool, QWidget *parent)
    : QWidget(parent)
    , m_pool(pool)
    , m_model(new SandboxListModel(pool, this))
    , m_view(new QTableView(this))
    , m_tabs(new QTabWidget(this))
    , m_exec(new SandboxExecWidget(this))
    , m_files(new SandboxFilesWidget(this))
    , m_create(new QPushButton(tr("New…"), this))
    , m_release(new QPushButton(tr("Release"), this))
    , m_extend(new QPushButton(tr("Extend…"), this))
    , m_pause(new QPushButton(tr("Pause"), this))
    , m_desktop(new QPushButton(tr("Desktop"), this))
    , m_preview(new QPushButton(tr("Preview port"), this))
    , m_status(new ElidedLabel(this))
{
    setObjectName(QStringLiteral("sandboxesPanel"));
    m_view->setObjectName(QStringLiteral("sandboxesView"));
    m_create->setObjectName(QStringLiteral("sandboxCreate"));
    m_release->setObjectName(QStringLiteral("sandboxRelease"));
    m_extend->setObjectName(QStringLiteral("sandboxExtend"));
    m_extend->setToolTip(tr("Give the sandbox more time, up to the pool's maximum lifetime"));
    m_pause->setObjectName(QStringLiteral("sandboxPause"));
    // As wide as its longer text, so the bar does not shift when it flips.
    m_pause->setMinimumWidth(std::max(m_pause->sizeHint().width(),
                                      QPushButton(tr("Resume")).sizeHint().width()));
    m_desktop->setObjectName(QStringLiteral("sandboxDesktop"));
    m_preview->setObjectName(QStringLiteral("sandboxPreview"));
    m_status->setObjectName(QStringLiteral("sandboxesStatus"));

    m_view->setModel(m_model);
    m_view->setItemDelegateForColumn(int(SandboxListModel::Column::Remaining), new LifetimeDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(int(SandboxListModel::Column::Remaining),
                                                     QHeaderView::Stretch);
    m_view->setWordWrap(false);

    m_tabs->addTab(m_exec, tr("Exec"));
    m_tabs->addTab(m_files, tr("Files"));
    m_files->setEnabled(false);

    auto *bar = new QHBoxLayout;
    for (QPushButton *b : {m_create, m_release, m_extend, m_pause, m_desktop, m_preview})
        bar->addWidget(b);
    // The status takes the room left (elided within it), on the right as before.
    m_status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bar->addWidget(m_status, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_create, &QPushButton::clicked, this, [this] {
        SandboxCreateDialog dialog(m_pool, this);
        if (!m_nextAllow.isEmpty())
            dialog.setAllowList(m_nextAllow);
        if (dialog.exec() == QDialog::Accepted)
            createSandbox(dialog.options());
    });
    // The button asks first: releasing ends the container and everything in it.
    connect(m_release, &QPushButton::clicked, this, [this] {
        if (m_current
            && confirmLoss(this, {.objectName = QStringLiteral("releaseConfirmation"),
                                  .title = tr("Release Sandbox"),
                                  .text = tr("Release sandbox %1? Its container, files and processes are removed.")
                                              .arg(m_current->id().left(12)),
                                  .items = {tr("Sandbox %1 (%2)").arg(m_current->id().left(12), m_current->image())},
                                  .acceptText = tr("&Release")}))
            releaseCurrent();
    });
    connect(m_extend, &QPushButton::clicked, this, [this] {
        if (!m_current)
            return;
        // Seconds, as New… asks for the lifetime.
        const int most = int(std::min<qint64>(extendableMs(m_current) / 1000, std::numeric_limits<int>::max()));
        QInputDialog dialog(this);
        dialog.setObjectName(QStringLiteral("extendDialog"));
        dialog.setWindowTitle(tr("Extend Sandbox"));
        dialog.setInputMode(QInputDialog::IntInput);
        dialog.setLabelText(tr("More time for %1 (at most %2 s):").arg(m_current->id().left(12)).arg(most));
        dialog.setIntRange(1, most);
        dialog.setIntStep(60);
        dialog.setIntValue(qMin(600, most));
        if (auto *spin = dialog.findChild<QSpinBox *>())
            spin->setSuffix(tr(" s"));
        if (dialog.exec() == QDialog::Accepted)
            extendCurrent(qint64(dialog.intValue()) * 1000);
    });
    connect(m_pause, &QPushButton::clicked, this, [this] {
        if (m_current)
            setCurrentPaused(!m_current->isPaused());
    });
    connect(m_desktop, &QPushButton::clicked, this, [this] {
        if (m_current)
            emit desktopRequested(m_current);
    });
    connect(m_preview, &QPushButton::clicked, this, [this] {
        if (!m_current || m_current->options().ports.isEmpty())
            return;
        QStringList ports;
        for (int p : m_current->options().ports)
            ports << QString::number(p);
        bool ok = ports.size() == 1;
        const QString port = ok ? ports.first()
                                : QInputDialog::getItem(this, tr("Preview port"), tr("Port:"), ports, 0, false, &ok);
        if (ok)
            emit portPreviewRequested(m_current, port.toInt());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &SandboxesPanel::onCurrentChanged);
    // A removed row (released, or its lifetime over) moves the selection on by itself; an
    // empty model leaves none, which currentRowChanged reports too.
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &SandboxesPanel::onCurrentChanged);
    if (m_pool) {
        connect(m_pool, &SandboxPool::sandboxRemoved, this, [this](Sandbox *s) {
            setStatus(s->state() == Sandbox::State::Gone ? tr("%1 is gone: its lifetime is over").arg(s->id().left(12))
                                                         : tr("%1 released").arg(s->id().left(12)));
        });
    }
    updateActions();
}

QString SandboxesPanel::status() const
{
    return m_status->fullText();
}

void SandboxesPanel::setStatus(const QString &text, bool error)
{
    error ? setTextRole(m_status, TextRole::Error) : clearTextRole(m_status);
    // Statuses quote the sandbox (names, paths, messages): shown, not obeyed.
    m_status->setFullText(visibleLines(text));
}

void SandboxesPanel::createSandbox(const SandboxOptions &options)
{
    if (!m_pool)
        return;
    setStatus(tr("Creating a sandbox of %1…").arg(options.image.isEmpty() ? tr("the default image") : options.image));
    m_create->setEnabled(false);
    Operation<Sandbox *> *op = m_pool->create(options);
    op->then(this, [this](const Result<Sandbox *> &r) {
        m_create->setEnabled(true);
        if (!r) {
            setStatus(tr("Not created: %1").arg(r.error().message), true);
            return;
        }
        setStatus(tr("Created %1").arg((*r)->id().left(12)));
        select(*r);
        emit sandboxCreated(*r);
    });
}

void SandboxesPanel::releaseCurrent()
{
    if (!m_current)
        return;
    m_current->release()->then(this, [this](const Result<void> &r) {
        if (!r)
            setStatus(tr("Release failed: %1").arg(r.error().message), true);
    });
}

qint64 SandboxesPanel::extendableMs(const Sandbox *sandbox)
{
    const QDateTime latest = sandbox->createdAt().addMSecs(sandbox->limits().maxLifetimeMs);
    return std::max<qint64>(0, sandbox->expiresAt().msecsTo(latest));
}

void SandboxesPanel::extendCurrent(qint64 byMs)
{
    if (!m_current)
        return;
    QPointer<Sandbox> sandbox = m_current;
    m_current->extend(byMs)->then(this, [this, sandbox](const Result<void> &r) {
        if (!r)
            setStatus(tr("Not extended: %1").arg(r.error().message), true);
        else if (sandbox)
            setStatus(tr("%1 now ends at %2").arg(sandbox->id(), QLocale().toString(sandbox->expiresAt().toLocalTime().time())));
        updateActions();
    });
}

void SandboxesPanel::pauseCurrent()
{
    setCurrentPaused(true);
}

void SandboxesPanel::resumeCurrent()
{
    setCurrentPaused(false);
}

void SandboxesPanel::setCurrentPaused(bool paused)
{
    if (!m_current || m_pauseBusy)
        return;
    QPointer<Sandbox> sandbox = m_current;
    m_pauseBusy = true;
    updateActions();
    setStatus(paused ? tr("Pausing %1…").arg(sandbox->id().left(12)) : tr("Resuming %1…").arg(sandbox->id().left(12)));
    (paused ? sandbox->pause() : sandbox->resume())->then(this, [this, sandbox, paused](const Result<void> &r) {
        m_pauseBusy = false;
        if (!r)
            setStatus(paused ? tr("Not paused: %1").arg(r.error().message) : tr("Not resumed: %1").arg(r.error().message), true);
        else if (sandbox)
            setStatus(paused ? tr("%1 paused: its processes are frozen").arg(sandbox->id().left(12))
                             : tr("%1 resumed").arg(sandbox->id().left(12)));
        updateActions();
    });
}

void SandboxesPanel::allowForNextCreate(const QStringList &allowList, const QStringList &hosts)
{
    QStringList next = allowList;
    for (const QString &h : hosts) {
        if (!next.contains(h))
            next << h;
    }
    m_nextAllow = next;
    setStatus(tr("The next New… allows %1 too").arg(hosts.join(QStringLiteral(", "))));
}

void SandboxesPanel::select(Sandbox *sandbox)
{
    const int row = m_model->rowOf(sandbox);
    if (row >= 0)
        m_view->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                                  QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void SandboxesPanel::onCurrentChanged()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    Sandbox *sandbox = current.isValid() ? m_model->sandbox(current.row()) : nullptr;
    if (sandbox == m_current && (sandbox || !m_files->isEnabled()))
        return updateActions();
    if (m_current)
        disconnect(m_current, &Sandbox::pausedChanged, this, nullptr);
    m_current = sandbox;
    // Paused from elsewhere too (the agent server, a test): the buttons follow the sandbox.
    if (sandbox)
        connect(sandbox, &Sandbox::pausedChanged, this, &SandboxesPanel::updateActions);
    m_exec->setSandbox(sandbox);
    m_files->setSandbox(sandbox);
    updateActions();
    emit currentSandboxChanged(sandbox);
}

void SandboxesPanel::updateActions()
{
    const bool alive = m_current && m_current->isAlive();
    const bool paused = alive && m_current->isPaused();
    m_release->setEnabled(alive);
    // A paused sandbox refuses extensions (sandbox.h): the button says so by being off.
    m_extend->setEnabled(alive && !paused && extendableMs(m_current) >= 1000);
    m_pause->setEnabled(alive && !m_pauseBusy);
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    m_pause->setToolTip(paused ? tr("Let the sandbox's processes carry on where they were")
                               : tr("Freeze every process of the sandbox: memory kept, no CPU; its lifetime keeps running"));
    m_desktop->setEnabled(alive && m_current->features().desktop);
    m_preview->setEnabled(alive && !m_current->options().ports.isEmpty());
    m_create->setEnabled(m_pool && !m_pool->isClosed());
}

} // namespace Sandbench
