#include "sandboxstep.h"

#include <QCryptographicHash>

namespace Sandbench {

SandboxPayloadRef payloadRefOf(QByteArrayView data)
{
    // Most outputs are empty (the stderr of nearly every command): its digest is worked out once.
    static const QString empty = QString::fromLatin1(QCryptographicHash::hash({}, QCryptographicHash::Sha256).toHex());
    if (data.isEmpty())
        return {empty, 0};
    return {QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex()), data.size()};
}

void SandboxStepOutcome::setError(const Error &e)
{
    error = errorCodeName(e.code) + QStringLiteral(": ") + e.message;
    errorCode = errorCodeName(e.code);
}

QString payloadKindName(SandboxPayloadKind kind)
{
    switch (kind) {
    case SandboxPayloadKind::Stdin: return QStringLiteral("stdin");
    case SandboxPayloadKind::Stdout: return QStringLiteral("stdout");
    case SandboxPayloadKind::Stderr: return QStringLiteral("stderr");
    case SandboxPayloadKind::Data: return QStringLiteral("data");
    case SandboxPayloadKind::Png: return QStringLiteral("png");
    }
    return {};
}

std::optional<SandboxPayloadRef> payloadOf(const SandboxStep &step, SandboxPayloadKind kind)
{
    if (const auto *exec = step.as<SandboxExecStep>()) {
        switch (kind) {
        case SandboxPayloadKind::Stdin: return exec->stdinData;
        case SandboxPayloadKind::Stdout: return exec->stdoutData;
        case SandboxPayloadKind::Stderr: return exec->stderrData;
        default: return std::nullopt;
        }
    }
    if (const auto *write = step.as<SandboxWriteStep>(); write && kind == SandboxPayloadKind::Data)
        return write->data;
    if (const auto *shot = step.as<SandboxScreenshotStep>(); shot && kind == SandboxPayloadKind::Png)
        return shot->png;
    return std::nullopt;
}

QList<SandboxPayloadRef> payloadsOf(const SandboxStep &step)
{
    QList<SandboxPayloadRef> out;
    for (SandboxPayloadKind kind : {SandboxPayloadKind::Stdin, SandboxPayloadKind::Stdout, SandboxPayloadKind::Stderr,
                                    SandboxPayloadKind::Data, SandboxPayloadKind::Png}) {
        if (auto ref = payloadOf(step, kind))
            out << *ref;
    }
    return out;
}

QString stepKindName(const SandboxStep &step)
{
    switch (step.call.index()) {
    case 0: return QStringLiteral("exec");
    case 1: return QStringLiteral("write");
    case 2: return QStringLiteral("screenshot");
    case 3: return QStringLiteral("input");
    }
    return {};
}

QString stepOutcomeText(const SandboxStep &step)
{
    if (step.outcome.error)
        return QStringLiteral("failed (%1)").arg(step.outcome.errorCode);
    if (step.is<SandboxWriteStep>())
        return QStringLiteral("written");
    if (step.is<SandboxScreenshotStep>())
        return QStringLiteral("taken");
    if (step.is<SandboxInputStep>())
        return QStringLiteral("sent");
    const auto &exec = *step.as<SandboxExecStep>();
    if (exec.timedOut)
        return QStringLiteral("timed out");
    return exec.exitCode ? QStringLiteral("exit %1").arg(*exec.exitCode) : QStringLiteral("stopped");
}

} // namespace Sandbench
