#include "brokerfixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTest>

namespace Sandbench::Test {

Fixture::Fixture() : root(QFileInfo(dir.path()).canonicalFilePath())
{
    for (const char *sub : {"work", "ro", "out", "outside"})
        QDir().mkpath(root + QLatin1Char('/') + QLatin1String(sub));
    for (const char *file : {"work/a.txt", "ro/b.txt", "outside/secret.txt"}) {
        QFile f(root + QLatin1Char('/') + QLatin1String(file));
        f.open(QIODevice::WriteOnly);
        f.write("x");
    }
}

PolicyMatcher Fixture::matcher(bool sandbox) const
{
    Policy policy;
    policy.sandbox = sandbox;
    policy.permissions.allowRead = {path(QStringLiteral("ro"))};
    policy.permissions.allowWrite = {path(QStringLiteral("out"))};
    policy.permissions.allowNet = {QStringLiteral("example.com:443")};
    policy.permissions.allowEnv = {QStringLiteral("FOO")};
    policy.permissions.allowRun = {QStringLiteral("sh")};
    policy.env.insert(QStringLiteral("BAR"), QStringLiteral("1"));
    return PolicyMatcher({policy, root, path(QStringLiteral("work")), {}, {}, {auditPath()}});
}

PermissionBroker::EventSink Sink::callback()
{
    return [this](const AuditEvent &event) {
        std::lock_guard lock(mutex);
        events.append(event);
    };
}

qsizetype Sink::size()
{
    std::lock_guard lock(mutex);
    return events.size();
}

QList<AuditEvent> auditLines(const QString &path)
{
    QFile file(path);
    QList<AuditEvent> out;
    if (!file.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : file.readAll().split('\n')) {
        AuditEvent event;
        if (!line.isEmpty() && AuditEvent::fromJsonLine(line, &event))
            out << event;
    }
    return out;
}

QJsonObject parseAnswer(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    return error.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
}

void checkRefusal(const AuditEvent &event, quint64 seq, const QString &why)
{
    QCOMPARE(event.seq, seq);
    QCOMPARE(event.kind, QStringLiteral("broker"));
    QCOMPARE(event.action, QStringLiteral("refuse"));
    QCOMPARE(event.rule, QStringLiteral("protocol"));
    QVERIFY(!event.allowed);
    QVERIFY2(event.reason.startsWith(QLatin1String("permission denied: ")) && event.reason.contains(why),
             qPrintable(event.reason));
}

Conversation::Conversation(const Fixture &fixture, bool sandbox, const QString &auditPath)
    : broker(fixture.matcher(sandbox), sink.callback())
{
    if (!auditPath.isEmpty() && !broker.openAuditLog(auditPath))
        return;
    if (!broker.start(fixture.socketPath()))
        return;
    client.connectTo(fixture.socketPath());
}

} // namespace Sandbench::Test
