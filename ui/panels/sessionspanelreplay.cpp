// The Sessions panel's replays: the policy a replay runs under, the confirmation a wider one
// needs, starting and stopping, and showing how it ended.
#include "sessionspanel.h"

#include "common/background.h"
#include "common/terminaltext.h"
#include "agentsessionview.h"
#include "mcp/agentsessionreplayer.h"
#include "policy/policyfile.h"
#include "replayvaluesdialog.h"
#include "sandboxsessionview.h"
#include "session/exec/execreplaypolicy.h"
#include "session/exec/execsession.h"
#include "session/exec/execsessionreplayer.h"
#include "sessiondiffview.h"
#include "trafficview.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>

namespace Sandbench {

bool SessionsPanel::setReplayPolicyFile(const QString &path, QString *error)
{
    if (!path.isEmpty()) {
        auto policy = readPolicyFile(path);
        if (!policy) {
            if (error)
                *error = policy.error().message;
            return false;
        }
    }
    m_replayPolicyPath = path;
    m_useEditorPolicy = false;
    // Items: the recorded policy, the editor's, "Policy file…", then the file chosen.
    const QSignalBlocker blocker(m_policy);
    while (m_policy->count() > 3)
        m_policy->removeItem(3);
    if (path.isEmpty()) {
        m_policy->setCurrentIndex(0);
    } else {
        m_policy->addItem(visibleText(QFileInfo(path).fileName()), path);
        m_policy->setItemData(3, visibleText(path), Qt::ToolTipRole);
        m_policy->setCurrentIndex(3);
    }
    return true;
}

void SessionsPanel::setEditorPolicySource(std::function<Result<Policy>()> source)
{
    m_editorPolicy = std::move(source);
    updateActions();
}

void SessionsPanel::replayUnderEditorPolicy()
{
    if (!m_editorPolicy || isReplaying() || m_loading)
        return;
    chooseReplayPolicy(1);
    replay();
}

void SessionsPanel::chooseReplayPolicy(int index)
{
    if (index == 0) {
        setReplayPolicyFile({});
    } else if (index == 1) {
        if (!m_editorPolicy) {
            setReplayPolicyFile(m_replayPolicyPath);
            return;
        }
        const QSignalBlocker blocker(m_policy);
        m_useEditorPolicy = true;
        m_policy->setCurrentIndex(1);
    } else if (index == 2) {
        const QString path = QFileDialog::getOpenFileName(this, tr("Replay Under Policy"), QFileInfo(m_replayPolicyPath).path(),
                                                          tr("Policies (*.json);;All files (*)"));
        QString error;
        if (path.isEmpty() || !setReplayPolicyFile(path, &error)) {
            if (!error.isEmpty())
                showError(tr("Cannot use that policy: %1").arg(error));
            setReplayPolicyFile(m_replayPolicyPath);
        }
    }
}

ReplayValuesDialog *SessionsPanel::replayValuesDialog() const
{
    return m_valuesDialog;
}

void SessionsPanel::replay()
{
    if (isReplaying() || m_loading || m_readingNames)
        return;
    if (m_valuesDialog) {
        m_valuesDialog->raise();
        m_valuesDialog->activateWindow();
        return;
    }
    if (m_agent && m_workbench) {
        // Each code.run's names are in its own exec session: file work, off the event loop.
        m_readingNames = true;
        setBusy(true, tr("Reading which values the session needs\u2026"));
        const StaleGuard::Ticket ticket = m_names.next();
        runInBackground(this, [session = agentSession() ? *agentSession() : AgentSession()] { return AgentSessionReplayer::valueNames(session); },
                        [this, ticket](const Result<ReplayValueNames> &names) {
            if (!m_names.isCurrent(ticket))
                return;
            m_readingNames = false;
            setBusy(false);
            if (!names) {
                showError(tr("The replay could not run: %1").arg(names.error().message));
                updateActions();
                return;
            }
            askForValues(*names);
        });
        return;
    }
    ReplayValueNames names;
    if (m_sandbox)
        names = replayValueNames(*m_sandbox);
    else if (m_bundle)
        names = replayValueNames(m_bundle->manifest);
    askForValues(names);
}

void SessionsPanel::askForValues(const ReplayValueNames &names)
{
    // Only values the run had ask first; a host variable the replay can do without does not
    // stop every replay of a session that could read one.
    if (names.required.isEmpty()) {
        replayWith({});
        return;
    }
    auto *dialog = new ReplayValuesDialog(names, this);
    m_valuesDialog = dialog;
    // Deleted once closed: the values it held go with it, after the replay took its copy.
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { replayWith(dialog->values()); });
    dialog->open();
}

