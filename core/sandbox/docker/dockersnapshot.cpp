#include "dockerprovider.h"

#include "sandbox/docker/dockerbackend.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUrl>

#include <memory>
#include <sys/stat.h>
#include <unistd.h>

// Snapshots of Docker sandboxes. The root filesystem is read-only, so what a sandbox wrote
// lives in its tmpfs places, which `docker commit` does not see: they go into a tar archive made
// inside the sandbox by its own user (no capability, the same as any of its commands), kept
// owner-only on this machine, and unpacked by the new sandbox's user after create. The commit
// still pins the image the sandbox ran, and carries the archive's digest as a label.
namespace Sandbench {

namespace {

constexpr char snapshotLabel[] = "io.sandbench.snapshot";
constexpr char snapshotUserLabel[] = "io.sandbench.snapshot.user";
constexpr char snapshotArchiveLabel[] = "io.sandbench.snapshot.archive";
constexpr char snapshotSourceLabel[] = "io.sandbench.snapshot.source";
// Every tmpfs of a sandbox is at most a few GiB (workspace, tmp, volumes); more is not one of ours.
constexpr qint64 maxArchiveBytes = qint64(8) << 30;

QString userId() { return QString::number(::getuid()); }

QByteArray labelFilter(const QString &label, bool dangling = false)
{
    const QString json = dangling ? QStringLiteral(R"({"label":["%1"],"dangling":["true"]})").arg(label)
                                  : QStringLiteral(R"({"label":["%1"]})").arg(label);
    return QUrl::toPercentEncoding(json);
}

struct ArchiveWriter
{
    QSaveFile file;
    QCryptographicHash hash{QCryptographicHash::Sha256};
    qint64 bytes = 0;
    bool failed = false;
};

} // namespace

QString DockerProvider::snapshotImage(const QString &name)
{
    return QStringLiteral("sandbench-snapshot/u%1:%2").arg(userId(), name);
}

Result<QString> DockerProvider::snapshotDir() const
{
    const QString dir = !m_options.snapshotDir.isEmpty()
                            ? m_options.snapshotDir
                            : QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/sandbench/snapshots");
    if (!QDir().mkpath(dir))
        return std::unexpected(Error{ErrorCode::EnvironmentError, QStringLiteral("cannot make the snapshot folder %1").arg(dir)});
    struct stat st{};
    if (::lstat(QFile::encodeName(dir).constData(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::getuid())
        return std::unexpected(Error{ErrorCode::EnvironmentError, QStringLiteral("the snapshot folder %1 is not a folder of this user's; refused").arg(dir)});
    // Owner-only whatever the umask made it: archives hold whatever the sandbox wrote.
    if ((st.st_mode & 077) != 0 && ::chmod(QFile::encodeName(dir).constData(), 0700) != 0)
        return std::unexpected(Error{ErrorCode::EnvironmentError, QStringLiteral("cannot make the snapshot folder %1 owner-only").arg(dir)});
    return dir;
}

SnapshotOperation *DockerProvider::snapshot(const QString &sandboxId, const QString &name)
{
    auto *op = new SnapshotOperation(this);
    if (auto valid = validateSnapshotName(name); !valid)
        return op->finish(std::unexpected(valid.error())), op;
    auto dir = snapshotDir();
    if (!dir)
        return op->finish(std::unexpected(dir.error())), op;
    const QString archivePath = *dir + QLatin1Char('/') + name + QStringLiteral(".tar");
    const QByteArray ref = QUrl::toPercentEncoding(snapshotImage(name));
    m_engine.call(op, "GET", "/images/" + ref + "/json", [this, op, sandboxId, name, archivePath](const Result<HttpResponse> &r) {
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status == 200 || QFileInfo::exists(archivePath))
            return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("a snapshot called %1 exists already").arg(name)));
        listOurs(op, [this, op, sandboxId, name, archivePath](Result<QList<SandboxInfo>> list) {
            if (!list)
                return void(op->finish(std::unexpected(list.error())));
            QList<SandboxInfo> matches;
            for (const SandboxInfo &info : *list) {
                if (info.name == sandboxId || (sandboxId.size() >= 4 && info.id.startsWith(sandboxId)))
                    matches << info;
            }
            if (matches.size() != 1)
                return void(op->fail(ErrorCode::InvalidInput,
                                     matches.isEmpty() ? QStringLiteral("no sandbox of ours is called %1").arg(sandboxId)
                                                       : QStringLiteral("%1 names more than one sandbox").arg(sandboxId)));
            if (matches.first().state != QLatin1String("running"))
                return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("sandbox %1 is %2, not running").arg(sandboxId, matches.first().state)));
            snapshotContainer(op, matches.first(), name, archivePath);
        });
    });
    return op;
}

