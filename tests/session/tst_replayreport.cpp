// The comparison of a replay with its recording, without running anything.
#include "session/replayreport.h"

#include <QTest>

using namespace Sandbench;

namespace {

AuditEvent auditEvent(const char *kind, const char *resource, bool allowed)
{
    AuditEvent e;
    e.kind = QString::fromLatin1(kind);
    e.action = e.kind == QLatin1String("env") ? QStringLiteral("get") : e.kind;
    e.resource = QString::fromLatin1(resource);
    e.allowed = allowed;
    return e;
}

} // namespace

class TestReplayReport : public QObject
{
    Q_OBJECT

private slots:
    void sameRunIsIdentical()
    {
        ExecResult replay;
        replay.stdoutData = "a\nb\n";
        replay.exitCode = 0;
        replay.auditEvents = {auditEvent("read", "/x", true)};
        replay.auditEvents[0].timeMs = 999; // times and pids differ by nature
        const ReplayReport r = compareReplay("a\nb\n", "", 0, false, {auditEvent("read", "/x", true)}, replay);
        QVERIFY(r.identical);
        QVERIFY(r.divergences.isEmpty());
        QCOMPARE(r.summary(), QStringLiteral("identical\n"));
    }

    void firstDifferentLineIsNamed()
    {
        ExecResult replay;
        replay.stdoutData = "same\nsecond B\nthird\n";
        replay.stderrData = "warn\n";
        replay.exitCode = 1;
        const ReplayReport r = compareReplay("same\nsecond A\nthird\n", "warn\nmore\n", 0, false, {}, replay);
        QVERIFY(!r.identical);
        QCOMPARE(r.divergences.size(), 3);
        QCOMPARE(r.divergences[0], (Divergence{ReplayStream::Stdout, 2, QStringLiteral("second A"), QStringLiteral("second B")}));
        QCOMPARE(r.divergences[1], (Divergence{ReplayStream::Stderr, 2, QStringLiteral("more"), QStringLiteral("")}));
        QCOMPARE(r.divergences[2], (Divergence{ReplayStream::Exit, 0, QStringLiteral("exit 0"), QStringLiteral("exit 1")}));
        QVERIFY(r.summary().startsWith(QStringLiteral("diverged: stdout line 2\n  recorded: second A\n  replayed: second B\n")));
    }

    void shorterOutputEndsEarly()
    {
        ExecResult replay;
        replay.stdoutData = "a";
        replay.exitCode = 0;
        const ReplayReport r = compareReplay("a\nb", "", 0, false, {}, replay);
        QCOMPARE(r.divergences.value(0), (Divergence{ReplayStream::Stdout, 2, QStringLiteral("b"), QStringLiteral("<end>")}));
    }

    void changedDecisionsAreListedAcrossDivergingPaths()
    {
        // The recorded run read two files and an env var; under a stricter policy the first
        // read is denied, the code takes its error path (one extra check) and goes on.
        const QList<AuditEvent> recorded = {auditEvent("read", "/data/a", true), auditEvent("read", "/data/b", true),
                                            auditEvent("env", "HOME", true)};
        ExecResult replay;
        replay.exitCode = 0;
        replay.auditEvents = {auditEvent("read", "/data/a", false), auditEvent("read", "/fallback", true),
                              auditEvent("read", "/data/b", true), auditEvent("env", "HOME", false)};
        const ReplayReport r = compareReplay("", "", 0, false, recorded, replay);
        QCOMPARE(r.changedDecisions.size(), 2);
        QCOMPARE(r.changedDecisions[0], (DecisionChange{1, QStringLiteral("read"), QStringLiteral("read"), QStringLiteral("/data/a"), true, false}));
        QCOMPARE(r.changedDecisions[1], (DecisionChange{3, QStringLiteral("env"), QStringLiteral("get"), QStringLiteral("HOME"), true, false}));
        QCOMPARE(r.divergences.value(0).stream, ReplayStream::Audit);
        QCOMPARE(r.divergences.value(0).index, 1);
        QVERIFY(r.summary().contains(QStringLiteral("#1 read /data/a: allow -> deny")));
    }
    // A report from a hand-edited or cut-short file: not identical, nothing to point at. It is
    // still a report (summary() once took the first of no divergences).
    void aDivergedReportWithoutDivergencesStillSummarises()
    {
        ReplayReport r;
        r.identical = false;
        r.notes << ReplayNote::data(QStringLiteral("call 1 (code.run) was not replayed: its exec session is not in the file"));
        const QString text = r.summary();
        QVERIFY2(text.startsWith(QLatin1String("diverged: ")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("not in the file")), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestReplayReport)
#include "tst_replayreport.moc"
