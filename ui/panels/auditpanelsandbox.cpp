// The audit browser on a sandbox's connections (network allow): shown live from the Workbench,
// and "Allow this" on a denied one adds its host to that sandbox's list for the next create.
#include "auditpanel.h"

#include "common/terminaltext.h"
#include "models/auditlogmodel.h"
#include "workbench/workbench.h"

#include <QLocale>

namespace Sandbench {

void AuditPanel::showSandbox(Workbench *workbench, const QString &sandboxId, const QStringList &allowList)
{
    leaveSandbox();
    m_sandboxId = sandboxId;
    m_sandboxAllow = allowList;
    m_model->setCodeName(tr("sandbox %1").arg(sandboxId.left(12)));
    m_model->setEvents(workbench->sandboxConnections(sandboxId));
    // Each new connection as the proxy decides it, like a run's decisions, and its end with the
    // figures when it closes.
    m_sandboxFeed = connect(workbench, &Workbench::sandboxConnection, this, [this](const QString &id, const AuditEvent &event) {
        if (id == m_sandboxId)
            m_model->appendEvents({event});
    });
    updateAllowButton();
}

void AuditPanel::leaveSandbox()
{
    disconnect(m_sandboxFeed);
    m_sandboxId.clear();
    m_sandboxAllow.clear();
}

bool AuditPanel::isAllowableConnection(const AuditEvent &event)
{
    // A connection the proxy refused, named host:port; not the proxy's own end ("proxy").
    return !event.allowed && !event.unreadable && event.kind == QLatin1String("net") && event.action == QLatin1String("connect")
           && !event.resource.isEmpty() && event.resource != QLatin1String("-");
}

QString AuditPanel::sandboxDetailsText(const AuditEvent &event) const
{
    // The proxy's words and the list's entries are data: quoted on a line of their own.
    const QString seq = QLocale().toString(event.seq);
    const QString rule = visibleText(event.rule.isEmpty() ? tr("(no rule named)") : event.rule);
    QString text = !event.isDecision() ? tr("#%1 closed: a connection allowed by %2.").arg(seq, rule)
                   : event.allowed     ? tr("#%1 allowed by %2.").arg(seq, rule)
                                       : tr("#%1 denied by %2.").arg(seq, rule);
    if (isAllowableConnection(event) && !m_sandboxAllow.contains(event.resource))
        text += QStringLiteral(" \u00b7 ") + tr("Allow this adds %1 to the list of the next new sandbox").arg(visibleText(event.resource));
    if (!event.reason.isEmpty())
        text += QLatin1Char('\n') + tr("The proxy's reason: %1").arg(visibleText(event.reason)); // a sentence of ours, which quotes the host itself
    if (event.bytesOut >= 0 && event.bytesIn >= 0)
        text += QLatin1Char('\n') + tr("%1 bytes out, %2 bytes in, %3 ms").arg(QLocale().toString(event.bytesOut), QLocale().toString(event.bytesIn),
                                                                          QLocale().toString(std::max<qint64>(0, event.durationMs)));
    return text;
}

QString AuditPanel::sandboxAllowBlocker(const QList<AuditEvent> &events) const
{
    if (events.isEmpty())
        return m_model->rowCount() == 0 ? tr("The sandbox has made no connection yet.")
                                        : tr("Select a denied connection first (arrow keys or a click).");
    for (const AuditEvent &e : events) {
        if (isAllowableConnection(e) && !m_sandboxAllow.contains(e.resource))
            return {};
    }
    if (events.size() == 1) {
        const AuditEvent &e = events.first();
        const QString seq = QLocale().toString(e.seq);
        if (e.allowed)
            return tr("#%1 was allowed: there is nothing to allow.").arg(seq);
        if (isAllowableConnection(e))
            return tr("%1 is in the sandbox's list already.").arg(visibleText(e.resource));
        return tr("#%1 is not a connection a host can be allowed for.").arg(seq);
    }
    return tr("The selected rows hold no denied connection to allow.");
}

} // namespace Sandbench
