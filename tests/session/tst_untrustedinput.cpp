// Files and flags from someone else, through sandbench-cli: whatever a bundle's notes, member
// names or manifest fields hold, the terminal gets one escaped line per record; wrong shapes and
// oversized members are refused with the field named; a policy that is a FIFO fails at once; an
// out-of-range instant or a root grant is refused; the code's output on a terminal is escaped
// unless --raw-output.
#include "execfixture.h"
#include "session/sessionarchive.h"
#include "session/exec/execsession.h"
#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <sys/stat.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

bool hasRawControl(const QByteArray &data)
{
    for (const char c : data) {
        const auto b = static_cast<unsigned char>(c);
        if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f)
            return true;
    }
    return data.contains("\xc2\x9b") || data.contains("\xe2\x80\xae");
}

} // namespace

class TestUntrustedInput : public QObject
{
    Q_OBJECT

    ExecFixture m_fixture;
    QString m_recorded;

    QByteArray recordedManifest()
    {
        auto bundle = ExecSession::read(m_recorded);
        return bundle ? bundle->manifest.toJson() : QByteArray();
    }

private slots:
    void initTestCase()
    {
        m_recorded = m_fixture.path(QStringLiteral("plain.sbsession"));
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--workdir"), m_fixture.workdir(),
                                   QStringLiteral("--record"), m_recorded, QStringLiteral("--code"), QStringLiteral("console.log('hi')")});
        QVERIFY2(run.exitCode == 0, run.stderrData.constData());
    }

    void notesReachTheTerminalEscaped()
    {
        auto bundle = ExecSession::read(m_recorded);
        QVERIFY(bundle.has_value());
        bundle->manifest.notes = {QStringLiteral("evil\x1b]0;pwned\x07\nsandbench-cli: identical\r\u202Eok") + QChar(0x9b)};
        const QString file = m_fixture.path(QStringLiteral("notes.sbsession"));
        QVERIFY(bundle->write(file).has_value());
        const CliRun replay = runCli({QStringLiteral("replay"), file});
        QVERIFY2(replay.exitCode == 0 || replay.exitCode == 1, replay.stderrData.constData());
        QVERIFY2(!hasRawControl(replay.stdoutData), replay.stdoutData.constData());
        QVERIFY2(replay.stdoutData.contains("evil\\e]0;pwned\\x07\\nsandbench-cli: identical\\r\\u202eok\\x9b"), replay.stdoutData.constData());
        for (const QByteArray &line : replay.stdoutData.split('\n'))
            QVERIFY(line != "sandbench-cli: identical");
    }

    void memberNamesCannotForgeLines()
    {
        const QString file = m_fixture.path(QStringLiteral("names.sbsession"));
        QVERIFY(writeArchive(file, {{QStringLiteral("manifest.json"), recordedManifest(), {}},
                                    {QStringLiteral("x\nsandbench-cli: identical\x1b[2J"), "data", {}}}).has_value());
        const CliRun replay = runCli({QStringLiteral("replay"), file});
        QCOMPARE(replay.exitCode, 2);
        QVERIFY2(!hasRawControl(replay.stderrData), replay.stderrData.constData());
        QCOMPARE(replay.stderrData.count('\n'), 1);
        QVERIFY2(replay.stderrData.contains("x\\nsandbench-cli: identical\\e[2J"), replay.stderrData.constData());
    }

    void wrongShapesAreNamed_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("policy string") << QStringLiteral("policy") << QJsonValue(QStringLiteral("{}")) << QStringLiteral("policy must be an object");
        QTest::newRow("run array") << QStringLiteral("run") << QJsonValue(QJsonArray{}) << QStringLiteral("run must be an object");
        QTest::newRow("notes string") << QStringLiteral("notes") << QJsonValue(QStringLiteral("x")) << QStringLiteral("notes must be an array of strings");
        QTest::newRow("result number") << QStringLiteral("result") << QJsonValue(3) << QStringLiteral("result must be an object");
        QTest::newRow("recorded at string") << QStringLiteral("recordedAtMs") << QJsonValue(QStringLiteral("now")) << QStringLiteral("recordedAtMs must be a whole number");
        // Found by fuzz_manifest: converting this double to qint64 was undefined behaviour.
        QTest::newRow("recorded at huge") << QStringLiteral("recordedAtMs") << QJsonValue(1.8e47) << QStringLiteral("recordedAtMs must be a whole number in range");
    }

    void wrongShapesAreNamed()
    {
        QFETCH(QString, pointer);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        QJsonObject manifest = QJsonDocument::fromJson(recordedManifest()).object();
        QVERIFY(manifest.contains(pointer) || pointer == QLatin1String("recordedAtMs"));
        manifest.insert(pointer, value);
        auto parsed = ExecSessionManifest::fromJson(QJsonDocument(manifest).toJson(), QStringLiteral("b.sbsession"));
        QVERIFY(!parsed.has_value());
        QVERIFY2(parsed.error().message.contains(expected), qPrintable(parsed.error().message));
    }

    void inflatedManifestIsRefusedWhileInflating()
    {
        const QString file = m_fixture.path(QStringLiteral("bomb.sbsession"));
        QByteArray manifest = recordedManifest();
        manifest.chop(2);
        manifest += QByteArray(17 * 1024 * 1024, ' ') + "}\n";
        QVERIFY(writeArchive(file, {{QStringLiteral("manifest.json"), manifest, {}}}).has_value());
        QVERIFY(QFileInfo(file).size() < 1024 * 1024);
        auto bundle = ExecSession::read(file);
        QVERIFY(!bundle.has_value());
        QVERIFY2(bundle.error().message.contains(QStringLiteral("larger than 16777216 bytes")), qPrintable(bundle.error().message));
    }

    void fifoPolicyFailsAtOnce()
    {
        const QString fifo = m_fixture.path(QStringLiteral("policy.fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QElapsedTimer clock;
        clock.start();
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--policy"), fifo, QStringLiteral("--code"), QStringLiteral("1")}, 20000);
        QVERIFY(!run.crashed);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.stderrData.contains("not a regular file"), run.stderrData.constData());
        const CliRun replay = runCli({QStringLiteral("replay"), m_recorded, QStringLiteral("--policy"), QStringLiteral("/dev/zero")}, 20000);
        QCOMPARE(replay.exitCode, 2);
        QVERIFY2(replay.stderrData.contains("not a regular file"), replay.stderrData.constData());
    }

    void optionsAreRangeChecked_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("freeze time") << QStringList{QStringLiteral("--freeze-time"), QStringLiteral("9999999999999999")} << QByteArray("--freeze-time");
        QTest::newRow("timeout") << QStringList{QStringLiteral("--timeout"), QStringLiteral("99999999999999")} << QByteArray("--timeout");
        QTest::newRow("seed") << QStringList{QStringLiteral("--seed"), QStringLiteral("9007199254740992")} << QByteArray("--seed");
        QTest::newRow("root") << QStringList{QStringLiteral("--sandbox"), QStringLiteral("--allow-read"), QStringLiteral("/")} << QByteArray("--allow-sensitive-roots");
        QTest::newRow("proc") << QStringList{QStringLiteral("--sandbox"), QStringLiteral("--allow-read"), QStringLiteral("/proc")} << QByteArray("--allow-sensitive-roots");
        QTest::newRow("home") << QStringList{QStringLiteral("--sandbox"), QStringLiteral("--read-only-dir"), QDir::homePath()} << QByteArray("--allow-sensitive-roots");
    }

    void optionsAreRangeChecked()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, expected);
        const CliRun run = runCli(QStringList{QStringLiteral("run")} + args + QStringList{QStringLiteral("--code"), QStringLiteral("console.log(new Date().toISOString())")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.stderrData.contains(expected), run.stderrData.constData());
    }

    void widerReplayPolicyNeedsTheFlag()
    {
        const QString policy = m_fixture.path(QStringLiteral("wider.json"));
        writeFile(policy, QStringLiteral("{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"%1\"]}}").arg(m_fixture.outside()).toUtf8());
        const CliRun refused = runCli({QStringLiteral("replay"), m_recorded, QStringLiteral("--policy"), policy});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.stderrData.contains("grants more than the bundle holds"), refused.stderrData.constData());
        const CliRun allowed = runCli({QStringLiteral("replay"), m_recorded, QStringLiteral("--policy"), policy, QStringLiteral("--allow-wider-policy")});
        QVERIFY2(allowed.exitCode == 0 || allowed.exitCode == 1, allowed.stderrData.constData());
        QVERIFY2(allowed.stdoutData.contains("widened by the replay policy"), allowed.stdoutData.constData());
    }

    // On a terminal (a pty from script(1)) the code's escape sequences arrive escaped.
    void outputOnATerminalIsEscaped()
    {
        // script(1) is in bsdutils, which every Debian has (Essential): missing, it is a fault.
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("script")).isEmpty(), "script(1) is not installed");
        const QString code = QStringLiteral("console.log(String.fromCharCode(27) + \"[31mred\" + String.fromCharCode(7))");
        auto onTty = [&](const QString &extra) {
            QProcess p;
            p.start(QStringLiteral("script"), {QStringLiteral("-qec"),
                                               QStringLiteral("'%1' run %2 --code '%3'").arg(cliPath(), extra, code),
                                               QStringLiteral("/dev/null")});
            p.waitForFinished(60000);
            return p.readAllStandardOutput();
        };
        const QByteArray escaped = onTty({});
        QVERIFY2(escaped.contains("\\e[31mred\\x07"), escaped.constData());
        QVERIFY2(!escaped.contains('\x1b') && !escaped.contains('\x07'), escaped.constData());
        const QByteArray raw = onTty(QStringLiteral("--raw-output"));
        QVERIFY2(raw.contains("\x1b[31mred\x07"), raw.constData());
    }

    // The same for a command's output in a sandbox (needs the Docker engine of DOCKER_HOST).
    void sandboxOutputOnATerminalIsEscaped()
    {
        // Like every Docker test: no engine is a failure, not a skip (scripts/test starts one).
        const QString host = qEnvironmentVariable("DOCKER_HOST");
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("script")).isEmpty(), "script(1) is not installed");
        QVERIFY2(host.startsWith(QLatin1String("unix://")) && QFileInfo::exists(host.mid(7)),
                 "DOCKER_HOST names no Docker engine (scripts/test starts one)");
        auto onTty = [&](const QString &extra) {
            QProcess p;
            p.start(QStringLiteral("script"), {QStringLiteral("-qec"),
                                               QStringLiteral("'%1' sandbox run %2 -- printf 'x\\033]0;t\\007y\\n'").arg(cliPath(), extra),
                                               QStringLiteral("/dev/null")});
            p.waitForFinished(120000);
            return p.readAllStandardOutput();
        };
        const QByteArray escaped = onTty({});
        QVERIFY2(escaped.contains("x\\e]0;t\\x07y"), escaped.constData());
        QVERIFY2(!escaped.contains('\x1b'), escaped.constData());
        QVERIFY2(onTty(QStringLiteral("--raw-output")).contains("x\x1b]0;t\x07y"), "raw");
    }
};

QTEST_GUILESS_MAIN(TestUntrustedInput)
#include "tst_untrustedinput.moc"
