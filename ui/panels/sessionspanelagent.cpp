// The Sessions panel's agent sessions (sandbench-cli mcp's records of its clients): showing one,
// following a live one, and replaying it through the Workbench.
#include "sessionspanel.h"

#include "agentsessionview.h"
#include "common/terminaltext.h"
#include "livesessionslist.h"
#include "mcp/agentsessionreplayer.h"
#include "session/agent/agentsession.h"
#include "sessiondiffview.h"
#include "workbench/workbench.h"

#include <QFileInfo>
#include <QLabel>
#include <QTabWidget>

namespace Sandbench {

void SessionsPanel::setSessionsFolder(const QString &folder)
{
    m_live->setFolder(folder);
}

const AgentSession *SessionsPanel::agentSession() const
{
    return m_agent ? &m_agentView->session() : nullptr;
}

void SessionsPanel::showAgentSession(const AgentSession &session, const QList<AgentCallRow> &rows, bool live)
{
    m_agentView->setSession(session, rows, live);
    // The header is the view's (it changes as a followed session grows); the title line is ours.
    m_info->setText(QStringLiteral("<b>%1</b>").arg(visibleText(QFileInfo(m_title).fileName()).toHtmlEscaped()));
    for (int i = 0; i < m_tabs->count(); ++i)
        m_tabs->setTabVisible(i, m_tabs->widget(i) == m_agentView || m_tabs->widget(i) == m_diff);
    m_tabs->setCurrentWidget(m_agentView);
}

void SessionsPanel::replayAgentSession(const ReplayValues &values)
{
    if (!m_workbench)
        return;
    // What was read so far: a live session replays up to its last call shown.
    setBusy(true, tr("Replaying the agent session\u2026"));
    delete m_replayer;
    AgentReplayOptions options;
    options.exec.env = values;
    m_replayer = new AgentSessionReplayer(m_agentView->session(), m_workbench, options, this);
    connect(m_replayer, &SessionReplayer::finished, this, &SessionsPanel::onReplayFinished);
    connect(m_replayer, &SessionReplayer::failed, this, &SessionsPanel::onReplayFailed);
    connect(m_replayer, &SessionReplayer::progress, this, [this](qint64 done, qint64 total) {
        m_busyText->setText(tr("Replaying call %1 of %2…").arg(qMin(done + 1, total)).arg(total));
    });
    m_replayer->start();
    updateActions();
}

} // namespace Sandbench