void DockerProvider::snapshotContainer(SnapshotOperation *op, const SandboxInfo &info, const QString &name, const QString &archivePath)
{
    const QByteArray id = info.id.toLatin1();
    m_engine.call(op, "GET", "/containers/" + id + "/json", [this, op, info, name, archivePath](const Result<HttpResponse> &r) {
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status != 200)
            return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("inspect"), *r))));
        const QJsonObject container = QJsonDocument::fromJson(r->body).object();
        // Every tmpfs but root's own (sandbench-inside, the deadline, the env file).
        static const QRegularExpression placeRe(QRegularExpression::anchoredPattern(QStringLiteral("(/[A-Za-z0-9._-]+)+")));
        QStringList places;
        const QJsonObject tmpfs = container.value(QLatin1String("HostConfig")).toObject().value(QLatin1String("Tmpfs")).toObject();
        for (auto it = tmpfs.begin(); it != tmpfs.end(); ++it) {
            if (it.key() == QLatin1String("/run/sandbench"))
                continue;
            if (!placeRe.match(it.key()).hasMatch() || it.key().contains(QLatin1String("/..")) || it.key().contains(QLatin1String("/./")))
                return void(op->fail(ErrorCode::InvalidConfig, QStringLiteral("sandbox %1 has a tmpfs at %2, which a snapshot cannot hold").arg(info.name, it.key())));
            places << it.key().mid(1);
        }
        places.sort();
        // The sandbox is already ours and running with sandbench-inside: its commands go
        // through it like any other, as the sandbox's user.
        auto *backend = DockerBackend::attach(&m_engine, info.id, info.name, op);
        auto writer = std::make_shared<ArchiveWriter>();
        writer->file.setFileName(archivePath);
        if (!writer->file.open(QIODevice::WriteOnly))
            return void(op->fail(ErrorCode::EnvironmentError, QStringLiteral("cannot write %1: %2").arg(archivePath, writer->file.errorString())));
        BackendExecRequest tar;
        tar.argv = QStringList{QStringLiteral("tar"), QStringLiteral("-C"), QStringLiteral("/"), QStringLiteral("-cf"), QStringLiteral("-")} + places;
        tar.cwd = workdir();
        tar.timeoutMs = m_options.callTimeoutMs;
        tar.maxOutputBytes = maxArchiveBytes;
        ExecJob *job = backend->exec(tar);
        connect(job, &ExecJob::output, op, [writer](SandboxStream stream, const QByteArray &data) {
            if (stream != SandboxStream::Stdout || writer->failed)
                return;
            writer->hash.addData(data);
            writer->bytes += data.size();
            writer->failed = writer->file.write(data) != data.size();
        });
        job->then(op, [this, op, info, name, writer, places](const Result<SandboxExecResult> &t) {
            if (!t)
                return void(op->finish(std::unexpected(t.error())));
            if (t->timedOut || t->truncated || t->exitCode != 0 || writer->failed)
                return void(op->fail(ErrorCode::EnvironmentError,
                                     QStringLiteral("could not copy the files of sandbox %1 (tar: %2)")
                                         .arg(info.name, writer->failed ? writer->file.errorString()
                                                                        : QString::fromUtf8(t->stderrData.left(400)).trimmed())));
            const QString archiveDigest = QString::fromLatin1(writer->hash.result().toHex());
            const QJsonObject config{{QStringLiteral("Labels"), QJsonObject{
                {QLatin1String(snapshotLabel), name},
                {QLatin1String(snapshotUserLabel), userId()},
                {QLatin1String(snapshotArchiveLabel), archiveDigest},
                {QLatin1String(snapshotSourceLabel), info.id},
            }}};
            const QString image = snapshotImage(name);
            const qsizetype colon = image.lastIndexOf(QLatin1Char(':'));
            const QByteArray path = "/commit?container=" + info.id.toLatin1() + "&repo=" + QUrl::toPercentEncoding(image.left(colon))
                                    + "&tag=" + QUrl::toPercentEncoding(image.mid(colon + 1)) + "&pause=true";
            m_engine.call(op, "POST", path, config, [this, op, info, name, writer, archiveDigest](const Result<HttpResponse> &c) {
                if (!c)
                    return void(op->finish(std::unexpected(c.error())));
                if (c->status != 201)
                    return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("commit"), *c))));
                const QString imageId = QJsonDocument::fromJson(c->body).object().value(QLatin1String("Id")).toString();
                writer->file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
                if (!writer->file.commit()) {
                    const QString why = writer->file.errorString();
                    m_engine.call(this, "DELETE", "/images/" + QUrl::toPercentEncoding(snapshotImage(name)) + "?force=true", [](const auto &) {});
                    return void(op->fail(ErrorCode::EnvironmentError, QStringLiteral("cannot keep the snapshot's archive: %1").arg(why)));
                }
                SnapshotInfo out;
                out.name = name;
                out.imageId = imageId;
                out.archiveDigest = archiveDigest;
                out.digest = snapshotDigest(imageId, archiveDigest);
                out.sourceSandbox = info.id;
                out.created = QDateTime::currentDateTimeUtc();
                out.archiveBytes = writer->bytes;
                op->finish(out);
            });
        });
    });
}

