#include "exec/runasker.h"

#include "approvals/approvalbroker.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRegularExpression>

#include <utility>

namespace Sandbench {

RunAsker::RunAsker(const QString &runId, qint64 timeoutMs, QObject *parent)
    : QObject(parent), m_runId(runId), m_timeoutMs(timeoutMs)
{
}

RunAsker::~RunAsker()
{
    close();
}

VoidResult RunAsker::listen()
{
    m_approvals = new ApprovalBroker(this);
    QString name = QStringLiteral("run-%1").arg(m_runId);
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")), QStringLiteral("_"));
    return m_approvals->listen(name.left(64));
}

QString RunAsker::socketPath() const
{
    return m_approvals ? m_approvals->socketPath() : QString();
}

PermissionBroker::Asker RunAsker::asker()
{
    return [this](const PermissionBroker::AskQuestion &question, PermissionBroker::Reply reply) {
        // A posted event: the broker's thread goes straight back to waiting on its slot.
        QMetaObject::invokeMethod(this, [this, question, reply] { ask(question, reply); }, Qt::QueuedConnection);
    };
}

void RunAsker::ask(const PermissionBroker::AskQuestion &question, const PermissionBroker::Reply &reply)
{
    using Outcome = PermissionBroker::AskAnswer::Outcome;
    if (m_closed || !m_approvals) {
        reply({Outcome::Withdrawn, {}, {}});
        return;
    }
    ApprovalRequest request;
    request.server = QStringLiteral("run %1 pid %2").arg(m_runId).arg(QCoreApplication::applicationPid());
    request.session = m_runId;
    request.tool = question.kind;
    // Data for the person to read, never markup or a command: approvers show it as text.
    request.arguments = {{QStringLiteral("kind"), question.kind},
                         {QStringLiteral("resource"), question.resource},
                         {QStringLiteral("action"), question.action},
                         {QStringLiteral("entry"), question.entry}};
    request.timeoutMs = int(m_timeoutMs);
    request.heldBy = question.entry;
    request.allowForRun = true;
    auto id = std::make_shared<QString>();
    auto asked = m_approvals->ask(request, this, [this, id, reply](const ApprovalDecision &decision) {
        m_replies.remove(*id);
        PermissionBroker::AskAnswer answer;
        answer.by = decision.by;
        answer.reason = decision.reason;
        switch (decision.outcome) {
        case ApprovalOutcome::Approved:
            answer.outcome = decision.forRun ? Outcome::ForRun : Outcome::Once;
            break;
        case ApprovalOutcome::Edited: // a path or host a person typed is not what the code asked
        case ApprovalOutcome::Refused:
        case ApprovalOutcome::EndSession:
            answer.outcome = Outcome::Refused;
            break;
        case ApprovalOutcome::TimedOut:
            answer.outcome = Outcome::TimedOut;
            break;
        case ApprovalOutcome::Withdrawn:
            answer.outcome = Outcome::Withdrawn;
            break;
        }
        reply(answer);
    });
    if (!asked) {
        reply({Outcome::Refused, {}, asked.error().message});
        return;
    }
    *id = *asked;
    m_replies.insert(*asked, reply);
}

void RunAsker::close()
{
    if (m_closed)
        return;
    m_closed = true;
    // withdraw() tells nobody (its owner is gone, as far as it knows): the waiting checks are
    // told here, so no broker thread waits for a deadline on a run that ended.
    const auto replies = std::exchange(m_replies, {});
    if (m_approvals)
        m_approvals->withdrawAll();
    for (const PermissionBroker::Reply &reply : replies)
        reply({PermissionBroker::AskAnswer::Outcome::Withdrawn, {}, {}});
    delete m_approvals; // removes the socket
    m_approvals = nullptr;
}

} // namespace Sandbench
