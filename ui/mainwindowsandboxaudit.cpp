// The sandboxes panel and the audit browser: a sandbox's connections shown live, and "Allow
// this" on a denied one remembered for the next create.
#include "mainwindow.h"

#include "common/terminaltext.h"
#include "panels/auditpanel.h"
#include "panels/sandboxespanel.h"
#include "sandbox/sandbox.h"
#include "workbench/workbench.h"

#include <QStatusBar>

namespace Sandbench {

void MainWindow::connectSandboxAudit()
{
    connect(m_sandboxes, &SandboxesPanel::currentSandboxChanged, this, [this](Sandbox *sandbox) {
        // Only a sandbox with an allow list has connections on the record.
        if (sandbox && sandbox->options().network.kind == NetworkKind::Domains)
            m_audit->showSandbox(m_workbench, sandbox->id(), sandbox->options().network.domains);
    });
    connect(m_audit, &AuditPanel::sandboxAllowRequested, this,
            [this](const QString &, const QStringList &allowList, const QStringList &hosts) {
        if (hosts.isEmpty())
            return;
        m_sandboxes->allowForNextCreate(allowList, hosts);
        statusBar()->showMessage(visibleText(tr("The next new sandbox allows %1 too (Sandboxes, New…)").arg(hosts.join(QStringLiteral(", ")))), 10000);
    });
}

} // namespace Sandbench