SnapshotListOperation *DockerProvider::listSnapshots()
{
    auto *op = new SnapshotListOperation(this);
    auto dir = snapshotDir();
    if (!dir)
        return op->finish(std::unexpected(dir.error())), op;
    m_engine.call(op, "GET", "/images/json?filters=" + labelFilter(QStringLiteral("%1=%2").arg(QLatin1String(snapshotUserLabel), userId())),
                  [op, dir = *dir](const Result<HttpResponse> &r) {
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status != 200)
            return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("image list"), *r))));
        QList<SnapshotInfo> out;
        for (const QJsonValue &v : QJsonDocument::fromJson(r->body).array()) {
            const QJsonObject image = v.toObject();
            const QJsonObject labels = image.value(QLatin1String("Labels")).toObject();
            const QString name = labels.value(QLatin1String(snapshotLabel)).toString();
            // Untagged: removed while a sandbox still ran from it (reapOrphans takes it later).
            if (!validateSnapshotName(name) || !image.value(QLatin1String("RepoTags")).toArray().contains(snapshotImage(name)))
                continue;
            SnapshotInfo info;
            info.name = name;
            info.imageId = image.value(QLatin1String("Id")).toString();
            info.archiveDigest = labels.value(QLatin1String(snapshotArchiveLabel)).toString();
            info.digest = snapshotDigest(info.imageId, info.archiveDigest);
            info.sourceSandbox = labels.value(QLatin1String(snapshotSourceLabel)).toString();
            info.created = QDateTime::fromSecsSinceEpoch(image.value(QLatin1String("Created")).toInteger(), Qt::UTC);
            const QFileInfo archive(dir + QLatin1Char('/') + name + QStringLiteral(".tar"));
            info.archiveBytes = archive.exists() ? archive.size() : -1;
            out << info;
        }
        std::sort(out.begin(), out.end(), [](const SnapshotInfo &a, const SnapshotInfo &b) { return a.name < b.name; });
        op->finish(out);
    });
    return op;
}

VoidOperation *DockerProvider::removeSnapshot(const QString &name)
{
    auto *op = new VoidOperation(this);
    if (auto valid = validateSnapshotName(name); !valid)
        return op->finish(std::unexpected(valid.error())), op;
    auto dir = snapshotDir();
    if (!dir)
        return op->finish(std::unexpected(dir.error())), op;
    const QString archivePath = *dir + QLatin1Char('/') + name + QStringLiteral(".tar");
    // Forced: a sandbox still running from it keeps the image, untagged, until reapOrphans.
    m_engine.call(op, "DELETE", "/images/" + QUrl::toPercentEncoding(snapshotImage(name)) + "?force=true",
                  [op, name, archivePath](const Result<HttpResponse> &r) {
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status != 200 && r->status != 404)
            return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("image remove"), *r))));
        const bool hadArchive = QFileInfo::exists(archivePath);
        if (hadArchive && !QFile::remove(archivePath))
            return void(op->fail(ErrorCode::EnvironmentError, QStringLiteral("cannot remove %1").arg(archivePath)));
        if (r->status == 404 && !hadArchive)
            return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("no snapshot called %1").arg(name)));
        op->finish({});
    });
    return op;
}

