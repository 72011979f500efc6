#include "sessionspanel.h"

#include "replayvaluesdialog.h"
#include "textroles.h"

#include "agentcallsmodel.h"
#include "agentsessionview.h"
#include "auditpanel.h"
#include "codeeditor.h"
#include "livesessionslist.h"
#include "common/background.h"
#include "common/boundedfile.h"
#include "common/terminaltext.h"
#include "models/auditlogmodel.h"
#include "policy/policyfile.h"
#include "sandboxsessionview.h"
#include "session/exec/execreplaypolicy.h"
#include "session/exec/execsession.h"
#include "session/exec/execsessionreplayer.h"
#include "session/agent/agentsessionwriter.h"
#include "session/sandbox/sandboxsession.h"
#include "session/sessionfile.h"
#include "sessiondiffview.h"
#include "trafficview.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QDateTime>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <utility>

namespace Sandbench {

struct SessionsPanel::Loaded
{
    QString path;
    std::shared_ptr<const ExecSession> bundle;
    std::shared_ptr<const SandboxSession> sandbox;
    QString error;
    std::shared_ptr<const AgentSession> agent;
    QList<AgentCallRow> agentRows; // its calls as the table shows them
    bool agentLive = false;
};

namespace {

enum ConsoleStream { StdoutStream, StderrStream, RawStderrStream };

// A session as read: shared when it could be, else why not.
template<typename T>
void take(Result<T> &&read, std::shared_ptr<const T> *out, QString *error)
{
    read ? void(*out = std::make_shared<const T>(std::move(*read))) : void(*error = read.error().message);
}

QToolButton *toolButton(const QString &text, const QString &objectName, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setObjectName(objectName);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

// Why a session holds no traffic, from the note recording left ("traffic not recorded: ...").
QString trafficNote(const QStringList &notes)
{
    static const QString prefix = QStringLiteral("traffic not recorded: ");
    for (const QString &note : notes) {
        if (note.startsWith(prefix))
            return note.mid(prefix.size());
    }
    return {};
}

QString formatBytes(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

} // namespace

SessionsPanel::SessionsPanel(QWidget *parent)
    : QWidget(parent)
    , m_openButton(toolButton(tr("Open\u2026"), QStringLiteral("openSession"), this))
    , m_replayButton(toolButton(tr("Replay"), QStringLiteral("replaySession"), this))
    , m_stopButton(toolButton(tr("Stop"), QStringLiteral("stopReplay"), this))
    , m_policy(new QComboBox(this))
    , m_busy(new QProgressBar(this))
    , m_busyText(new QLabel(this))
    , m_info(new QLabel(this))
    , m_error(new QLabel(this))
    , m_stack(new QStackedWidget(this))
    , m_tabs(new QTabWidget(this))
    , m_consoleStream(new QComboBox(this))
    , m_console(new QPlainTextEdit(this))
    , m_audit(new AuditPanel(this))
    , m_code(new CodeEditor(this))
    , m_recordedPolicy(new CodeEditor(this))
    , m_files(new QTreeWidget(this))
    , m_steps(new SandboxSessionView(this))
    , m_diff(new SessionDiffView(this))
    , m_traffic(new TrafficView(this))
    , m_agentView(new AgentSessionView(this))
    , m_live(new LiveSessionsList(this))
{
    setAcceptDrops(true);
    m_openButton->setToolTip(tr("Open a .sbsession or .sbagent file (Ctrl+Shift+O); you can also drop one here"));
    m_replayButton->setToolTip(tr("Run the session again, offline, and compare it with the recording (Ctrl+Shift+R)"));
    m_stopButton->setToolTip(tr("Stop the replay"));
    m_policy->setObjectName(QStringLiteral("replayPolicy"));
    m_policy->addItem(tr("Recorded policy"));
    m_policy->addItem(tr("Policy in the editor"));
    m_policy->addItem(tr("Policy file\u2026"));
    m_policy->setToolTip(tr("The policy the replay runs under; another one shows which decisions change"));
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setMaximumHeight(14);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_info->setObjectName(QStringLiteral("sessionInfo"));
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setObjectName(QStringLiteral("sessionError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setTextRole(m_error, TextRole::Error);
    m_error->hide();

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_openButton);
    bar->addWidget(m_replayButton);
    bar->addWidget(m_stopButton);
    bar->addWidget(new QLabel(tr("under"), this));
    bar->addWidget(m_policy);
    bar->addStretch(1);
    bar->addWidget(m_busyText);
    bar->addWidget(m_busy);

    // Console: one recorded stream at a time, as the run left it.
    m_consoleStream->setObjectName(QStringLiteral("sessionConsoleStream"));
    m_consoleStream->addItem(tr("stdout"));
    m_consoleStream->addItem(tr("stderr"));
    m_consoleStream->addItem(tr("stderr as the runtime wrote it"));
    m_console->setObjectName(QStringLiteral("sessionConsole"));
    m_console->setReadOnly(true);
    m_console->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *consolePage = new QWidget(this);
    auto *consoleLayout = new QVBoxLayout(consolePage);
    consoleLayout->setContentsMargins(4, 4, 4, 4);
    consoleLayout->addWidget(m_consoleStream);
    consoleLayout->addWidget(m_console, 1);

    m_code->setObjectName(QStringLiteral("sessionCode"));
    m_code->setReadOnly(true);
    m_recordedPolicy->setObjectName(QStringLiteral("sessionPolicy"));
    m_recordedPolicy->setReadOnly(true);
    m_recordedPolicy->setSyntaxForFile(QStringLiteral("policy.json"));
    m_files->setObjectName(QStringLiteral("sessionFiles"));
    m_files->setRootIsDecorated(false);
    m_files->setHeaderLabels({tr("File"), tr("Where"), tr("Size"), tr("SHA-256")});
    m_files->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_files->header()->setStretchLastSection(false);

    m_tabs->setObjectName(QStringLiteral("sessionTabs"));
    m_tabs->addTab(consolePage, tr("Console"));
    m_tabs->addTab(m_audit, tr("Audit"));
    m_tabs->addTab(m_code, tr("Code"));
    m_tabs->addTab(m_files, tr("Files"));
    m_tabs->addTab(m_recordedPolicy, tr("Policy"));
    m_tabs->addTab(m_traffic, tr("Network"));
    m_tabs->addTab(m_steps, tr("Steps"));
    m_tabs->addTab(m_agentView, tr("Calls"));
    m_tabs->addTab(m_diff, tr("Replay"));

    auto *empty = new QLabel(tr("Open a session file (Ctrl+Shift+O) or drop one here.\n"
                                "Any run in Run History can be saved as one (Save Session).\n"
                                "Agent servers running now (sandbench-cli mcp) are listed under Live."), this);
    empty->setObjectName(QStringLiteral("sessionsEmpty"));
    empty->setAlignment(Qt::AlignCenter);
    empty->setWordWrap(true);
    empty->setEnabled(false);
    m_stack->addWidget(empty);
    m_stack->addWidget(m_tabs);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    // Tight rows above the tabs: in the default layout at 1280x800 the dock is a third of the
    // window high, and every pixel here is one the replay panes lack.
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_info);
    layout->addWidget(m_error);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_live);
    split->addWidget(m_stack);
    split->setStretchFactor(1, 1);
    split->setSizes({180, 800});
    layout->addWidget(split, 1);

    connect(m_openButton, &QToolButton::clicked, this, &SessionsPanel::openInteractive);
    connect(m_replayButton, &QToolButton::clicked, this, &SessionsPanel::replay);
    connect(m_stopButton, &QToolButton::clicked, this, &SessionsPanel::stopReplay);
    connect(m_policy, &QComboBox::activated, this, &SessionsPanel::chooseReplayPolicy);
    connect(m_consoleStream, &QComboBox::currentIndexChanged, this, &SessionsPanel::showConsoleStream);
    connect(m_audit, &AuditPanel::allowRequested, this, &SessionsPanel::allowRequested);
    connect(m_steps, &SandboxSessionView::replayFinished, this, &SessionsPanel::onReplayFinished);
    connect(m_steps, &SandboxSessionView::replayFailed, this, &SessionsPanel::onReplayFailed);
    connect(m_live, &LiveSessionsList::sessionChosen, this, &SessionsPanel::openFile);
    // An ended session leaves the Live list at once, not at the next scan.
    connect(m_agentView, &AgentSessionView::followingStopped, m_live, &LiveSessionsList::rescan);
    m_live->setFolder(Workbench::defaultSessionsFolder());
    updateActions();
}

SessionsPanel::~SessionsPanel()
{
    if (m_replayer)
        m_replayer->cancel();
    releaseInBackground(std::move(m_bundle));
}

void SessionsPanel::setWorkbench(Workbench *workbench)
{
    m_workbench = workbench;
    const auto pool = workbench ? workbench->sandboxPool() : Result<SandboxPool *>(nullptr);
    m_pool = pool ? *pool : nullptr;
    m_steps->setSandboxPool(m_pool);
    updateActions();
}

QString SessionsPanel::droppedSessionPath(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1)
        return {};
    const QUrl url = mime->urls().constFirst();
    return url.isLocalFile() ? url.toLocalFile() : QString();
}

void SessionsPanel::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedSessionPath(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void SessionsPanel::dropEvent(QDropEvent *event)
{
    const QString path = droppedSessionPath(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openFile(path);
}

void SessionsPanel::openInteractive()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), QFileInfo(m_title).path(),
                                                      tr("Sandbench sessions (*.sbsession *.sbagent);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void SessionsPanel::openFile(const QString &path)
{
    if (isReplaying()) {
        showError(tr("A replay is running; stop it before opening another session."));
        return;
    }
    m_error->hide();
    m_loading = true;
    setBusy(true, tr("Opening %1\u2026").arg(QFileInfo(path).fileName()));
    const StaleGuard::Ticket ticket = m_loads.next();
    // Reading checks every member's digest (and extracts an exec session): disk work, off the
    // loop. The manifest alone says which kind the file is.
    runInBackground(this, [path] {
        Loaded loaded;
        loaded.path = path;
        const auto opened = SessionFile::open(path);
        if (!opened)
            loaded.error = opened.error().message;
        else if (const auto *file = std::get_if<SandboxSessionFile>(&*opened))
            take(file->load(), &loaded.sandbox, &loaded.error);
        else if (const auto *agent = std::get_if<AgentSessionFile>(&*opened)) {
            // Asked before reading: a server writes its end line before it lets go of the
            // lock, so a session found not live is read whole.
            loaded.agentLive = AgentSessionWriter::isLive(agent->path);
            take(agent->load(), &loaded.agent, &loaded.error);
            if (loaded.agent)
                loaded.agentRows = AgentCallsModel::describe(loaded.agent->calls);
        }
        else
            take(std::get<ExecSessionFile>(*opened).load(), &loaded.bundle, &loaded.error);
        return loaded;
    }, [this, ticket](const Loaded &loaded) {
        if (!m_loads.isCurrent(ticket))
            return; // another file was opened meanwhile
        m_loading = false;
        setBusy(false);
        if (!loaded.error.isEmpty()) {
            // Errors from reading a bundle mostly name the file already; say it once.
            const QString name = QFileInfo(loaded.path).fileName();
            showError(loaded.error.contains(name) ? tr("Cannot open the session: %1").arg(loaded.error)
                                                  : tr("Cannot open %1: %2").arg(name, loaded.error));
            emit openFailed(loaded.error);
            return;
        }
        showLoaded(loaded);
    });
}

void SessionsPanel::showSession(std::shared_ptr<const ExecSession> bundle, const QString &title)
{
    if (!bundle || isReplaying())
        return;
    m_loads.invalidate(); // a load still under way must not replace this one
    m_loading = false;
    setBusy(false);
    m_error->hide();
    showLoaded({title, std::move(bundle), nullptr, {}, nullptr, {}, false});
}

void SessionsPanel::showLoaded(const Loaded &loaded)
{
    // Values asked for the session shown so far are not for this one.
    if (m_valuesDialog)
        m_valuesDialog->reject();
    if (std::exchange(m_readingNames, false)) {
        m_names.invalidate();
        setBusy(false);
    }
    // The session shown so far may own thousands of extracted files: deleted off this thread.
    releaseInBackground(std::exchange(m_bundle, loaded.bundle));
    releaseInBackground(std::exchange(m_sandbox, loaded.sandbox));
    m_title = loaded.path;
    m_report.reset();
    m_diff->clear();
    m_agent = bool(loaded.agent);
    if (m_agent) {
        showAgentSession(*loaded.agent, loaded.agentRows, loaded.agentLive);
    } else {
        m_agentView->clear(); // and stops following the one shown before
        m_bundle ? showBundle() : showSandboxSession();
    }
    m_stack->setCurrentWidget(m_tabs);
    updateActions();
    emit sessionOpened(m_title);
}

void SessionsPanel::showBundle()
{
    const ExecSessionManifest &m = m_bundle->manifest;
    const ExecSessionOutcome &o = m.outcome;
    QStringList facts;
    facts << tr("Recorded %1").arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(m.recordedAtMs), QLocale::ShortFormat));
    facts << tr("Sandbench %1, Deno %2").arg(m.applicationVersion, m.runtimeVersion);
    if (m.policy.seed)
        facts << tr("seed %1").arg(*m.policy.seed);
    if (m.policy.freezeTimeMs)
        facts << tr("time frozen at %1").arg(QDateTime::fromMSecsSinceEpoch(*m.policy.freezeTimeMs).toUTC().toString(Qt::ISODate));
    QString end = o.timedOut ? tr("timed out") : o.cancelled ? tr("stopped")
                : o.exitCode ? tr("exit %1").arg(*o.exitCode) : tr("no exit code");
    facts << tr("%1 after %2 ms").arg(end).arg(o.durationMs);
    facts << tr("%1 allowed, %2 denied").arg(o.allowCount).arg(o.denyCount);
    if (!m.policy.allowPackages.isEmpty())
        facts << tr("packages: %1").arg(m.policy.allowPackages.join(QStringLiteral(", ")));
    QStringList env;
    for (const ExecSessionEnvVar &var : m.environment)
        env << (var.value ? var.name + QStringLiteral("=\u2026") : var.name);
    if (!env.isEmpty())
        facts << (m.environmentValuesRecorded ? tr("environment (with values): %1") : tr("environment (names only): %1"))
                     .arg(env.join(QLatin1Char(' ')));
    // Names, notes and values come from the file: bidi overrides and invisible characters are
    // shown as what they are (visibleText), not obeyed.
    QString info = QStringLiteral("<b>%1</b><br>%2").arg(visibleText(QFileInfo(m_title).fileName()).toHtmlEscaped(),
                                                          visibleText(facts.join(QStringLiteral(" \u00b7 "))).toHtmlEscaped());
    if (!m.notes.isEmpty())
        info += QStringLiteral("<br><i>%1</i>").arg(visibleText(tr("Recording notes: %1").arg(m.notes.join(QStringLiteral("; ")))).toHtmlEscaped());
    m_info->setText(info);

    showConsoleStream();
    m_audit->model()->setEvents(m_bundle->auditEvents);

    // The code: inline code, or the entry file as it was when the run started.
    QString code = m.code;
    QString codeName = QStringLiteral("main.ts");
    if (code.isEmpty() && !m.entrySha256.isEmpty()) {
        // Stored files were size-checked when the bundle was read; read as every file is (a
        // regular file, bounded), the cap keeping the editor usable.
        if (const auto entry = readRegularFile(m_bundle->filePath(m.entrySha256), 8 << 20, tr("the recorded entry file")))
            code = QString::fromUtf8(*entry);
        codeName = m.entrypoint;
    }
    m_code->setSyntaxForFile(codeName);
    // Read-only, and from the file: a bidi override in the code ("Trojan Source") is shown, not obeyed.
    m_code->setPlainText(visibleLines(code));
    // The policy as the manifest recorded it (a record, never a grant: replays contain it).
    m_recordedPolicy->setPlainText(visibleLines(QString::fromUtf8(policyToJson(m.policy))));

    fillFiles();

    // Bodies were checked against their digests when the bundle was read; checked again here,
    // since the extracted folder outlives that check.
    m_traffic->setTraffic(m.trafficRecorded, m.traffic, [bundle = m_bundle](const SandboxPayloadRef &ref) -> Result<QByteArray> {
        auto bytes = readRegularFile(bundle->filePath(ref.sha256), ref.size, QStringLiteral("files/%1").arg(ref.sha256));
        if (bytes && payloadRefOf(*bytes) != ref)
            return fail(ErrorCode::Parse, QStringLiteral("files/%1 does not hold what its name says").arg(ref.sha256));
        return bytes;
    }, trafficNote(m.notes));
    for (QWidget *page : {m_tabs->widget(0), m_tabs->widget(1), m_tabs->widget(2), m_tabs->widget(3),
                          static_cast<QWidget *>(m_recordedPolicy), static_cast<QWidget *>(m_traffic)})
        m_tabs->setTabVisible(m_tabs->indexOf(page), true);
    m_tabs->setTabVisible(m_tabs->indexOf(m_steps), false);
    m_tabs->setTabVisible(m_tabs->indexOf(m_agentView), false);
    m_tabs->setTabVisible(m_tabs->indexOf(m_diff), true);
    if (!m_tabs->isTabVisible(m_tabs->currentIndex()))
        m_tabs->setCurrentIndex(0);
}

void SessionsPanel::fillFiles()
{
    m_files->clear();
    const ExecSessionManifest &m = m_bundle->manifest;
    struct Entry
    {
        QString name;
        QString where;
        QString sha;
    };
    QList<Entry> entries;
    if (!m.entrypoint.isEmpty())
        entries.append({m.entrypoint, tr("entry"), m.entrySha256});
    for (auto it = m.workdirFiles.cbegin(); it != m.workdirFiles.cend(); ++it)
        entries.append({it.key(), tr("workdir"), it.value()});
    for (auto it = m.inputFiles.cbegin(); it != m.inputFiles.cend(); ++it)
        entries.append({it.key(), tr("input"), it.value()});
    // A workdir may hold thousands of files: their sizes are looked up on the thread pool.
    runInBackground(this, [bundle = m_bundle, entries] {
        QList<qint64> sizes;
        for (const Entry &entry : entries)
            sizes << QFileInfo(bundle->filePath(entry.sha)).size();
        return sizes;
    }, [this, bundle = m_bundle, entries](const QList<qint64> &sizes) {
        if (bundle != m_bundle)
            return; // another session is shown by now
        m_files->setUpdatesEnabled(false);
        QList<QTreeWidgetItem *> items;
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const Entry &entry = entries.at(i);
            auto *item = new QTreeWidgetItem({visibleText(entry.name), visibleText(entry.where), formatBytes(sizes.value(i)), entry.sha.left(16)});
            item->setToolTip(0, visibleText(entry.name));
            item->setToolTip(3, visibleText(entry.sha));
            item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
            items << item;
        }
        const ExecSessionManifest &manifest = bundle->manifest;
        if (!manifest.packageCacheName.isEmpty()) {
            auto *item = new QTreeWidgetItem({tr("npm packages (%n file(s))", nullptr, int(manifest.packageFileCount)),
                                              tr("packages"), formatBytes(manifest.packageBytes), QString()});
            item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
            items << item;
        }
        m_files->addTopLevelItems(items);
        m_files->setUpdatesEnabled(true);
        emit filesListed();
    });
}

