// policy whatif predicts, without running, the decisions that a real replay under the same
// policy changes: a run recorded with the real Deno, then whatif and replay under other policies,
// and the two lists of flips must agree exactly.
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestPolicyWhatIfReplay : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;
    QString m_session;

    QString path(const QString &name) const { return m_root + QLatin1Char('/') + name; }

    // From the test's folder: relative policy entries are taken from the current folder.
    CliRun cli(const QStringList &args, int timeoutMs = 60000) const
    {
        return runCli(args, timeoutMs, QProcessEnvironment::systemEnvironment(), m_root);
    }

    static QJsonObject json(const CliRun &run)
    {
        return QJsonDocument::fromJson(run.stdoutData).object();
    }

    // "event kind action resource recorded->replayed" of each changed decision.
    static QStringList replayFlips(const QJsonObject &report)
    {
        QStringList out;
        for (const QJsonValue &v : report.value(QStringLiteral("changedDecisions")).toArray()) {
            const QJsonObject c = v.toObject();
            out << QStringLiteral("%1 %2 %3 %4 %5->%6").arg(c.value(QStringLiteral("event")).toInt())
                           .arg(c.value(QStringLiteral("kind")).toString(), c.value(QStringLiteral("action")).toString(),
                                c.value(QStringLiteral("resource")).toString(), c.value(QStringLiteral("recorded")).toString(),
                                c.value(QStringLiteral("replayed")).toString());
        }
        return out;
    }

    static QStringList whatifFlips(const QJsonObject &report)
    {
        QStringList out;
        for (const QJsonValue &v : report.value(QStringLiteral("flips")).toArray()) {
            const QJsonObject f = v.toObject();
            out << QStringLiteral("%1 %2 %3 %4 %5->%6").arg(f.value(QStringLiteral("event")).toInt())
                           .arg(f.value(QStringLiteral("kind")).toString(), f.value(QStringLiteral("action")).toString(),
                                f.value(QStringLiteral("resource")).toString(), f.value(QStringLiteral("was")).toString(),
                                f.value(QStringLiteral("now")).toString());
        }
        return out;
    }