void DockerProvider::reapSnapshotImages(QObject *context, std::function<void()> done)
{
    // Only untagged ones (removed snapshots, forks' own): a named snapshot is never an orphan.
    // Without force, the engine refuses one a sandbox still runs from.
    const QByteArray filter = labelFilter(QStringLiteral("%1=%2").arg(QLatin1String(snapshotUserLabel), userId()), true);
    m_engine.call(context, "GET", "/images/json?filters=" + filter, [this, context, done](const Result<HttpResponse> &r) {
        if (!r || r->status != 200)
            return done();
        const QJsonArray images = QJsonDocument::fromJson(r->body).array();
        if (images.isEmpty())
            return done();
        auto remaining = std::make_shared<int>(int(images.size()));
        for (const QJsonValue &v : images) {
            const QByteArray id = v.toObject().value(QLatin1String("Id")).toString().toLatin1();
            m_engine.call(context, "DELETE", "/images/" + QUrl::toPercentEncoding(QString::fromLatin1(id)), [done, remaining](const auto &) {
                if (--*remaining == 0)
                    done();
            });
        }
    });
}

void DockerProvider::createFromSnapshot(Operation<SandboxBackend *> *op, const BackendCreateRequest &request)
{
    const QString name = request.options.snapshot;
    if (auto valid = validateSnapshotName(name); !valid)
        return void(op->finish(std::unexpected(valid.error())));
    auto dir = snapshotDir();
    if (!dir)
        return void(op->finish(std::unexpected(dir.error())));
    const QString archivePath = *dir + QLatin1Char('/') + name + QStringLiteral(".tar");
    m_engine.call(op, "GET", "/images/" + QUrl::toPercentEncoding(snapshotImage(name)) + "/json",
                  [this, op, request, name, archivePath](const Result<HttpResponse> &r) {
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status == 404)
            return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("no snapshot called %1").arg(name)));
        if (r->status != 200)
            return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("image inspect"), *r))));
        const QJsonObject image = QJsonDocument::fromJson(r->body).object();
        const QJsonObject labels = image.value(QLatin1String("Config")).toObject().value(QLatin1String("Labels")).toObject();
        if (labels.value(QLatin1String(snapshotUserLabel)).toString() != userId() || labels.value(QLatin1String(snapshotLabel)).toString() != name)
            return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("image %1 is not a snapshot of this user's").arg(snapshotImage(name))));
        QFile file(archivePath);
        if (!file.open(QIODevice::ReadOnly))
            return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("snapshot %1 has lost its archive (%2)").arg(name, archivePath)));
        if (file.size() > maxArchiveBytes)
            return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("snapshot %1's archive is larger than any sandbox holds").arg(name)));
        const QByteArray archive = file.readAll();
        const QString archiveDigest = QString::fromLatin1(QCryptographicHash::hash(archive, QCryptographicHash::Sha256).toHex());
        if (archiveDigest != labels.value(QLatin1String(snapshotArchiveLabel)).toString())
            return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("snapshot %1's archive does not match the digest taken with it; refused").arg(name)));
        const QString imageId = image.value(QLatin1String("Id")).toString();
        const QString digest = snapshotDigest(imageId, archiveDigest);
        if (!request.options.snapshotDigest.isEmpty() && request.options.snapshotDigest != digest)
            return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("snapshot %1 holds %2, not the %3 asked for")
                                                              .arg(name, digest, request.options.snapshotDigest)));
        BackendCreateRequest plain = request;
        plain.options.snapshot.clear();
        plain.options.image = imageId;
        Operation<SandboxBackend *> *made = create(plain);
        made->then(op, [this, op, archive](const Result<SandboxBackend *> &m) {
            if (!m)
                return void(op->finish(std::unexpected(m.error())));
            SandboxBackend *backend = *m;
            backend->setParent(op);
            BackendExecRequest untar;
            untar.argv = {QStringLiteral("tar"), QStringLiteral("-C"), QStringLiteral("/"), QStringLiteral("-xf"), QStringLiteral("-")};
            untar.cwd = workdir();
            untar.stdinData = archive;
            untar.timeoutMs = m_options.callTimeoutMs;
            untar.maxOutputBytes = 4096;
            backend->exec(untar)->then(op, [op, backend](const Result<SandboxExecResult> &t) {
                if (t && t->exitCode == 0 && !t->timedOut) {
                    backend->setParent(nullptr);
                    return void(op->finish(backend));
                }
                backend->setParent(nullptr);
                backend->release()->then(backend, [backend](const Result<void> &) { backend->deleteLater(); });
                op->fail(ErrorCode::EnvironmentError, QStringLiteral("could not restore the snapshot's files: %1")
                                                          .arg(t ? QString::fromUtf8(t->stderrData.left(400)).trimmed() : t.error().message));
            });
        });
    });
}

} // namespace Sandbench