void SessionsPanel::showSandboxSession()
{
    const SandboxSession &s = *m_sandbox;
    QStringList facts;
    facts << tr("Recorded %1").arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(s.recordedAtMs), QLocale::ShortFormat));
    facts << tr("image %1").arg(s.image);
    facts << tr("network %1").arg(networkKindName(s.network));
    facts << tr("%n step(s)", nullptr, int(s.steps.size()));
    if (!s.envNames.isEmpty())
        facts << tr("environment (names only): %1").arg(s.envNames.join(QLatin1Char(' ')));
    m_info->setText(QStringLiteral("<b>%1</b><br>%2").arg(visibleText(QFileInfo(m_title).fileName()).toHtmlEscaped(),
                                                          visibleText(facts.join(QStringLiteral(" \u00b7 "))).toHtmlEscaped()));
    m_steps->setSession(m_sandbox);
    m_traffic->setTraffic(s.trafficRecorded, s.traffic, [payloads = s.payloads](const SandboxPayloadRef &ref) {
        return payloads->load(ref, QStringLiteral("files/%1").arg(ref.sha256));
    });
    for (int i = 0; i < m_tabs->count(); ++i)
        m_tabs->setTabVisible(i, m_tabs->widget(i) == m_steps || m_tabs->widget(i) == m_traffic);
    m_tabs->setCurrentWidget(m_steps);
}

