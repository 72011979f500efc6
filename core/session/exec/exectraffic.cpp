#include "exectraffic.h"

#include "net/trafficproxyconfig.h"
#include "session/exec/execsession.h"
#include "session/sandbox/sandboxpayloads.h"
#include "session/traffic/trafficmatcher.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace Sandbench::ExecTraffic {

namespace {

constexpr qsizetype maxNotedErrors = 10;

bool storeBody(const QString &filesDir, const SandboxPayloadRef &ref, const SandboxPayloads &payloads)
{
    const QString target = filesDir + QLatin1Char('/') + ref.sha256;
    if (QFileInfo::exists(target))
        return true;
    auto data = payloads.load(ref, QStringLiteral("a recorded body"));
    if (!data)
        return false;
    QSaveFile file(target);
    return file.open(QIODevice::WriteOnly) && file.write(*data) == data->size() && file.commit();
}

} // namespace

VoidResult record(const ExecRequest &request, const ExecResult &result, const QString &filesDir, ExecSessionManifest &manifest)
{
    if (!result.trafficCaptured) {
        if (!result.trafficNotCaptured.isEmpty())
            manifest.notes << QStringLiteral("traffic not recorded: %1").arg(result.trafficNotCaptured);
        return {};
    }
    manifest.trafficRecorded = true;
    TrafficRedaction redaction;
    for (const SandboxSecret &s : request.secrets)
        redaction.secrets.append({s.name, s.value, result.secretPlaceholders.value(s.name).toLatin1()});
    SandboxPayloads payloads;
    QStringList errors;
    for (const QByteArray &line : result.trafficLines) {
        if (!line.startsWith(TrafficProxyConfig::trafficLinePrefix))
            continue;
        const QByteArray json = line.mid(qsizetype(sizeof TrafficProxyConfig::trafficLinePrefix) - 1);
        if (auto ok = manifest.traffic.addProxyLine(json, redaction, payloads, manifest.recordedAtMs); !ok && errors.size() < maxNotedErrors)
            errors << ok.error().message;
    }
    for (const QString &error : std::as_const(errors))
        manifest.notes << QStringLiteral("traffic not recorded: %1").arg(error);
    if (result.trafficLinesDropped > 0)
        manifest.notes << QStringLiteral("%1 requests were not recorded: over the proxy's bounds").arg(result.trafficLinesDropped);
    for (const RecordedExchange &e : std::as_const(manifest.traffic.exchanges)) {
        for (const SandboxPayloadRef &body : {e.requestBody, e.responseBody}) {
            if (!storeBody(filesDir, body, payloads))
                return fail(ErrorCode::Io, QStringLiteral("cannot store a recorded body in %1").arg(filesDir));
        }
    }
    return {};
}

Result<QByteArray> replayJson(const ExecSession &bundle)
{
    const RecordedTraffic &traffic = bundle.manifest.traffic;
    SandboxPayloads payloads;
    qint64 bytes = 0;
    for (qsizetype i = 0; i < traffic.exchanges.size(); ++i) {
        const SandboxPayloadRef &ref = traffic.exchanges.at(i).responseBody;
        // Bounded before a byte is read: the run's proxy reads its recording from a file.
        bytes += ref.size;
        if (bytes > TrafficProxyConfig::maxReplayBytes)
            return fail(ErrorCode::LimitExceeded, QStringLiteral("the recorded traffic is larger than the %1 bytes a replay serves (at request %2)")
                                                      .arg(TrafficProxyConfig::maxReplayBytes).arg(i + 1));
        QFile file(bundle.filePath(ref.sha256));
        if (!file.open(QIODevice::ReadOnly) || file.size() != ref.size)
            return fail(ErrorCode::Parse, QStringLiteral("recorded request %1: its response body is missing from the bundle").arg(i + 1));
        if (payloads.add(file.readAll()) != ref)
            return fail(ErrorCode::Parse, QStringLiteral("recorded request %1: its response body does not match its digest").arg(i + 1));
    }
    return traffic.replayJson(payloads, TrafficProxyConfig::maxReplayBytes);
}

std::optional<Divergence> compare(const RecordedTraffic &recorded, const ExecResult &replayed)
{
    TrafficMatcher matcher(recorded);
    qint64 index = 0;
    for (const QByteArray &line : replayed.trafficLines) {
        if (!line.startsWith(TrafficProxyConfig::replayLinePrefix))
            continue;
        ++index;
        if (auto diverged = matcher.match(ReplayedRequest::fromProxyLine(line.mid(qsizetype(sizeof TrafficProxyConfig::replayLinePrefix) - 1)), index))
            return diverged;
    }
    if (auto unasked = matcher.unaskedDivergence(index + 1))
        return unasked;
    return std::nullopt;
}

} // namespace Sandbench::ExecTraffic
