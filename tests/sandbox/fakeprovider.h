#pragma once

#include "sandbox/sandboxprovider.h"

#include <QHash>
#include <QTimer>

namespace Sandbench::Test {

// A provider that needs no engine: exec echoes its argv (or sleeps for "sleep N" until
// cancelled), files live in a map. It records what reached it, so tests can prove the pool
// refused a call before the provider saw it.
class FakeBackend : public SandboxBackend
{
    Q_OBJECT
public:
    FakeBackend(QString id, QObject *parent) : SandboxBackend(parent), m_id(std::move(id)) {}

    QString id() const override { return m_id; }
    ExecJob *exec(const BackendExecRequest &request) override;
    BytesOperation *readFile(const QString &path, qint64 maxBytes) override;
    VoidOperation *writeFile(const QString &path, const QByteArray &data) override;
    Result<QUrl> url(int port) const override { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port + 10000)); }
    VoidOperation *release() override;
    VoidOperation *extend(const QDateTime &expires) override
    {
        return writeDeadline(QStringLiteral("/run/sandbench/deadline"), expires);
    }

    QList<BackendExecRequest> execs;
    QStringList paths;
    int releases = 0;
    int releaseDelayMs = 0; // < 0: a release is never answered
    QHash<QString, QByteArray> files;
    // When set, output larger than the cap it was given (a provider that does not respect it).
    qint64 misbehaveBytes = 0;

private:
    QString m_id;
};

class FakeProvider : public SandboxProvider
{
    Q_OBJECT
public:
    QString id() const override { return QStringLiteral("fake"); }
    SandboxFeatures features() const override { return m_features; }
    QString workdir() const override { return QStringLiteral("/work"); }
    qint64 maxLifetimeMs() const override { return 3'600'000; }
    QString defaultImage() const override { return QStringLiteral("fake:1"); }
    SandboxLimits limits() const override { return m_limits; }
    Operation<SandboxBackend *> *create(const BackendCreateRequest &request) override;
    CountOperation *reapOrphans() override;

    SandboxFeatures m_features{true, true, false, {NetworkKind::None, NetworkKind::All}};
    SandboxLimits m_limits{2.0, 1024};
    QList<BackendCreateRequest> creates;
    int createDelayMs = 0;
    int reapDelayMs = 0;
    int reaps = 0;
    QList<FakeBackend *> backends;
};

} // namespace Sandbench::Test
