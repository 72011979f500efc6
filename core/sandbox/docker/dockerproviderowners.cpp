#include "dockerprovider.h"

#include "sandbox/docker/dockerbackend.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QUrl>

#include <memory>

// The Docker provider's own sandboxes: whose they are (the owner label names a process for
// good), listing them, reaping those of a process that died, and removing one.
namespace Sandbench {

namespace {

QByteArray readProc(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
}

// Field 22 of /proc/<pid>/stat (clock ticks since boot): with the pid, names a process for good.
QByteArray startTime(const QString &pid)
{
    const QByteArray stat = readProc(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype paren = stat.lastIndexOf(')');
    if (paren < 0)
        return {};
    // After ")": state is field 3, so start time (22) is index 19 of what follows.
    return stat.mid(paren + 2).split(' ').value(19);
}

} // namespace

QString DockerProvider::ownerIdentity()
{
    static const QString identity = QStringLiteral("%1/%2/%3").arg(
        QString::fromLatin1(readProc(QStringLiteral("/proc/sys/kernel/random/boot_id"))),
        QString::number(QCoreApplication::applicationPid()),
        QString::fromLatin1(startTime(QStringLiteral("self"))));
    return identity;
}

bool DockerProvider::ownerAlive(const QString &owner)
{
    const QStringList parts = owner.split(QLatin1Char('/'));
    if (parts.size() != 3)
        return false;
    if (parts[0] != QString::fromLatin1(readProc(QStringLiteral("/proc/sys/kernel/random/boot_id"))))
        return false;
    const QByteArray start = startTime(parts[1]);
    return !start.isEmpty() && QString::fromLatin1(start) == parts[2];
}

void DockerProvider::listOurs(QObject *context, std::function<void(Result<QList<SandboxInfo>>)> done)
{
    const QByteArray filter = QUrl::toPercentEncoding(QStringLiteral(R"({"label":["%1"]})").arg(QLatin1String(ownerLabel)));
    m_engine.call(context, "GET", "/containers/json?all=true&filters=" + filter,
                  [done](const Result<HttpResponse> &r) {
        if (!r)
            return done(std::unexpected(r.error()));
        if (r->status != 200)
            return done(std::unexpected(DockerEngine::failure(QStringLiteral("list"), *r)));
        QList<SandboxInfo> out;
        const QString me = ownerIdentity();
        for (const QJsonValue &v : QJsonDocument::fromJson(r->body).array()) {
            const QJsonObject c = v.toObject();
            const QJsonObject labels = c.value(QLatin1String("Labels")).toObject();
            SandboxInfo info;
            info.id = c.value(QLatin1String("Id")).toString();
            info.name = c.value(QLatin1String("Names")).toArray().first().toString().mid(1);
            info.image = c.value(QLatin1String("Image")).toString();
            info.created = QDateTime::fromSecsSinceEpoch(c.value(QLatin1String("Created")).toInteger(0), Qt::UTC);
            info.expires = QDateTime::fromMSecsSinceEpoch(labels.value(QLatin1String(expiresLabel)).toString().toLongLong(), Qt::UTC);
            info.owner = labels.value(QLatin1String(ownerLabel)).toString();
            info.ours = info.owner == me;
            info.ownerAlive = info.ours || ownerAlive(info.owner);
            info.state = c.value(QLatin1String("State")).toString();
            info.persist = labels.value(QLatin1String(persistLabel)).toString() == QLatin1String("1");
            for (auto it = labels.begin(); it != labels.end(); ++it) {
                if (!it.key().startsWith(QLatin1String("io.sandbench.")))
                    info.labels.insert(it.key(), it.value().toString());
            }
            out << info;
        }
        done(out);
    });
}

CountOperation *DockerProvider::reapOrphans()
{
    auto *op = new CountOperation(this);
    // Sandboxes first: a dead owner's sandbox still holds its egress network.
    reapSandboxes(op, [this, op](Result<int> removed) {
        reapEgressOrphans(op, [this, op, removed] {
            reapSnapshotImages(op, [op, removed] { op->finish(removed); });
        });
    });
    return op;
}

void DockerProvider::reapSandboxes(QObject *context, std::function<void(Result<int>)> done)
{
    listOurs(context, [this, context, done](Result<QList<SandboxInfo>> r) {
        if (!r)
            return done(std::unexpected(r.error()));
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QStringList doomed;
        for (const SandboxInfo &info : *r) {
            // A persistent one outlives its owner on purpose; its lifetime alone ends it.
            if (!info.ours && ((!info.ownerAlive && !info.persist) || info.expires < now))
                doomed << info.id;
        }
        if (doomed.isEmpty())
            return done(0);
        auto remaining = std::make_shared<int>(int(doomed.size()));
        auto removed = std::make_shared<int>(0);
        for (const QString &id : doomed) {
            m_engine.call(context, "DELETE", "/containers/" + id.toLatin1() + "?force=true&v=true",
                          [done, remaining, removed](const Result<HttpResponse> &d) {
                if (d && (d->status == 204 || d->status == 404))
                    ++*removed;
                if (--*remaining == 0)
                    done(*removed);
            });
        }
    });
}

InfoListOperation *DockerProvider::listSandboxes()
{
    auto *op = new InfoListOperation(this);
    listOurs(op, [op](Result<QList<SandboxInfo>> r) { op->finish(std::move(r)); });
    return op;
}

void DockerProvider::findOurs(QObject *context, const QString &id, std::function<void(Result<SandboxInfo>)> done)
{
    listOurs(context, [id, done](Result<QList<SandboxInfo>> r) {
        if (!r)
            return done(std::unexpected(r.error()));
        QList<SandboxInfo> matches;
        for (const SandboxInfo &info : *r) {
            if (info.name == id || (id.size() >= 4 && info.id.startsWith(id)))
                matches << info;
        }
        if (matches.size() != 1)
            return done(fail(ErrorCode::InvalidInput,
                             matches.isEmpty() ? QStringLiteral("no sandbox of ours is called %1").arg(id)
                                               : QStringLiteral("%1 names more than one sandbox").arg(id)));
        done(matches.first());
    });
}

VoidOperation *DockerProvider::removeSandbox(const QString &id)
{
    auto *op = new VoidOperation(this);
    findOurs(op, id, [this, op](Result<SandboxInfo> found) {
        if (!found)
            return void(op->finish(std::unexpected(found.error())));
        m_engine.call(op, "DELETE", "/containers/" + found->id.toLatin1() + "?force=true&v=true",
                      [op](const Result<HttpResponse> &d) {
            if (!d)
                op->finish(std::unexpected(d.error()));
            else if (d->status == 204 || d->status == 404 || d->status == 409)
                op->finish({});
            else
                op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("remove"), *d)));
        });
    });
    return op;
}