private slots:
    void initTestCase()
    {
        m_root = QDir(m_dir.path()).canonicalPath();
        QVERIFY(writeFile(path(QStringLiteral("out/a.txt")), "A"));
        QVERIFY(writeFile(path(QStringLiteral("out/b.txt")), "B"));
        QVERIFY(writeFile(path(QStringLiteral("out/c.txt")), "C"));
        // Every request is made whatever the answers before it: the run follows the recording,
        // so each recorded decision is asked again in the replay.
        QVERIFY(writeFile(path(QStringLiteral("work/main.ts")),
                          "for (const p of ['a', 'b', 'c']) {\n"
                          "  try { Deno.readTextFileSync(`../out/${p}.txt`); console.log('read', p); }\n"
                          "  catch (e) { console.log('no', p, e.name); }\n"
                          "}\n"
                          "for (const n of ['LANG', 'HOME', 'SANDBENCH_NOPE']) {\n"
                          "  try { Deno.env.get(n); console.log('env', n); } catch { console.log('noenv', n); }\n"
                          "}\n"
                          "try { Deno.writeTextFileSync('note.txt', 'x'); console.log('wrote'); } catch { console.log('nowrite'); }\n"
                          "try { Deno.writeTextFileSync('../out/w.txt', 'x'); console.log('wrote out'); } catch { console.log('nowrite out'); }\n"
                          "try { new Deno.Command('ls').outputSync(); console.log('ran'); } catch { console.log('norun'); }\n"));
        QVERIFY(writeFile(path(QStringLiteral("A.json")),
                          "{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"out/a.txt\", \"out/c.txt\"], \"allow_env\": [\"LANG\"]}}"));
        m_session = path(QStringLiteral("run.sbsession"));
        const CliRun run = cli({QStringLiteral("run"), QStringLiteral("--policy"), path(QStringLiteral("A.json")),
                                   QStringLiteral("--workdir"), path(QStringLiteral("work")), QStringLiteral("--record"), m_session,
                                   path(QStringLiteral("work/main.ts"))}, 120000);
        QVERIFY2(run.exitCode == 0, run.stderrData.constData());
        QVERIFY2(printedLine(run.stdoutData, "read") && printedLine(run.stdoutData, "no"), run.stdoutData.constData());
    }

    void flipsAgreeWithARealReplay_data()
    {
        QTest::addColumn<QByteArray>("policy");
        QTest::addColumn<bool>("wider");
        QTest::addColumn<int>("expected");
        QTest::newRow("swap reads and variables")
                << QByteArray("{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"out/b.txt\", \"out/c.txt\"], \"allow_env\": [\"HOME\"]}}")
                << true << 4;
        QTest::newRow("narrower: nothing")
                << QByteArray("{\"sandbox\": true}") << false << 3;
        QTest::newRow("the same rules") << QByteArray("{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"out/c.txt\", \"out/a.txt\"], \"allow_env\": [\"LANG\"]}}")
                                        << true << 0;
        QTest::newRow("writes outside and a folder")
                << QByteArray("{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"out\"], \"allow_write\": [\"out\"], \"allow_env\": [\"LANG\"]}}")
                << true << 2;
    }

    void flipsAgreeWithARealReplay()
    {
        QFETCH(QByteArray, policy);
        QFETCH(bool, wider);
        QFETCH(int, expected);
        const QString file = path(QStringLiteral("B.json"));
        QVERIFY(writeFile(file, policy));
        QStringList extra;
        if (wider)
            extra << QStringLiteral("--allow-wider-policy");
        const CliRun predicted = cli(QStringList{QStringLiteral("policy"), QStringLiteral("whatif"), QStringLiteral("--policy"), file,
                                                    m_session, QStringLiteral("--json")} + extra);
        QVERIFY2(predicted.exitCode == (expected ? 1 : 0), predicted.stderrData.constData());
        const CliRun replayed = cli(QStringList{QStringLiteral("replay"), m_session, QStringLiteral("--policy"), file,
                                                   QStringLiteral("--json")} + extra, 120000);
        QVERIFY2(replayed.exitCode == 0 || replayed.exitCode == 1, replayed.stderrData.constData());
        const QStringList fromReplay = replayFlips(json(replayed));
        const QStringList fromWhatif = whatifFlips(json(predicted));
        QCOMPARE(fromWhatif, fromReplay);
        QCOMPARE(fromWhatif.size(), expected);
    }

    void aCodeRunWithAThrowAwayWorkdirAgreesToo()
    {
        // --code, no --workdir: the entry is the given code and the workdir a folder made for the
        // run; neither may flip (a replay has its own of both).
        const QString session = path(QStringLiteral("code.sbsession"));
        const QString code = QStringLiteral("for (const p of ['%1', '%2']) { try { Deno.readTextFileSync(p); console.log('r'); } "
                                            "catch { console.log('n'); } }\nDeno.writeTextFileSync('x.txt', '1');\n"
                                            "Deno.writeTextFileSync(Deno.cwd() + '/y.txt', '1');\n")
                                     .arg(path(QStringLiteral("out/a.txt")), path(QStringLiteral("out/b.txt")));
        const CliRun run = cli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--allow-read"), path(QStringLiteral("out/a.txt")),
                                QStringLiteral("--record"), session, QStringLiteral("--code"), code}, 120000);
        QVERIFY2(run.exitCode == 0, run.stderrData.constData());
        for (const QByteArray &policy : {QByteArray("{\"sandbox\": true}"),
                                         QByteArray("{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"out/b.txt\"]}}")}) {
            QVERIFY(writeFile(path(QStringLiteral("C.json")), policy));
            const QStringList args = {QStringLiteral("--policy"), path(QStringLiteral("C.json")), QStringLiteral("--json"),
                                      QStringLiteral("--allow-wider-policy")};
            const CliRun predicted = cli(QStringList{QStringLiteral("policy"), QStringLiteral("whatif"), session} + args);
            const CliRun replayed = cli(QStringList{QStringLiteral("replay"), session} + args, 120000);
            QVERIFY2(replayed.exitCode == 1, replayed.stderrData.constData());
            QCOMPARE(whatifFlips(json(predicted)), replayFlips(json(replayed)));
            QVERIFY(!whatifFlips(json(predicted)).isEmpty());
        }
    }

    void aWiderPolicyIsRefusedLikeTheReplayRefusesIt()
    {
        const QString file = path(QStringLiteral("wide.json"));
        QVERIFY(writeFile(file, "{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"out/b.txt\"]}}"));
        const CliRun predicted = cli({QStringLiteral("policy"), QStringLiteral("whatif"), QStringLiteral("--policy"), file, m_session});
        QCOMPARE(predicted.exitCode, 2);
        QVERIFY2(predicted.stderrData.contains("--allow-wider-policy"), predicted.stderrData.constData());
        const CliRun replayed = cli({QStringLiteral("replay"), m_session, QStringLiteral("--policy"), file}, 120000);
        QCOMPARE(replayed.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestPolicyWhatIfReplay)
#include "tst_policywhatifreplay.moc"
