// Time and randomness under --seed and --freeze-time: every source a run can read repeats in
// an identical run, changes with the seed (or is pinned to the frozen instant), and differs
// between unpinned runs, so none of these checks can pass by accident. Each Worker has a stream
// of its own: not the main thread's, not its sibling's.
#include "securityfixture.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <sys/stat.h>

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

// Every time stat shows, through every API, for files the run wrote (created, written, chmod'ed,
// renamed, linked: ctime alone changes for some) and for a file older than the run.
const char statScript[] = R"JS(
import fs from "node:fs";
const out = {};
const times = (s) => ["atime", "mtime", "ctime", "birthtime"].map((k) => s[k] instanceof Date ? s[k].getTime() : null);
const nodeTimes = (s) => [s.atimeMs, s.mtimeMs, s.ctimeMs, s.birthtimeMs, s.atime.getTime(), s.mtime.getTime(), s.ctime.getTime(), s.birthtime.getTime()].map(Number);
const bigTimes = (s) => [s.atimeNs / 1000000n, s.mtimeNs / 1000000n, s.ctimeNs / 1000000n, s.birthtimeNs / 1000000n, s.ctimeMs, s.mtimeMs].map(Number);
const cb = (fn, ...args) => new Promise((res, rej) => fn(...args, (e, v) => (e ? rej(e) : res(v))));
Deno.writeTextFileSync("written.txt", "x");
Deno.writeTextFileSync("chmodded.txt", "x"); Deno.chmodSync("chmodded.txt", 0o600);
fs.writeFileSync("moved.txt", "x"); fs.mkdirSync("sub"); fs.renameSync("moved.txt", "sub/moved.txt");
Deno.writeTextFileSync("linked.txt", "x"); Deno.linkSync("linked.txt", "sub/link.txt");
Deno.mkdirSync("folder");
for (const [name, path] of [["written", "written.txt"], ["chmodded", "chmodded.txt"], ["moved", "sub/moved.txt"], ["linked", "sub/link.txt"], ["folder", "folder"], ["old", "old.txt"]]) {
  const file = Deno.openSync(path);
  const fd = fs.openSync(path, "r");
  const handle = await fs.promises.open(path, "r");
  out[name] = {
    denoStat: times(Deno.statSync(path)), denoStatAsync: times(await Deno.stat(path)),
    denoLstat: times(Deno.lstatSync(path)), denoLstatAsync: times(await Deno.lstat(path)),
    fsFileStat: times(file.statSync()), fsFileStatAsync: times(await file.stat()),
    nodeStat: nodeTimes(fs.statSync(path)), nodeLstat: nodeTimes(fs.lstatSync(path)), nodeFstat: nodeTimes(fs.fstatSync(fd)),
    nodeStatCb: nodeTimes(await cb(fs.stat, path)), nodeLstatCb: nodeTimes(await cb(fs.lstat, path)), nodeFstatCb: nodeTimes(await cb(fs.fstat, fd)),
    nodeStatPromise: nodeTimes(await fs.promises.stat(path)), nodeLstatPromise: nodeTimes(await fs.promises.lstat(path)),
    fileHandleStat: nodeTimes(await handle.stat()),
    bigStat: bigTimes(fs.statSync(path, { bigint: true })), bigFstat: bigTimes(fs.fstatSync(fd, { bigint: true })),
    bigLstatPromise: bigTimes(await fs.promises.lstat(path, { bigint: true })),
  };
  file.close(); fs.closeSync(fd); await handle.close();
}
const probe = `import fs from "node:fs";
Deno.writeTextFileSync("worker.txt", "w"); Deno.chmodSync("worker.txt", 0o600);
const fd = fs.openSync("worker.txt", "r");
const t = (s) => [s.atime, s.mtime, s.ctime, s.birthtime].map((d) => d.getTime());
postMessage({ deno: t(Deno.statSync("worker.txt")), nodeFstat: t(fs.fstatSync(fd)), nodeStat: t(await fs.promises.stat("worker.txt")),
  old: t(fs.statSync("old.txt")) });`;
