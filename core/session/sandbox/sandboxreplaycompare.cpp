#include "sandboxreplaycompare.h"

#include "session/pngimage.h"

#include <QCryptographicHash>

namespace Sandbench {

namespace {

// What a stream of a step is shown as when its bytes could not be loaded to compare by line.
QString unloaded(const SandboxPayloadRef &ref, const Error &error)
{
    return QStringLiteral("%1 bytes, sha256 %2 (not compared by line: %3)").arg(ref.size).arg(ref.sha256.left(12), error.message);
}

std::optional<Divergence> streamDifference(ReplayStream stream, SandboxPayloadKind kind, const SandboxSession &rec,
                                           const SandboxSession &rep, qsizetype index)
{
    const auto a = payloadOf(rec.steps.at(index), kind);
    const auto b = payloadOf(rep.steps.at(index), kind);
    if (a == b || (!a && b && b->size == 0) || (!b && a && a->size == 0))
        return std::nullopt;
    const qint64 number = index + 1;
    // Different digests: the bytes are needed only to say where they differ.
    const Result<QByteArray> recorded = a ? rec.load(index, kind) : Result<QByteArray>(QByteArray());
    const Result<QByteArray> replayed = b ? rep.load(index, kind) : Result<QByteArray>(QByteArray());
    if (!recorded || !replayed)
        return Divergence{stream, number, recorded ? QStringLiteral("%1 bytes").arg(recorded->size()) : unloaded(*a, recorded.error()),
                          replayed ? QStringLiteral("%1 bytes").arg(replayed->size()) : unloaded(*b, replayed.error())};
    if (auto d = firstLineDifference(*recorded, *replayed))
        return Divergence{stream, number, d->recorded, d->replayed};
    return std::nullopt;
}

QString sha256Hex(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

// "1280x800 PNG, 10169 bytes, sha256 0123456789ab", or why it could not be decoded.
QString pngText(const QByteArray &png, const Result<PngImage> &image)
{
    const QString bytes = QStringLiteral("%1 bytes, sha256 %2").arg(png.size()).arg(sha256Hex(png).left(12));
    if (!image)
        return QStringLiteral("%1 (%2)").arg(bytes, image.error().message);
    return QStringLiteral("%1x%2 PNG, %3").arg(image->width).arg(image->height).arg(bytes);
}

} // namespace

std::optional<Divergence> compareScreenshots(qint64 step, const QByteArray &recorded, const QByteArray &replayed,
                                             double tolerance)
{
    if (recorded == replayed)
        return std::nullopt;
    const Result<PngImage> a = PngImage::decode(recorded);
    const Result<PngImage> b = PngImage::decode(replayed);
    // Bytes that differ and cannot be looked at are different as far as anyone can tell.
    if (!a || !b)
        return Divergence{ReplayStream::Screenshot, step, pngText(recorded, a), pngText(replayed, b)};
    if (a->width != b->width || a->height != b->height)
        return Divergence{ReplayStream::Screenshot, step, pngText(recorded, a), pngText(replayed, b) + QStringLiteral(": another size")};
    const PixelDifference d = pixelDifference(*a, *b);
    const qint64 total = qint64(a->width) * a->height;
    if (double(d.pixels) <= tolerance * double(total))
        return std::nullopt;
    const QString where = QStringLiteral(": %1% of the pixels differ (%2 of %3), within %4x%5 at (%6, %7)")
                                  .arg(QString::number(100.0 * double(d.pixels) / double(total), 'f', 2))
                                  .arg(d.pixels).arg(total)
                                  .arg(d.box.width()).arg(d.box.height()).arg(d.box.x()).arg(d.box.y());
    return Divergence{ReplayStream::Screenshot, step, pngText(recorded, a), pngText(replayed, b) + where};
}

QList<Divergence> compareStepOutputs(const SandboxSession &recorded, const SandboxSession &replayed, qsizetype index)
{
    QList<Divergence> out;
    if (auto d = streamDifference(ReplayStream::Stdout, SandboxPayloadKind::Stdout, recorded, replayed, index))
        out << *d;
    if (auto d = streamDifference(ReplayStream::Stderr, SandboxPayloadKind::Stderr, recorded, replayed, index))
        out << *d;
    const QString a = stepOutcomeText(recorded.steps.at(index));
    const QString b = stepOutcomeText(replayed.steps.at(index));
    if (a != b)
        out << Divergence{ReplayStream::Exit, index + 1, a, b};
    return out;
}

QList<Divergence> compareStep(const SandboxSession &recorded, const SandboxSession &replayed, qsizetype index,
                              double screenshotTolerance)
{
    QList<Divergence> out = compareStepOutputs(recorded, replayed, index);
    const auto a = payloadOf(recorded.steps.at(index), SandboxPayloadKind::Png);
    const auto b = payloadOf(replayed.steps.at(index), SandboxPayloadKind::Png);
    if (!a || !b || a == b || recorded.steps.at(index).outcome.error || replayed.steps.at(index).outcome.error)
        return out;
    const auto recordedPng = recorded.load(index, SandboxPayloadKind::Png);
    const auto replayedPng = replayed.load(index, SandboxPayloadKind::Png);
    if (!recordedPng || !replayedPng) {
        out << Divergence{ReplayStream::Screenshot, index + 1, recordedPng ? QStringLiteral("%1 bytes").arg(recordedPng->size()) : recordedPng.error().message,
                          replayedPng ? QStringLiteral("%1 bytes").arg(replayedPng->size()) : replayedPng.error().message};
    } else if (auto d = compareScreenshots(index + 1, *recordedPng, *replayedPng, screenshotTolerance)) {
        out << *d;
    }
    return out;
}

} // namespace Sandbench
