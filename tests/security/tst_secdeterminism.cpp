// Time and randomness under --seed and --freeze-time: every source a run can read repeats in
// an identical run, changes with the seed (or is pinned to the frozen instant), and differs
// between unpinned runs, so none of these checks can pass by accident. Each Worker has a stream
// of its own: not the main thread's, not its sibling's.
#include "securityfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

const char script[] = R"JS(
import * as c from "node:crypto";
const out = {};
const bytes = (b) => Array.from(new Uint8Array(b)).join(",");
Deno.writeTextFileSync("f.txt", "x");
out.fileMtime = Deno.statSync("f.txt").mtime.getTime();
out.fileMtimeAsync = (await Deno.stat("f.txt")).mtime.getTime();
out.fileHandleMtime = Deno.openSync("f.txt").statSync().mtime.getTime();
out.nodeMtime = (await import("node:fs")).statSync("f.txt").mtimeMs;
performance.mark("a");
for (let i = 0; i < 1e5; i++);
out.measureMarks = performance.measure("m", "a").duration;
out.measureNow = performance.measure("m2").duration;
out.measureOptions = performance.measure("m3", { start: "a" }).startTime;
const aes = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt"]);
out.webAes = bytes(await crypto.subtle.exportKey("raw", aes));
const hmac = await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, true, ["sign"]);
out.webHmac = bytes(await crypto.subtle.exportKey("raw", hmac));
out.webEd25519 = (await crypto.subtle.exportKey("jwk", (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])).publicKey)).x;
out.webX25519 = (await crypto.subtle.exportKey("jwk", (await crypto.subtle.generateKey({ name: "X25519" }, true, ["deriveBits"])).publicKey)).x;
out.webEcdsa = (await crypto.subtle.exportKey("jwk", (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])).publicKey)).x;
out.webEcdh = (await crypto.subtle.exportKey("jwk", (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-384" }, true, ["deriveBits"])).publicKey)).x;
out.randomFillSync = c.randomFillSync(new Uint8Array(8)).join(",");
out.randomFill = await new Promise((r) => c.randomFill(new Uint8Array(8), (e, b) => r(b.join(","))));
out.generateKeySync = c.generateKeySync("hmac", { length: 128 }).export().toString("hex");
out.generateKey = await new Promise((r) => c.generateKey("aes", { length: 128 }, (e, k) => r(k.export().toString("hex"))));
out.keyPairEd25519 = c.generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "der" }).toString("hex");
out.keyPairEc = await new Promise((r) => c.generateKeyPair("ec", { namedCurve: "prime256v1" }, (e, pub) => r(pub.export({ type: "spki", format: "der" }).toString("hex"))));
out.ecdh = c.createECDH("prime256v1").generateKeys("hex");
out.primeSync = c.generatePrimeSync(48, { bigint: true }).toString();
out.prime = await new Promise((r) => c.generatePrime(32, { bigint: true }, (e, p) => r(p.toString())));
const worker = (code) => new Promise((r) => { const w = new Worker("data:text/javascript," + encodeURIComponent(code), { type: "module" }); w.onmessage = (m) => { r(m.data); w.terminate(); }; });
const probe = "const c = await import('node:crypto'); postMessage([Math.random(), crypto.randomUUID(), Array.from(crypto.getRandomValues(new Uint8Array(4))).join(','), c.randomBytes(4).toString('hex'), c.randomUUID()]);";
out.worker1 = await worker(probe);
out.worker2 = await worker(probe);
out.main = [Math.random(), crypto.randomUUID(), Array.from(crypto.getRandomValues(new Uint8Array(4))).join(","), c.randomBytes(4).toString("hex"), c.randomUUID()];
console.log(JSON.stringify(out));
)JS";

} // namespace

class TestSecDeterminism : public QObject
{
    Q_OBJECT

    QJsonObject runOnce(std::optional<quint64> seed, std::optional<qint64> frozen)
    {
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.seed = seed;
        p.freezeTimeMs = frozen;
        const Attempt a = attemptFile(f, QStringLiteral("det.ts"), script, p);
        if (!a.result || a.result->exitCode != 0)
            qWarning("%s", qPrintable(a.diagnostics()));
        return a.result ? QJsonDocument::fromJson(a.result->stdoutData).object() : QJsonObject();
    }

private slots:
    void everySourceIsPinned()
    {
        const qint64 frozen = 1767225600000; // 2026-01-01T00:00:00Z
        const QJsonObject a = runOnce(42, frozen);
        const QJsonObject b = runOnce(42, frozen);
        const QJsonObject c = runOnce(43, frozen);
        const QJsonObject d = runOnce(std::nullopt, std::nullopt);
        const QJsonObject e = runOnce(std::nullopt, std::nullopt);
        QVERIFY(a.size() >= 25);
        for (const QString &key : a.keys()) {
            QVERIFY2(a.value(key) == b.value(key), qPrintable(key + QLatin1String(": two identical runs differ")));
            const bool timeKey = key.contains(QLatin1String("Mtime")) || key.startsWith(QLatin1String("measure"));
            if (!timeKey)
                QVERIFY2(a.value(key) != c.value(key), qPrintable(key + QLatin1String(": ignores the seed")));
            QVERIFY2(d.value(key) != e.value(key), qPrintable(key + QLatin1String(": the same without a seed or a frozen clock")));
        }
        for (const char *key : {"fileMtime", "fileMtimeAsync", "fileHandleMtime", "nodeMtime"})
            QCOMPARE(a.value(QLatin1String(key)).toDouble(), double(frozen));
    }

    void everyWorkerHasItsOwnStream()
    {
        const QJsonObject a = runOnce(42, std::nullopt);
        const QJsonArray w1 = a.value(QStringLiteral("worker1")).toArray();
        const QJsonArray w2 = a.value(QStringLiteral("worker2")).toArray();
        const QJsonArray main = a.value(QStringLiteral("main")).toArray();
        QCOMPARE(w1.size(), 5);
        for (int i = 0; i < 5; ++i) {
            QVERIFY2(w1.at(i) != w2.at(i), qPrintable(QStringLiteral("source %1: two workers share a stream").arg(i)));
            QVERIFY2(w1.at(i) != main.at(i), qPrintable(QStringLiteral("source %1: a worker repeats the main thread").arg(i)));
        }
    }
};

QTEST_GUILESS_MAIN(TestSecDeterminism)
#include "tst_secdeterminism.moc"
