#pragma once

#include "common/result.h"
#include "sandbox/sandboxtypes.h"
#include "session/sandbox/sandboxpayloads.h"
#include "session/sandbox/sandboxstep.h"
#include "session/sessionarchive.h"
#include "session/traffic/recordedtraffic.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>

namespace Sandbench {

// A recorded sandbox session (.sbsession, like exec sessions): a gzip'd tar of
//   manifest.json    kind "sandbox": the image, network, env names (and values, when recorded)
//                    and every step
//   files/<sha256>   stdin, outputs, written data and screenshots, each stored once by content
//   SHA256SUMS       last: the digest of every other member
// Desktop steps, env values and recorded traffic came without a format change: version 1 files read as before,
// and a Sandbench that predates them refuses a file that has them by naming the unknown step
// kind.
//
// Steps refer to their payloads (SandboxPayloadRef); the bytes are in `payloads`: in memory
// while recording, in the file once read, loaded one at a time by load().
class SandboxSession
{
public:
    static constexpr int currentFormatVersion = 1;
    static inline const QString kindName = QStringLiteral("sandbox");

    int formatVersion = currentFormatVersion;
    QString applicationVersion;
    qint64 recordedAtMs = 0;
    QString image;
    // A session that started from a snapshot (sandboxsnapshot.h): its name and what it held;
    // the replay starts from the same snapshot and refuses one holding anything else.
    QString snapshot;
    QString snapshotDigest;
    NetworkKind network = NetworkKind::None;
    QStringList envNames;
    // Whether values were kept (SandboxSessionRecorder::setRecordEnvValues): then envValues
    // holds the sandbox's and each exec step's envValues its own. Off, the file has names only.
    bool envValuesRecorded = false;
    QMap<QString, QString> envValues;
    QList<SandboxStep> steps;
    // Network allow, recorded with --record: the HTTP(S) exchanges its egress proxy saw
    // (manifest sandbox.traffic and sandbox.trafficRedacted; bodies are files/<sha256> members
    // like any payload). A replay answers from them alone. Off, the file is as it always was.
    bool trafficRecorded = false;
    RecordedTraffic traffic;
    // Shared by copies of the session.
    std::shared_ptr<SandboxPayloads> payloads = std::make_shared<SandboxPayloads>();

    // Keeps `data` with the session (in memory) and refers to it: how a step gets its bytes.
    SandboxPayloadRef addPayload(const QByteArray &data) const { return payloads->add(data); }
    // The bytes of one payload of step `index` (0-based), checked against its digest; refused
    // with an error naming the step and the member when larger than maxBytes, or when the step
    // has no such payload.
    Result<QByteArray> load(qsizetype index, SandboxPayloadKind kind,
                            qint64 maxBytes = SandboxPayloads::defaultMaxLoadBytes) const;

    // Atomic like ExecSession::write. Payloads are written one at a time (those in the file
    // this session was read from are copied from it), so writing holds one of them at most.
    VoidResult write(const QString &path) const;
    // Checks the archive, the names, the sizes, the kind, the format version and every member's
    // digest (streamed: a member is hashed while it is read and dropped), and each step's
    // arguments as the Desktop API would (coordinates, click counts, text lengths). Keeps the
    // manifest and the small payloads (see SandboxPayloads), not the members. Errors are
    // ErrorCode::Parse (bad or newer file; a bad step is named by its 1-based number) or Io
    // (unreadable file).
    static Result<SandboxSession> read(const QString &path, const ArchiveLimits &limits = {});

    // manifest.json of a sandbox session, checked for its kind and format version (a newer one
    // is refused) and returned as parsed; its steps are checked by read().
    static Result<QJsonObject> checkManifest(const QByteArray &json, const QString &where);

    // Everything but where the payloads are kept.
    bool operator==(const SandboxSession &other) const;
};

} // namespace Sandbench
