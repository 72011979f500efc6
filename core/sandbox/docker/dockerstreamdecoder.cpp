#include "sandbox/docker/dockerstreamdecoder.h"

#include <algorithm>

namespace Sandbench {

namespace {

Error malformed(const QString &why)
{
    return {ErrorCode::EnvironmentError, QStringLiteral("the engine's output stream is malformed: %1").arg(why)};
}

} // namespace

DockerStreamDecoder::DockerStreamDecoder(qsizetype maxFrameBytes)
    : m_maxFrameBytes(std::max<qsizetype>(0, maxFrameBytes))
{
}

std::optional<Error> DockerStreamDecoder::checkHeader()
{
    const auto *h = reinterpret_cast<const uchar *>(m_pending.constData());
    if (h[0] == 3) {
        // The engine reports its own failure in-band; the payload is its message, but
        // reading it whole would let a header size the allocation, so it is not shown.
        return Error{ErrorCode::EnvironmentError, QStringLiteral("the engine reported an error in the output stream")};
    }
    if (h[0] != 1 && h[0] != 2)
        return malformed(QStringLiteral("unknown stream type %1").arg(h[0]));
    if (h[1] != 0 || h[2] != 0 || h[3] != 0)
        return malformed(QStringLiteral("non-zero header padding"));
    const quint32 length = (quint32(h[4]) << 24) | (quint32(h[5]) << 16) | (quint32(h[6]) << 8) | quint32(h[7]);
    if (qsizetype(length) > m_maxFrameBytes)
        return malformed(QStringLiteral("a frame of %1 bytes exceeds the limit of %2").arg(length).arg(m_maxFrameBytes));
    m_frameLength = qsizetype(length);
    return std::nullopt;
}

Result<QList<DockerStreamDecoder::Frame>> DockerStreamDecoder::feed(QByteArrayView data)
{
    if (m_error)
        return std::unexpected(*m_error);
    QList<Frame> frames;
    // Consume data piecewise: only the bytes the current header or frame still needs are
    // copied, so the buffer never exceeds one header and one capped frame.
    while (!data.isEmpty()) {
        if (m_frameLength < 0) {
            const qsizetype take = std::min(headerBytes - m_pending.size(), data.size());
            m_pending.append(data.first(take));
            data = data.sliced(take);
            if (m_pending.size() < headerBytes)
                break;
            if (auto error = checkHeader()) {
                m_error = error;
                m_pending.clear();
                return std::unexpected(*m_error);
            }
            m_pending.reserve(headerBytes + m_frameLength);
        }
        const qsizetype take = std::min(headerBytes + m_frameLength - m_pending.size(), data.size());
        m_pending.append(data.first(take));
        data = data.sliced(take);
        if (m_pending.size() < headerBytes + m_frameLength)
            break;
        const auto stream = m_pending.at(0) == 1 ? SandboxStream::Stdout : SandboxStream::Stderr;
        frames.append({stream, m_pending.sliced(headerBytes)});
        m_pending.clear();
        m_frameLength = -1;
    }
    return frames;
}

} // namespace Sandbench
