#pragma once

// What the permission broker's socket tests share: a policy over a temporary tree, an audit sink
// as the engine has one, and a broker with a client connected to it.

#include "brokerclient.h"

#include "exec/permissionbroker.h"

#include <QJsonObject>
#include <QTemporaryDir>

#include <mutex>

namespace Sandbench::Test {

// Bounds on waits, never the reason a test passes: a correct broker answers in microseconds.
constexpr int answerTimeoutMs = 5000;
constexpr qint64 promptStopMs = 2000;

// work/a.txt, ro/b.txt and outside/secret.txt under a fresh folder; the policy reads ro, writes
// out, reaches example.com:443, reads FOO, runs sh.
struct Fixture
{
    QTemporaryDir dir;
    QString root;

    Fixture();
    QString path(const QString &relative) const { return root + QLatin1Char('/') + relative; }
    QString socketPath() const { return path(QStringLiteral("broker.sock")); }
    QString auditPath() const { return path(QStringLiteral("audit.jsonl")); }
    PolicyMatcher matcher(bool sandbox) const;
};

// The audit sink as the engine has it: called on the broker's thread.
struct Sink
{
    std::mutex mutex;
    QList<AuditEvent> events;
    PermissionBroker::EventSink callback();
    qsizetype size();
};

QList<AuditEvent> auditLines(const QString &path);
QJsonObject parseAnswer(const QByteArray &line);

// Checks that `event` is the broker's refusal number `seq` of a line, saying `why`.
void checkRefusal(const AuditEvent &event, quint64 seq, const QString &why);

// A broker serving `fixture` with an audit log, and a client connected to it.
struct Conversation
{
    Sink sink;
    PermissionBroker broker;
    BrokerClient client;
    Conversation(const Fixture &fixture, bool sandbox, const QString &auditPath);
};

} // namespace Sandbench::Test
