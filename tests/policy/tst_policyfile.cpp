#include "policy/policyfile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

class TestPolicyFile : public QObject
{
    Q_OBJECT
private slots:
    void readsEveryKey()
    {
        const QByteArray json = R"({
  "sandbox": true,
  "permissions": {
    "deny_fs": true, "deny_net": true, "deny_env": false, "deny_run": true,
    "allow_read": ["./data/input.txt"], "allow_write": ["out"], "allow_net": ["api.example.com"],
    "allow_env": ["API_TOKEN"], "allow_run": ["git"], "allow_listen": ["127.0.0.1:8080"]
  },
  "options": {"seed": 42, "freeze_time": "2026-01-01T00:00:00Z", "timeout_ms": 5000,
              "max_memory_mb": 256, "max_output_bytes": 4096, "workdir": "/tmp",
              "read_only_dirs": ["/usr/share"], "allow_packages": ["papaparse@5"], "env": {"MODE": "test"}}
})";
        auto policy = parsePolicy(json, QStringLiteral("p.json"));
        QVERIFY2(policy.has_value(), qPrintable(policy ? QString() : policy.error().message));
        QVERIFY(policy->sandbox);
        QVERIFY(policy->permissions.denyFs);
        QVERIFY(!policy->permissions.denyEnv);
        QCOMPARE(policy->permissions.allowRead, QStringList{QStringLiteral("./data/input.txt")});
        QCOMPARE(policy->permissions.allowListen, QStringList{QStringLiteral("127.0.0.1:8080")});
        QCOMPARE(*policy->seed, quint64(42));
        QCOMPARE(*policy->freezeTimeMs, qint64(1767225600000));
        QCOMPARE(*policy->timeoutMs, qint64(5000));
        QCOMPARE(*policy->maxMemoryMb, 256);
        QCOMPARE(policy->maxOutputBytes, qint64(4096));
        QCOMPARE(policy->env.value(QStringLiteral("MODE")), QStringLiteral("test"));
        // Written and read back, nothing changes.
        auto again = parsePolicy(policyToJson(*policy), QStringLiteral("again.json"));
        QVERIFY(again.has_value());
        QCOMPARE(*again, *policy);
    }

    void errorsSayWhere_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("syntax") << QByteArray("{\n  \"permissions\": {\n    \"deny_fs\": tru\n  }\n}")
                                << QStringLiteral("p.json:3:16: illegal value");
        QTest::newRow("unknown key") << QByteArray("{\n  \"permissions\": {\n    \"alow_read\": []\n  }\n}")
                                     << QStringLiteral("p.json:3:5: unknown key \"alow_read\"");
        QTest::newRow("wrong type") << QByteArray("{\"permissions\": {\"allow_read\": \"/etc\"}}")
                                    << QStringLiteral("p.json:1:32: \"allow_read\" must be an array of strings");
        QTest::newRow("wrong item") << QByteArray("{\"permissions\": {\n\"allow_net\": [\"a.com\",\n  7]}}")
                                    << QStringLiteral("p.json:3:3: \"allow_net\" item 1 must be a string");
        QTest::newRow("bool") << QByteArray("{\"sandbox\": \"yes\"}") << QStringLiteral("p.json:1:13: \"sandbox\" must be true or false");
        QTest::newRow("top level") << QByteArray("[1]") << QStringLiteral("p.json:1:1: a policy must be a JSON object");
        QTest::newRow("reserved env") << QByteArray("{\"options\": {\"env\": {\"LD_PRELOAD\": \"x\"}}}")
                                      << QStringLiteral("p.json:1:22: 'LD_PRELOAD' is reserved");
        QTest::newRow("timeout") << QByteArray("{\"options\": {\"timeout_ms\": -5}}")
                                 << QStringLiteral("p.json:1:28: \"timeout_ms\" must be a whole number");
        QTest::newRow("freeze") << QByteArray("{\"options\": {\"freeze_time\": \"tomorrow\"}}")
                                << QStringLiteral("p.json:1:29: \"freeze_time\" must be ISO 8601");
        QTest::newRow("empty item") << QByteArray("{\"permissions\": {\"allow_read\": [\"\"]}}")
                                    << QStringLiteral("p.json:1:33: \"allow_read\" item 0 is empty");
    }

    void errorsSayWhere()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        auto policy = parsePolicy(json, QStringLiteral("p.json"));
        QVERIFY(!policy.has_value());
        QVERIFY2(policy.error().message.startsWith(expected), qPrintable(policy.error().message));
    }

    void columnsCountCharactersNotBytes()
    {
        const QByteArray json = "{\"options\": {\"env\": {\"A\": \"ü\"}}, \"x\": 1}";
        auto policy = parsePolicy(json, QStringLiteral("p.json"));
        QVERIFY(!policy.has_value());
        QVERIFY2(policy.error().message.startsWith(QStringLiteral("p.json:1:34: unknown key \"x\"")),
                 qPrintable(policy.error().message));
    }

    void mergeAddsFlagsToFile()
    {
        Policy file;
        file.permissions.allowRead = {QStringLiteral("/a")};
        file.timeoutMs = 1000;
        Policy flags;
        flags.sandbox = true;
        flags.permissions.allowRead = {QStringLiteral("/a"), QStringLiteral("/b")};
        flags.permissions.denyNet = true;
        flags.timeoutMs = 2000;
        file.merge(flags);
        QVERIFY(file.sandbox);
        QVERIFY(file.permissions.denyNet);
        QCOMPARE(file.permissions.allowRead, (QStringList{QStringLiteral("/a"), QStringLiteral("/b")}));
        QCOMPARE(*file.timeoutMs, qint64(2000));
    }

    void writesAtomically()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("policy.json"));
        Policy policy;
        policy.sandbox = true;
        policy.permissions.allowNet = {QStringLiteral("example.com")};
        QVERIFY(writePolicyFile(path, policy).has_value());
        auto read = readPolicyFile(path);
        QVERIFY(read.has_value());
        QCOMPARE(*read, policy);
        QVERIFY(!readPolicyFile(dir.filePath(QStringLiteral("missing.json"))).has_value());
    }

    void instants()
    {
        QCOMPARE(parseInstant(QStringLiteral("1767225600000")), std::optional<qint64>(1767225600000));
        QCOMPARE(parseInstant(QStringLiteral("2026-01-01T01:00:00+01:00")), std::optional<qint64>(1767225600000));
        QCOMPARE(parseInstant(QStringLiteral("2026-01-01")), std::optional<qint64>(1767225600000));
        QVERIFY(!parseInstant(QStringLiteral("2026-01-01T00:00:00")).has_value()); // no offset: host-dependent
        QVERIFY(!parseInstant(QStringLiteral("soon")).has_value());
    }
};

QTEST_GUILESS_MAIN(TestPolicyFile)
#include "tst_policyfile.moc"
