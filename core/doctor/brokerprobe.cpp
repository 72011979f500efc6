#include "brokerprobe.h"

#include "exec/execengine.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace Sandbench {

namespace {

// A JavaScript string literal of `text` (JSON's is one).
QString jsString(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

} // namespace

BrokerProbe::BrokerProbe(const DoctorOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_engine(new ExecEngine(this))
    , m_dir(QDir::tempPath() + QStringLiteral("/sandbench-doctor-XXXXXX"))
{
    m_engine->setConfig(options.engine);
}

void BrokerProbe::start()
{
    m_secret = QFileInfo(m_dir.path()).canonicalFilePath() + QStringLiteral("/secret.txt");
    QFile secret(m_secret);
    if (!m_dir.isValid() || !secret.open(QIODevice::WriteOnly) || secret.write("SECRET-CONTENT\n") < 0) {
        QMetaObject::invokeMethod(this, [this] { done(LayerState::Missing, QStringLiteral("cannot write the probe's file in %1").arg(QDir::tempPath())); },
                                  Qt::QueuedConnection);
        return;
    }
    secret.close();
    ExecRequest request;
    request.code = QStringLiteral("try { console.log('READ ' + Deno.readTextFileSync(%1)); } catch (e) { console.log('REFUSED ' + e.name); }")
                           .arg(jsString(m_secret));
    request.policy.sandbox = true;
    request.policy.timeoutMs = m_options.probeTimeoutMs;
    // The broker alone is judged here; the cgroups have layers of their own.
    request.policy.acceptMissingLayers = Policy::acceptableMissingLayers();
    connect(m_engine, &ExecEngine::failed, this, [this](const Error &error) {
        done(LayerState::Missing, QStringLiteral("the probe run did not start: %1").arg(error.message));
    });
    connect(m_engine, &ExecEngine::finished, this, [this](const ExecResult &result) {
        const bool denied = std::any_of(result.auditEvents.begin(), result.auditEvents.end(), [this](const AuditEvent &e) {
            return !e.allowed && e.kind == QLatin1String("read") && e.resource == m_secret;
        });
        if (result.stdoutData.contains("SECRET-CONTENT") || result.stdoutData.startsWith("READ"))
            done(LayerState::Missing, QStringLiteral("a --sandbox run read a file no rule grants"));
        else if (!denied)
            done(LayerState::Missing, QStringLiteral("no denial reached the broker (output: %1)").arg(QString::fromUtf8(result.stdoutData.trimmed().left(200))));
        else if (!result.stdoutData.startsWith("REFUSED NotCapable"))
            done(LayerState::Missing, QStringLiteral("the broker denied the read but the script was not refused (output: %1)")
                                              .arg(QString::fromUtf8(result.stdoutData.trimmed().left(200))));
        else
            done(LayerState::Held, QStringLiteral("a read no rule grants reached the broker, was denied and audited, and the script got NotCapable"));
    });
    m_engine->start(request);
}

void BrokerProbe::done(LayerState state, const QString &why)
{
    if (m_done)
        return;
    m_done = true;
    emit finished({QLatin1String(DoctorLayer::broker), state, why});
}

} // namespace Sandbench
