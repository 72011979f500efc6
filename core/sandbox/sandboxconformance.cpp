#include "sandboxconformance.h"

#include "sandbox/sandbox.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

namespace Sandbench {

namespace {

constexpr int waitMs = 60'000;

ConformanceOutcome pass()
{
    return {true, {}};
}

ConformanceOutcome failed(const QString &why)
{
    return {false, why};
}

QString describe(const Error &e)
{
    return errorCodeName(e.code) + QStringLiteral(": ") + e.message;
}

Result<SandboxExecResult> run(Sandbox *s, const QStringList &argv, const ExecOptions &options = {})
{
    return waitFor(s->exec(argv, options), waitMs);
}

Result<SandboxExecResult> shell(Sandbox *s, const QString &script, const ExecOptions &options = {})
{
    return run(s, {QStringLiteral("sh"), QStringLiteral("-c"), script}, options);
}

#define CHECK(cond, why)             \
    do {                             \
        if (!(cond))                 \
            return failed(why);      \
    } while (false)
#define CHECK_OK(r)                                   \
    do {                                              \
        if (!(r))                                     \
            return failed(describe((r).error()));     \
    } while (false)

QString show(const QByteArray &b)
{
    return QString::fromUtf8(b.left(200));
}

// A process started with setsid survives a process-group kill; the contract says a timed-out
// command ends with everything it started, so look for it from a second exec.
ConformanceOutcome stopsEverything(Sandbox *s, bool cancel)
{
    const QString pidFile = QStringLiteral("/tmp/conformance-gc-%1").arg(cancel ? 1 : 0);
    const QString script = QStringLiteral("setsid sh -c 'echo $$ > %1; exec sleep 300' </dev/null >/dev/null 2>&1 & sleep 300")
                               .arg(pidFile);
    QElapsedTimer clock;
    clock.start();
    if (cancel) {
        CancelToken token;
        ExecJob *job = s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, {}, &token);
        QEventLoop loop;
        QTimer::singleShot(1000, &loop, &QEventLoop::quit);
        loop.exec();
        token.cancel();
        auto r = waitFor(job, waitMs);
        CHECK(!r && r.error().code == ErrorCode::Cancelled,
              QStringLiteral("a cancelled exec did not fail with cancelled: %1").arg(r ? QStringLiteral("it succeeded") : describe(r.error())));
    } else {
        ExecOptions o;
        o.timeoutMs = 1000;
        auto r = shell(s, script, o);
        CHECK_OK(r);
        CHECK(r->timedOut, QStringLiteral("timedOut is not set"));
        CHECK(!r->exitCode, QStringLiteral("a timed-out exec has an exit code"));
    }
    CHECK(clock.elapsed() < 20'000, QStringLiteral("stopping took %1 ms").arg(clock.elapsed()));
    auto check = shell(s, QStringLiteral("p=$(cat %1) || exit 2; kill -0 $p 2>/dev/null && exit 1; exit 0").arg(pidFile));
    CHECK_OK(check);
    CHECK(check->exitCode != 2, QStringLiteral("the grandchild never started"));
    CHECK(check->exitCode == 0, QStringLiteral("the setsid'd grandchild is still running"));
    return pass();
}

} // namespace

QList<ConformanceCheck> sandboxConformance()
{
    QList<ConformanceCheck> checks;
    checks << ConformanceCheck{QStringLiteral("exec returns exit code, stdout and stderr"), [](Sandbox *s) {
        auto r = shell(s, QStringLiteral("echo out; echo err >&2; exit 3"));
        CHECK_OK(r);
        CHECK(r->exitCode == 3, QStringLiteral("exit code %1").arg(r->exitCode.value_or(-1)));
        CHECK(r->stdoutData == "out\n", QStringLiteral("stdout '%1'").arg(show(r->stdoutData)));
        CHECK(r->stderrData == "err\n", QStringLiteral("stderr '%1'").arg(show(r->stderrData)));
        CHECK(!r->timedOut && !r->truncated, QStringLiteral("timedOut or truncated set"));
        CHECK(r->durationMs >= 0 && r->durationMs < waitMs, QStringLiteral("durationMs %1").arg(r->durationMs));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("arguments reach the program unchanged"), [](Sandbox *s) {
        const QString tricky = QStringLiteral("a b 'c' \"d\" $HOME `x` ; | é");
        auto r = run(s, {QStringLiteral("printf"), QStringLiteral("%s|"), tricky, QString()});
        CHECK_OK(r);
        CHECK(r->stdoutData == tricky.toUtf8() + "||", QStringLiteral("got '%1'").arg(show(r->stdoutData)));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("commands run in the workdir, cwd is relative to it"), [](Sandbox *s) {
        auto r = run(s, {QStringLiteral("pwd")});
        CHECK_OK(r);
        CHECK(r->stdoutData.trimmed() == s->workdir().toUtf8(), QStringLiteral("pwd '%1'").arg(show(r->stdoutData)));
        auto w = waitFor(s->writeFile(QStringLiteral("conformance/sub/x"), "x"), waitMs);
        CHECK_OK(w);
        ExecOptions o;
        o.cwd = QStringLiteral("conformance/sub");
        r = run(s, {QStringLiteral("pwd")}, o);
        CHECK_OK(r);
        CHECK(r->stdoutData.trimmed() == (s->workdir() + QStringLiteral("/conformance/sub")).toUtf8(),
              QStringLiteral("pwd '%1'").arg(show(r->stdoutData)));
        o.cwd = QStringLiteral("conformance/missing");
        r = run(s, {QStringLiteral("pwd")}, o);
        CHECK_OK(r);
        CHECK(r->exitCode != 0, QStringLiteral("a missing cwd ran the command"));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("a missing program fails with a non-zero exit"), [](Sandbox *s) {
        auto r = run(s, {QStringLiteral("no-such-program-sandbench")});
        CHECK_OK(r);
        CHECK(r->exitCode && *r->exitCode != 0, QStringLiteral("exit code %1").arg(r->exitCode.value_or(-1)));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("env: the sandbox's and the command's"), [](Sandbox *s) {
        ExecOptions o;
        o.env.insert(QStringLiteral("SB_ONE"), QStringLiteral("it's \"one\" $x"));
        auto r = shell(s, QStringLiteral("printf '%s' \"$SB_ONE\""), o);
        CHECK_OK(r);
        CHECK(r->stdoutData == "it's \"one\" $x", QStringLiteral("got '%1'").arg(show(r->stdoutData)));
        const auto &env = s->options().env;
        for (auto it = env.cbegin(); it != env.cend(); ++it) {
            r = shell(s, QStringLiteral("printf '%s' \"$%1\"").arg(it.key()));
            CHECK_OK(r);
            CHECK(r->stdoutData == it.value().toUtf8(), QStringLiteral("%1 is '%2'").arg(it.key(), show(r->stdoutData)));
        }
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("stdin and binary output round-trip"), [](Sandbox *s) {
        QByteArray all;
        for (int i = 0; i < 256; ++i)
            all += char(i);
        all = all.repeated(64);
        ExecOptions o;
        o.stdinData = all;
        auto r = run(s, {QStringLiteral("cat")}, o);
        CHECK_OK(r);
        CHECK(r->stdoutData == all, QStringLiteral("%1 bytes came back, %2 went in").arg(r->stdoutData.size()).arg(all.size()));
        r = run(s, {QStringLiteral("cat")});
        CHECK_OK(r);
        CHECK(r->exitCode == 0 && r->stdoutData.isEmpty(), QStringLiteral("cat without stdin did not see end of input"));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("output is delivered as it comes"), [](Sandbox *s) {
        ExecJob *job = s->exec({QStringLiteral("sh"), QStringLiteral("-c"),
                                QStringLiteral("echo one; sleep 1; echo two >&2; echo three")});
        QByteArray out, err;
        QElapsedTimer clock;
        clock.start();
        qint64 firstAt = -1;
        QObject::connect(job, &ExecJob::output, job, [&](SandboxStream stream, const QByteArray &data) {
            if (firstAt < 0)
                firstAt = clock.elapsed();
            (stream == SandboxStream::Stdout ? out : err) += data;
        });
        auto r = waitFor(job, waitMs);
        CHECK_OK(r);
        CHECK(out == r->stdoutData && err == r->stderrData, QStringLiteral("streamed output differs from the result"));
        CHECK(firstAt >= 0 && firstAt < r->durationMs - 500,
              QStringLiteral("first output at %1 ms of %2").arg(firstAt).arg(r->durationMs));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("output over maxOutputBytes is truncated"), [](Sandbox *s) {
        const qint64 cap = s->limits().maxOutputBytes;
        auto r = shell(s, QStringLiteral("head -c %1 /dev/zero; echo small >&2").arg(cap + 1000));
        CHECK_OK(r);
        CHECK(r->truncated, QStringLiteral("truncated is not set"));
        CHECK(r->stdoutData.size() == cap, QStringLiteral("kept %1 of a cap of %2").arg(r->stdoutData.size()).arg(cap));
        CHECK(r->stderrData == "small\n", QStringLiteral("stderr '%1'").arg(show(r->stderrData)));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("a timed-out command stops with everything it started"),
                               [](Sandbox *s) { return stopsEverything(s, false); }};
    checks << ConformanceCheck{QStringLiteral("a cancelled command stops with everything it started"),
                               [](Sandbox *s) { return stopsEverything(s, true); }};
    checks << ConformanceCheck{QStringLiteral("files: write creates folders and replaces, read returns the bytes"), [](Sandbox *s) {
        QByteArray data;
        for (int i = 0; i < 256; ++i)
            data += char(i);
        CHECK_OK(waitFor(s->writeFile(QStringLiteral("conformance/a/b/c.bin"), "old content"), waitMs));
        CHECK_OK(waitFor(s->writeFile(QStringLiteral("conformance/a/b/c.bin"), data), waitMs));
        auto r = waitFor(s->readFile(s->workdir() + QStringLiteral("/conformance/a/b/c.bin")), waitMs);
        CHECK_OK(r);
        CHECK(r->has_value() && **r == data, QStringLiteral("read back something else"));
        CHECK_OK(waitFor(s->writeFile(QStringLiteral("conformance/empty"), QByteArray()), waitMs));
        r = waitFor(s->readFile(QStringLiteral("conformance/empty")), waitMs);
        CHECK_OK(r);
        CHECK(r->has_value() && (*r)->isEmpty(), QStringLiteral("an empty file did not read back empty"));
        r = waitFor(s->readFile(QStringLiteral("conformance/none")), waitMs);
        CHECK_OK(r);
        CHECK(!r->has_value(), QStringLiteral("a missing file has a value"));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("files: a read over maxFileBytes fails with limit exceeded"), [](Sandbox *s) {
        const qint64 max = s->limits().maxFileBytes;
        auto w = shell(s, QStringLiteral("mkdir -p conformance && head -c %1 /dev/zero > conformance/big").arg(max + 1));
        CHECK_OK(w);
        auto r = waitFor(s->readFile(QStringLiteral("conformance/big")), waitMs);
        CHECK(!r && r.error().code == ErrorCode::LimitExceeded,
              QStringLiteral("got %1").arg(r ? QStringLiteral("a value") : describe(r.error())));
        auto wr = waitFor(s->writeFile(QStringLiteral("conformance/big2"), QByteArray(max + 1, 'x')), waitMs);
        CHECK(!wr && wr.error().code == ErrorCode::LimitExceeded, QStringLiteral("an oversized write was not refused"));
        CHECK_OK(waitFor(s->removeFile(QStringLiteral("conformance/big")), waitMs));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("files: list gives name, type, size, modified"), [](Sandbox *s) {
        CHECK_OK(waitFor(s->writeFile(QStringLiteral("conformance/list/f.txt"), "12345"), waitMs));
        CHECK_OK(waitFor(s->writeFile(QStringLiteral("conformance/list/.hidden"), "1"), waitMs));
        CHECK_OK(waitFor(s->writeFile(QStringLiteral("conformance/list/d/x"), "1"), waitMs));
        auto r = waitFor(s->listFiles(QStringLiteral("conformance/list")), waitMs);
        CHECK_OK(r);
        CHECK(r->has_value() && (*r)->size() == 3, QStringLiteral("%1 entries").arg(r->has_value() ? (*r)->size() : -1));
        bool sawFile = false, sawDir = false, sawHidden = false;
        for (const FileEntry &e : **r) {
            if (e.name == QLatin1String("f.txt"))
                sawFile = e.type == FileType::File && e.size == 5
                          && qAbs(e.modified.secsTo(QDateTime::currentDateTimeUtc())) < 3600;
            sawDir = sawDir || (e.name == QLatin1String("d") && e.type == FileType::Directory);
            sawHidden = sawHidden || e.name == QLatin1String(".hidden");
        }
        CHECK(sawFile && sawDir && sawHidden, QStringLiteral("entries are wrong"));
        auto none = waitFor(s->listFiles(QStringLiteral("conformance/nothing-here")), waitMs);
        CHECK_OK(none);
        CHECK(!none->has_value(), QStringLiteral("a missing folder has a value"));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("files: remove needs recursive for a folder with content"), [](Sandbox *s) {
        CHECK_OK(waitFor(s->writeFile(QStringLiteral("conformance/rm/d/x"), "1"), waitMs));
        auto r = waitFor(s->removeFile(QStringLiteral("conformance/rm/d")), waitMs);
        CHECK(!r && r.error().code == ErrorCode::InvalidInput, QStringLiteral("a full folder went without recursive"));
        CHECK_OK(waitFor(s->removeFile(QStringLiteral("conformance/rm/d/x")), waitMs));
        auto gone = waitFor(s->readFile(QStringLiteral("conformance/rm/d/x")), waitMs);
        CHECK(gone && !gone->has_value(), QStringLiteral("a removed file is still there"));
        CHECK_OK(waitFor(s->writeFile(QStringLiteral("conformance/rm/d/y"), "1"), waitMs));
        CHECK_OK(waitFor(s->removeFile(QStringLiteral("conformance/rm"), true), waitMs));
        auto list = waitFor(s->listFiles(QStringLiteral("conformance/rm")), waitMs);
        CHECK(list && !list->has_value(), QStringLiteral("a recursively removed folder is still there"));
        return pass();
    }};
    checks << ConformanceCheck{QStringLiteral("bad arguments fail with invalid input before the provider"), [](Sandbox *s) {
        auto r = waitFor(s->readFile(QString()), waitMs);
        CHECK(!r && r.error().code == ErrorCode::InvalidInput, QStringLiteral("an empty path was taken"));
        auto e = waitFor(s->exec({}), waitMs);
        CHECK(!e && e.error().code == ErrorCode::InvalidInput, QStringLiteral("an empty command was taken"));
        ExecOptions o;
        o.timeoutMs = s->limits().maxExecTimeoutMs + 1;
        e = waitFor(s->exec({QStringLiteral("true")}, o), waitMs);
        CHECK(!e && e.error().code == ErrorCode::LimitExceeded, QStringLiteral("a timeout over the maximum was taken"));
        auto u = s->url(1);
        CHECK(!u && u.error().code == ErrorCode::InvalidInput, QStringLiteral("url() of a port not asked for"));
        return pass();
    }};
    return checks;
}

} // namespace Sandbench