void SessionsPanel::replayWith(const ReplayValues &values)
{
    if (isReplaying() || m_loading)
        return;
    m_error->hide();
    if (m_sandbox) {
        if (!m_pool) {
            showError(tr("Sandbox sessions replay in a fresh sandbox, and no Docker engine is available."));
            return;
        }
        setBusy(true, tr("Replaying in a fresh sandbox\u2026"));
        m_steps->replay(values);
        updateActions();
        return;
    }
    if (m_agent) {
        replayAgentSession(values);
        return;
    }
    if (!m_bundle || !m_workbench)
        return;
    ExecReplayOptions options;
    options.env = values;
    if (m_useEditorPolicy || !m_replayPolicyPath.isEmpty()) {
        // Read again: the file (or the editor) may have been edited since it was chosen.
        // m_useEditorPolicy is only set while there is an editor to ask (chooseReplayPolicy).
        auto policy = m_useEditorPolicy ? m_editorPolicy() : readPolicyFile(m_replayPolicyPath);
        if (!policy) {
            showError(m_useEditorPolicy ? tr("The policy in the editor has an error: %1").arg(policy.error().message)
                                        : tr("Cannot use that policy: %1").arg(policy.error().message));
            return;
        }
        options.policy = *policy;
        // In the user's language, the entries quoted apart as data.
        QStringList wider;
        for (const ReplayNote &entry : wideningEntries(*policy, containedReplayPolicy(m_bundle->manifest), m_bundle->manifest))
            wider << entry.translated();
        if (!wider.isEmpty()) {
            if (!confirmWiderPolicy(wider))
                return;
            options.allowWiderPolicy = true;
        }
    }
    setBusy(true, tr("Replaying offline\u2026"));
    delete m_replayer;
    m_replayer = m_workbench->execReplayer(*m_bundle, options, this);
    connect(m_replayer, &SessionReplayer::finished, this, &SessionsPanel::onReplayFinished);
    connect(m_replayer, &SessionReplayer::failed, this, &SessionsPanel::onReplayFailed);
    m_replayer->start();
    updateActions();
}

void SessionsPanel::setWiderPolicyConfirmation(std::function<bool(const QStringList &)> confirm)
{
    m_confirmWider = std::move(confirm);
}

bool SessionsPanel::confirmWiderPolicy(const QStringList &entries)
{
    if (m_confirmWider)
        return m_confirmWider(entries);
    QStringList shown;
    for (const QString &entry : entries.mid(0, 12))
        shown << visibleText(entry);
    if (entries.size() > shown.size())
        shown << tr("and %n more", nullptr, int(entries.size() - shown.size()));
    QMessageBox box(QMessageBox::Warning, tr("Replay Under a Wider Policy?"),
                    tr("The replay policy grants more than the session holds. The recorded code would get:"),
                    QMessageBox::Cancel, this);
    box.setInformativeText(shown.join(QLatin1Char('\n')));
    QPushButton *replay = box.addButton(tr("Replay with These Grants"), QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == replay;
}

void SessionsPanel::stopReplay()
{
    if (m_replayer)
        m_replayer->cancel();
    m_steps->stopReplay();
}

void SessionsPanel::onReplayFinished(const ReplayReport &report)
{
    m_report = report;
    setBusy(false);
    // A network divergence is marked in the Network tab too, the replay's request beside the
    // recorded one.
    m_traffic->clearDivergence();
    bool requestShown = false;
    for (const Divergence &d : report.divergences) {
        if (d.stream == ReplayStream::Network)
            requestShown = m_traffic->showDivergence(d) && d.madeRequest;
    }
    if (m_bundle || m_agent) {
        m_bundle ? m_diff->setComparison(*m_bundle, report) : m_diff->setCallComparison(report);
        // A request that differs is the report's first divergence (what was printed differs
        // because of it): brought forward where both requests show whole.
        const bool requestFirst = requestShown && report.divergences.constFirst().stream == ReplayStream::Network;
        m_tabs->setCurrentWidget(requestFirst ? static_cast<QWidget *>(m_traffic) : m_diff);
    }
    updateActions();
    emit replayFinished(report);
}

void SessionsPanel::onReplayFailed(const Error &error)
{
    setBusy(false);
    showError(tr("The replay could not run: %1").arg(error.message));
    updateActions();
    emit replayFailed(error.message);
}

} // namespace Sandbench