void SessionsPanel::showConsoleStream()
{
    if (!m_bundle)
        return;
    const QByteArray &bytes = m_consoleStream->currentIndex() == StdoutStream   ? m_bundle->stdoutData
                           : m_consoleStream->currentIndex() == StderrStream ? m_bundle->stderrData
                                                                              : m_bundle->rawStderr;
    // The recorded output is the code's: shown as the live console shows it, controls and bidi
    // overrides visible, never obeyed.
    m_console->setPlainText(visibleLines(QString::fromUtf8(bytes)));
}

void SessionsPanel::showError(const QString &message)
{
    // Errors quote the bundle (member names, paths): shown, not obeyed, and never as HTML.
    m_error->setText(visibleLines(message));
    m_error->show();
}

void SessionsPanel::setBusy(bool busy, const QString &what)
{
    m_busy->setVisible(busy);
    m_busyText->setText(busy ? visibleText(what) : QString());
    updateActions();
}

bool SessionsPanel::isReplaying() const
{
    return (m_replayer && m_replayer->isRunning()) || m_steps->isReplaying();
}

void SessionsPanel::updateActions()
{
    const bool replaying = isReplaying();
    const bool haveSession = m_bundle || m_sandbox || m_agent;
    m_openButton->setEnabled(!replaying);
    m_replayButton->setEnabled(haveSession && !replaying && !m_loading && !m_readingNames && (m_bundle || m_pool || (m_agent && m_workbench)));
    if (m_sandbox && !m_pool)
        m_replayButton->setToolTip(tr("Sandbox sessions replay in a fresh sandbox; no Docker engine is available"));
    m_stopButton->setEnabled(replaying);
    m_policy->setEnabled(!replaying && !m_sandbox && !m_agent);
}

} // namespace Sandbench
