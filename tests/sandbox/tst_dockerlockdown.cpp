// The provider refuses a container whose engine dropped or changed a layer it asked for (a
// kernel without the pids or memory cgroup makes Docker discard that limit with a warning).
// The positive path runs against the real engine in every Docker test: a create whose inspected
// HostConfig did not match would fail them all.
#include "sandbox/docker/dockerlockdown.h"

#include <QJsonArray>
#include <QTest>

using namespace Sandbench;

namespace {

QJsonObject asked()
{
    return QJsonObject{
        {QStringLiteral("NetworkMode"), QStringLiteral("none")},
        {QStringLiteral("CapDrop"), QJsonArray{QStringLiteral("ALL")}},
        {QStringLiteral("CapAdd"), QJsonArray{QStringLiteral("SETPCAP"), QStringLiteral("SETUID"), QStringLiteral("KILL")}},
        {QStringLiteral("SecurityOpt"), QJsonArray{QStringLiteral("no-new-privileges")}},
        {QStringLiteral("ReadonlyRootfs"), true},
        {QStringLiteral("Privileged"), false},
        {QStringLiteral("NanoCpus"), qint64(1'000'000'000)},
        {QStringLiteral("Memory"), qint64(1024) * 1024 * 1024},
        {QStringLiteral("MemorySwap"), qint64(1024) * 1024 * 1024},
        {QStringLiteral("PidsLimit"), 256},
    };
}

} // namespace

class TestDockerLockDown : public QObject
{
    Q_OBJECT

private slots:
    void whatWasAskedForHolds()
    {
        QJsonObject engine = asked();
        // The engine's own spelling and additions change nothing.
        engine.insert(QStringLiteral("CapAdd"), QJsonArray{QStringLiteral("kill"), QStringLiteral("SETUID"), QStringLiteral("setpcap")});
        engine.insert(QStringLiteral("SecurityOpt"), QJsonArray{QStringLiteral("seccomp=unconfined-not-ours"), QStringLiteral("no-new-privileges")});
        engine.insert(QStringLiteral("PidsLimit"), 256.0);
        engine.insert(QStringLiteral("CgroupnsMode"), QStringLiteral("private"));
        QVERIFY(verifyDockerLockDown(asked(), engine).has_value());
    }

    void aDroppedOrChangedLayerIsRefused_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value"); // undefined: the engine dropped the key
        QTest::addColumn<QString>("layer");
        QTest::newRow("pids limit discarded") << "PidsLimit" << QJsonValue(QJsonValue::Null) << "pids cgroup";
        QTest::newRow("pids limit zero") << "PidsLimit" << QJsonValue(0) << "pids cgroup";
        QTest::newRow("memory limit discarded") << "Memory" << QJsonValue(0) << "memory cgroup";
        QTest::newRow("swap on top") << "MemorySwap" << QJsonValue(-1) << "memory cgroup (no swap)";
        QTest::newRow("cpu") << "NanoCpus" << QJsonValue(0) << "CPU limit";
        QTest::newRow("writable root") << "ReadonlyRootfs" << QJsonValue(false) << "read-only root";
        QTest::newRow("privileged") << "Privileged" << QJsonValue(true) << "unprivileged container";
        QTest::newRow("network") << "NetworkMode" << QJsonValue(QStringLiteral("host")) << "network";
        QTest::newRow("no-new-privileges gone") << "SecurityOpt" << QJsonValue(QJsonArray()) << "no-new-privileges";
        QTest::newRow("a capability more") << "CapAdd"
                                           << QJsonValue(QJsonArray{QStringLiteral("SETPCAP"), QStringLiteral("SETUID"),
                                                                    QStringLiteral("KILL"), QStringLiteral("SYS_ADMIN")})
                                           << "capabilities";
        QTest::newRow("nothing dropped") << "CapDrop" << QJsonValue(QJsonArray()) << "capabilities";
        QTest::newRow("key missing") << "ReadonlyRootfs" << QJsonValue(QJsonValue::Undefined) << "read-only root";
    }

    void aDroppedOrChangedLayerIsRefused()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, layer);
        QJsonObject engine = asked();
        if (value.isUndefined())
            engine.remove(key);
        else
            engine.insert(key, value);
        const auto held = verifyDockerLockDown(asked(), engine);
        QVERIFY(!held);
        QCOMPARE(held.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(held.error().message.contains(QStringLiteral("the sandbox's %1 layer").arg(layer)),
                 qPrintable(held.error().message));
    }

    void hostileEngineTextIsShownInert()
    {
        QJsonObject engine = asked();
        engine.insert(QStringLiteral("NetworkMode"), QStringLiteral("evil\x1b[2J\u202Egnp.sh"));
        const auto held = verifyDockerLockDown(asked(), engine);
        QVERIFY(!held);
        QVERIFY(!held.error().message.contains(QChar(0x1b)));
        QVERIFY(!held.error().message.contains(QChar(0x202E)));
    }
};

QTEST_GUILESS_MAIN(TestDockerLockDown)
#include "tst_dockerlockdown.moc"
