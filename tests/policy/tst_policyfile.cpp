#include "policy/policyfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Sandbench;

class TestPolicyFile : public QObject
{
    Q_OBJECT
private slots:
    // Strict JSON with the exact character of each error, BOM and escapes included.
    void strictSyntaxAtExactPosition_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("duplicate key") << QByteArray("{\"sandbox\": true,\n \"sandbox\": false}")
                                       << QStringLiteral("p.json:2:2: duplicate key \"sandbox\" on line 2 (first on line 1)");
        QTest::newRow("duplicate escaped key") << QByteArray("{\"sandbox\": true, \"sandb\\u006fx\": false}")
                                               << QStringLiteral("p.json:1:19: duplicate key \"sandbox\"");
        QTest::newRow("duplicate nested") << QByteArray("{\"permissions\": {\"deny_fs\": true,\n   \"deny_fs\": false}}")
                                          << QStringLiteral("p.json:2:4: duplicate key \"deny_fs\"");
        QTest::newRow("raw newline") << QByteArray("{\"options\": {\"workdir\": \"/tmp\nx\"}}")
                                     << QStringLiteral("p.json:1:25: unclosed string starting on line 1, column 25");
        QTest::newRow("bom then error") << QByteArray("\xEF\xBB\xBF{\"sandbox\": tru}")
                                        << QStringLiteral("p.json:1:13: unknown word 'tru'");
        QTest::newRow("bom then unknown") << QByteArray("\xEF\xBB\xBF{\"sandbx\": true}")
                                          << QStringLiteral("p.json:1:2: unknown key \"sandbx\"");
        QTest::newRow("escaped key unknown") << QByteArray("{\"permissions\": {\"allow\\u005fwrit\": []}}")
                                             << QStringLiteral("p.json:1:18: unknown key \"allow_writ\"");
        QTest::newRow("missing colon") << QByteArray("{\"sandbox\" true}") << QStringLiteral("p.json:1:11: missing ':' after the key \"sandbox\" on line 1");
        QTest::newRow("missing comma") << QByteArray("{\"sandbox\": true \"options\": {}}") << QStringLiteral("p.json:1:17: missing comma after the value on line 1");
        QTest::newRow("trailing comma") << QByteArray("{\"sandbox\": true,}") << QStringLiteral("p.json:1:17: trailing comma before '}' on line 1");
        QTest::newRow("array comma") << QByteArray("{\"permissions\": {\"allow_read\": [\"a\" \"b\"]}}") << QStringLiteral("p.json:1:36: missing comma after the value on line 1");
        QTest::newRow("bad number") << QByteArray("{\"options\": {\"seed\": 01}}") << QStringLiteral("p.json:1:22: not a valid number");
        QTest::newRow("unclosed string") << QByteArray("{\"sandbox") << QStringLiteral("p.json:1:2: unclosed string starting on line 1, column 2");
        QTest::newRow("unclosed object") << QByteArray("{\"sandbox\": true") << QStringLiteral("p.json:1:17: unclosed '{' on line 1: the document ends before its '}'");
        QTest::newRow("bad escape") << QByteArray("{\"options\": {\"workdir\": \"a\\qb\"}}") << QStringLiteral("p.json:1:27: unknown escape");
        QTest::newRow("garbage after") << QByteArray("{} x") << QStringLiteral("p.json:1:4: unexpected 'x' on line 1 after the end of the document");
        QTest::newRow("empty") << QByteArray("  ") << QStringLiteral("p.json:1:3: the document is empty");
        // Found by fuzz_policy: invalid UTF-8 in a value passed the scanner and Qt's parser then
        // refused it without an exact position.
        QTest::newRow("huge number") << QByteArray("{\"options\": {\"max_output_bytes\": 704e5786}}")
                                     << QStringLiteral("p.json:1:34: the number is out of range");
        QTest::newRow("bad utf-8") << QByteArray("{\"options\": {\"workdir\": \"2026-0\xf3" "1\"}}")
                                   << QStringLiteral("p.json:1:32: the string is not valid UTF-8");
    }

    void strictSyntaxAtExactPosition()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        auto policy = parsePolicy(json, QStringLiteral("p.json"));
        QVERIFY(!policy.has_value());
        QVERIFY2(policy.error().message.startsWith(expected), qPrintable(policy.error().message));
    }

    // Every entry is checked where it stands: a rule that can never match, or a root that grants
    // a whole system tree, is refused at its line and column.
    void entriesRefusedWhereTheyStand_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        for (const char *bad : {"a..b", "*.*", "evil.com/path", "user@evil.com", "https://trusted.com@evil.com", "-x.com"}) {
            QTest::newRow(bad) << (QByteArray("{\"permissions\": {\n  \"allow_net\": [\"ok.com\", \"") + bad + "\"]}}")
                               << QStringLiteral("p.json:2:27: \"allow_net\" item 1 (%1)").arg(QLatin1String(bad));
        }
        QTest::newRow("listen") << QByteArray("{\"permissions\": {\"allow_listen\": [\"a b\"]}}")
                                << QStringLiteral("p.json:1:35: \"allow_listen\" item 0");
        for (const char *root : {"/", "/proc", "/proc/self", "/sys", "/dev", "/home", "/root", "/tmp/.."}) {
            QTest::newRow(root) << (QByteArray("{\"permissions\": {\"allow_read\": [\"") + root + "\"]}}")
                                << QStringLiteral("p.json:1:33: \"allow_read\" item 0 (%1)").arg(QLatin1String(root));
        }
        QTest::newRow("write root") << QByteArray("{\"permissions\": {\"allow_write\": [\"/\"]}}")
                                    << QStringLiteral("p.json:1:34: \"allow_write\" item 0 (/)");
        QTest::newRow("home") << QByteArray("{\"options\": {\"read_only_dirs\": [\"/srv/me\"]}}")
                              << QStringLiteral("p.json:1:33: \"read_only_dirs\" item 0 (/srv/me): a whole home folder");
        QTest::newRow("huge seed") << QByteArray("{\"options\": {\"seed\": 5.55556e+19}}")
                                   << QStringLiteral("p.json:1:22: \"seed\" must be a whole number");
        QTest::newRow("huge instant number") << QByteArray("{\"options\": {\"freeze_time\": 1e300}}")
                                             << QStringLiteral("p.json:1:29: \"freeze_time\" must be");
        QTest::newRow("huge instant") << QByteArray("{\"options\": {\"freeze_time\": 9999999999999999}}")
                                      << QStringLiteral("p.json:1:29: \"freeze_time\" must be");
        // Characters that make an entry read one way and match another (found by fuzz_policy: a
        // leading U+FEFF that Qt's parser keeps only when the string has an escape, so the policy
        // did not read back as written).
        QTest::newRow("bom in path") << QByteArray("{\"permissions\": {\"allow_read\": [\"\\ufeff/etc\"]}}")
                                     << QStringLiteral("p.json:1:33: \"allow_read\" item 0 holds the control or invisible character U+FEFF");
        QTest::newRow("bidi in host") << QByteArray("{\"permissions\": {\"allow_net\": [\"ok.com\\u202e\"]}}")
                                      << QStringLiteral("p.json:1:32: \"allow_net\" item 0 holds the control or invisible character U+202E");
        QTest::newRow("escape in workdir") << QByteArray("{\"options\": {\"workdir\": \"w\\u001b[2J\"}}")
                                           << QStringLiteral("p.json:1:25: \"workdir\" holds the control or invisible character U+001B");
        QTest::newRow("lone surrogate") << QByteArray("{\"permissions\": {\"allow_run\": [\"a\\ud800\"]}}")
                                        << QStringLiteral("p.json:1:32: \"allow_run\" item 0 holds the control or invisible character U+D800");
    }

    void entriesRefusedWhereTheyStand()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        PolicyParseOptions options;
        options.homeDir = QStringLiteral("/srv/me");
        options.baseDir = QStringLiteral("/tmp");
        auto policy = parsePolicy(json, QStringLiteral("p.json"), options);
        QVERIFY(!policy.has_value());
        QVERIFY2(policy.error().message.startsWith(expected), qPrintable(policy.error().message));
    }

    // A character outside the BMP (a surrogate pair) is one character, not a hidden one.
    void namesOutsideTheBmpAreFine()
    {
        auto policy = parsePolicy(QByteArray("{\"permissions\": {\"allow_read\": [\"/srv/\xf0\x9f\x93\x81" "data\"]}}"), QStringLiteral("p.json"));
        QVERIFY2(policy.has_value(), policy ? "" : qPrintable(policy.error().message));
    }

    void sensitiveRootsNeedTheExplicitFlag()
    {
        const QByteArray json("{\"permissions\": {\"allow_read\": [\"/\", \"/proc\"]}}");
        QVERIFY(!parsePolicy(json, QStringLiteral("p.json")).has_value());
        PolicyParseOptions explicitly;
        explicitly.allowSensitiveRoots = true;
        auto policy = parsePolicy(json, QStringLiteral("p.json"), explicitly);
        QVERIFY(policy.has_value());
        QCOMPARE(policy->permissions.allowRead.size(), 2);
    }

    void idnHostsMatchInPunycode()
    {
        auto policy = parsePolicy("{\"permissions\": {\"allow_net\": [\"b\xC3\xBC" "cher.example\"]}}", QStringLiteral("p.json"));
        QVERIFY2(policy.has_value(), qPrintable(policy ? QString() : policy.error().message));
    }

    // A FIFO with no writer and /dev/zero fail at once with a clear error instead of hanging
    // or growing; the ctest timeout catches a hang.
    void nonRegularFilesFailFast()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("policy.fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const QString &path : {fifo, QStringLiteral("/dev/zero"), dir.path()}) {
            auto policy = readPolicyFile(path);
            QVERIFY(!policy.has_value());
            QVERIFY2(policy.error().message.contains(QStringLiteral("not a regular file")), qPrintable(policy.error().message));
        }
        const QString big = dir.filePath(QStringLiteral("big.json"));
        QFile file(big);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(5 * 1024 * 1024));
        file.close();
        auto tooBig = readPolicyFile(big);
        QVERIFY(!tooBig.has_value());
        QVERIFY2(tooBig.error().message.contains(QStringLiteral("larger than")), qPrintable(tooBig.error().message));
    }

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
                                << QStringLiteral("p.json:3:16: unknown word 'tru'");
        QTest::newRow("unknown key") << QByteArray("{\n  \"permissions\": {\n    \"alow_read\": []\n  }\n}")
                                     << QStringLiteral("p.json:3:5: unknown key \"alow_read\"");
        QTest::newRow("wrong type") << QByteArray("{\"permissions\": {\"allow_read\": \"/etc\"}}")
                                    << QStringLiteral("p.json:1:32: \"allow_read\" must be an array of strings");
        QTest::newRow("wrong item") << QByteArray("{\"permissions\": {\n\"allow_net\": [\"a.com\",\n  7]}}")
                                    << QStringLiteral("p.json:3:3: \"allow_net\" item 1 must be a string");
        QTest::newRow("bool") << QByteArray("{\"sandbox\": \"yes\"}") << QStringLiteral("p.json:1:13: \"sandbox\" must be true or false");
        QTest::newRow("top level") << QByteArray("[1]") << QStringLiteral("p.json:1:1: a policy must be a JSON object");
        QTest::newRow("top level scalar") << QByteArray("  0") << QStringLiteral("p.json:1:3: a policy must be a JSON object");
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
