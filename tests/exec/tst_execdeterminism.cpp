// --seed and --freeze-time against the real runtime: the same script, seed, instant and inputs
// print the same bytes twice, in workers too, while timers still fire.
#include "execfixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

const char randomScript[] = R"JS(
import crypto from "node:crypto";
import { randomInt, randomBytes, randomUUID } from "node:crypto";
const bytes = new Uint8Array(8); globalThis.crypto.getRandomValues(bytes);
console.log(JSON.stringify({
  math: [Math.random(), Math.random()],
  values: Array.from(bytes),
  uuid: globalThis.crypto.randomUUID(),
  nodeBytes: randomBytes(8).toString("hex"),
  nodeUuid: randomUUID(),
  nodeInt: [randomInt(1000000), randomInt(5, 1e9), crypto.randomInt(100)],
}));
)JS";

const char timeScript[] = R"JS(
const t0 = Date.now();
const lines = [t0, new Date().toISOString(), Date(), performance.timeOrigin, Math.floor(performance.now()),
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "full", timeStyle: "long" }).format(),
  Math.floor(performance.mark("m").startTime)];
if (globalThis.Temporal) lines.push(Temporal.Now.instant().toString().slice(0, 16), Temporal.Now.plainDateISO("UTC").toString());
await new Promise((r) => setTimeout(r, 120));
lines.push(Date.now() - t0 >= 120 ? "timer-advanced" : "timer-did-not-advance");
const w = new Worker("data:application/javascript," + encodeURIComponent(
  "self.postMessage([Date.now(), new Date().toISOString().slice(0, 10), Math.random()])"), { type: "module" });
lines.push(await new Promise((r) => { w.onmessage = (e) => r(JSON.stringify(e.data)); }));
w.terminate();
console.log(lines.join("\n"));
)JS";

} // namespace

class TestExecDeterminism : public QObject
{
    Q_OBJECT
private slots:
    void seedRepeatsEveryRandomSource()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/random.ts"), randomScript);
        Policy p = f.sandboxPolicy();
        p.seed = 42;
        auto a = f.runFile(f.path(QStringLiteral("work/random.ts")), p);
        auto b = f.runFile(f.path(QStringLiteral("work/random.ts")), p);
        QVERIFY2(a.has_value() && a->exitCode == 0, qPrintable(stdoutOf(a) + QString::fromUtf8(a ? a->stderrData : QByteArray())));
        QVERIFY(b.has_value());
        QCOMPARE(a->stdoutData, b->stdoutData);
        p.seed = 43;
        auto c = f.runFile(f.path(QStringLiteral("work/random.ts")), p);
        QVERIFY(c.has_value());
        // Every source changes with the seed: none of them ignores it.
        const auto keysA = QJsonDocument::fromJson(a->stdoutData).object();
        const auto keysC = QJsonDocument::fromJson(c->stdoutData).object();
        QVERIFY(!keysA.isEmpty());
        for (const QString &key : keysA.keys())
            QVERIFY2(keysA.value(key) != keysC.value(key), qPrintable(key));
        // Without a seed, runs differ.
        Policy unseeded = f.sandboxPolicy();
        auto d = f.runFile(f.path(QStringLiteral("work/random.ts")), unseeded);
        auto e = f.runFile(f.path(QStringLiteral("work/random.ts")), unseeded);
        QVERIFY(d.has_value() && e.has_value());
        QVERIFY(d->stdoutData != e->stdoutData);
    }

    void frozenTimeIsPinnedEverywhere()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/time.ts"), timeScript);
        Policy p = f.sandboxPolicy();
        p.freezeTimeMs = 1767225600000; // 2026-01-01T00:00:00Z
        p.seed = 7;
        auto a = f.runFile(f.path(QStringLiteral("work/time.ts")), p);
        QVERIFY2(a.has_value() && a->exitCode == 0, qPrintable(stdoutOf(a) + QString::fromUtf8(a ? a->stderrData : QByteArray())));
        const QStringList lines = QString::fromUtf8(a->stdoutData).trimmed().split(QLatin1Char('\n'));
        QVERIFY2(lines.size() >= 9, qPrintable(lines.join(QLatin1Char('|'))));
        QCOMPARE(lines[0], QStringLiteral("1767225600000"));
        QVERIFY(lines[1].startsWith(QStringLiteral("2026-01-01T00:00:00.000Z")));
        QVERIFY2(lines[2].contains(QStringLiteral("Jan 01 2026 00:00:00")), qPrintable(lines[2]));
        QCOMPARE(lines[3], QStringLiteral("1767225600000"));
        QCOMPARE(lines[4], QStringLiteral("0"));
        QVERIFY2(lines[5].contains(QStringLiteral("January 1, 2026")), qPrintable(lines[5]));
        QCOMPARE(lines[6], QStringLiteral("0"));
        QVERIFY(a->stdoutData.contains("2026-01-01T00:00"));
        QVERIFY(a->stdoutData.contains("timer-advanced"));
        const QString worker = lines.last();
        QVERIFY2(worker.startsWith(QStringLiteral("[1767225600")) && worker.contains(QStringLiteral("2026-01-01")), qPrintable(worker));
        // The same bytes twice.
        auto b = f.runFile(f.path(QStringLiteral("work/time.ts")), p);
        QVERIFY(b.has_value());
        QCOMPARE(a->stdoutData, b->stdoutData);
    }

    void busyWaitLoopsStillEnd()
    {
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.freezeTimeMs = 0;
        p.timeoutMs = 20000;
        auto r = f.run(QStringLiteral("const s = Date.now(); while (Date.now() - s < 50) {} const t = performance.now(); while (performance.now() - t < 50) {} console.log('ended')"), p);
        QVERIFY(r.has_value());
        QVERIFY(!r->timedOut);
        QCOMPARE(r->stdoutData, QByteArray("ended\n"));
    }
};

QTEST_GUILESS_MAIN(TestExecDeterminism)
#include "tst_execdeterminism.moc"