out.worker = await new Promise((r) => { const w = new Worker("data:text/javascript," + encodeURIComponent(probe), { type: "module" }); w.onmessage = (m) => { r(m.data); w.terminate(); }; });
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

    // A fresh file's ctime comes in whole seconds: the rule "at or after the start" must hold at
    // that precision, or the run's own files show their real second and identical runs differ.
    // A file from before the run keeps every real time.
    void everyStatTimeOfTheRunsFilesIsFrozen()
    {
        const qint64 frozen = 1767225600000;
        QList<QByteArray> outputs;
        for (int run = 0; run < 2; ++run) {
            ExecFixture f;
            f.write(QStringLiteral("work/old.txt"), "old");
            struct stat before {};
            QCOMPARE(::stat(QFile::encodeName(f.path(QStringLiteral("work/old.txt"))).constData(), &before), 0);
            // The run must start in a later second than the old file's change, or its whole-second
            // ctime could be the run's as far as any reader can tell.
            QTRY_VERIFY_WITH_TIMEOUT(QDateTime::currentSecsSinceEpoch() > qint64(before.st_ctim.tv_sec), 5000);
            Policy p = f.sandboxPolicy();
            p.freezeTimeMs = frozen;
            const Attempt a = attemptFile(f, QStringLiteral("stat.ts"), statScript, p);
            QVERIFY2(a.result && a.result->exitCode == 0, qPrintable(a.diagnostics()));
            const QJsonObject out = QJsonDocument::fromJson(a.result->stdoutData).object();
            QVERIFY2(out.size() == 7, qPrintable(a.diagnostics()));
            for (const char *name : {"written", "chmodded", "moved", "linked", "folder"}) {
                const QJsonObject apis = out.value(QLatin1String(name)).toObject();
                QCOMPARE(apis.size(), 18);
                for (const QString &api : apis.keys()) {
                    for (const QJsonValue &t : apis.value(api).toArray())
                        QVERIFY2(t.toDouble() == double(frozen), qPrintable(QStringLiteral("%1 %2: %3").arg(QLatin1String(name), api, QString::fromUtf8(QJsonDocument(apis.value(api).toArray()).toJson(QJsonDocument::Compact)))));
                }
            }
            const QJsonObject worker = out.value(QStringLiteral("worker")).toObject();
            for (const char *api : {"deno", "nodeFstat", "nodeStat"}) {
                for (const QJsonValue &t : worker.value(QLatin1String(api)).toArray())
                    QVERIFY2(t.toDouble() == double(frozen), api);
            }
            // The old file: its real modification time (ms) and change time (whole seconds).
            const double mtime = double(qint64(before.st_mtim.tv_sec) * 1000 + before.st_mtim.tv_nsec / 1000000);
            const double ctime = double(qint64(before.st_ctim.tv_sec) * 1000);
            const QJsonObject old = out.value(QStringLiteral("old")).toObject();
            for (const QString &api : old.keys()) {
                const QJsonArray t = old.value(api).toArray();
                QVERIFY2(t.at(1).toDouble() == mtime && t.at(2).toDouble() == ctime,
                         qPrintable(api + QLatin1Char(' ') + QString::fromUtf8(QJsonDocument(t).toJson(QJsonDocument::Compact))));
            }
            const QJsonArray workerOld = worker.value(QStringLiteral("old")).toArray();
            QVERIFY(workerOld.at(1).toDouble() == mtime && workerOld.at(2).toDouble() == ctime);
            // Only the old file differs between two runs (its real times are its own).
            QJsonObject comparable = out;
            comparable.remove(QStringLiteral("old"));
            QJsonObject w = worker;
            w.remove(QStringLiteral("old"));
            comparable.insert(QStringLiteral("worker"), w);
            outputs << QJsonDocument(comparable).toJson(QJsonDocument::Compact);
        }
        QCOMPARE(outputs.at(0), outputs.at(1));
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