ExecJob *DockerProvider::execSandbox(const QString &id, const BackendExecRequest &request)
{
    auto *job = new ExecJob(this);
    auto cancelled = std::make_shared<bool>(false);
    auto inner = std::make_shared<QPointer<ExecJob>>();
    job->setCanceller([job, cancelled, inner] {
        *cancelled = true;
        if (*inner)
            (*inner)->cancel();
        else
            job->fail(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    });
    // Only a running container carrying our owner label gets a command: the id is the caller's.
    findOurs(job, id, [this, job, request, cancelled, inner](Result<SandboxInfo> found) {
        if (*cancelled)
            return;
        if (!found)
            return void(job->finish(std::unexpected(found.error())));
        if (found->state == QLatin1String("paused"))
            return void(job->fail(ErrorCode::InvalidInput, QStringLiteral("sandbox %1 is paused: resume it first").arg(found->name)));
        if (found->state != QLatin1String("running"))
            return void(job->fail(ErrorCode::Gone, QStringLiteral("sandbox %1 is no longer running (%2)").arg(found->name, found->state)));
        const qint64 leftMs = QDateTime::currentDateTimeUtc().msecsTo(found->expires);
        if (leftMs <= 0)
            return void(job->fail(ErrorCode::Gone, QStringLiteral("sandbox %1's lifetime is over").arg(found->name)));
        BackendExecRequest bounded = request;
        bounded.timeoutMs = std::min(request.timeoutMs, leftMs);
        auto *backend = DockerBackend::attach(&m_engine, found->id, found->name, job, true);
        ExecJob *run = backend->exec(bounded);
        *inner = run;
        connect(run, &ExecJob::output, job, &ExecJob::output);
        run->then(job, [job](const Result<SandboxExecResult> &r) { job->finish(r); });
    });
    return job;
}

} // namespace Sandbench
