#pragma once

#include "common/result.h"
#include "sandbox/sandboxtypes.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Sandbench {

// Decodes the engine's multiplexed exec stream (Tty off): frames of an 8-byte header (stream
// type, three zero bytes, big-endian payload length) and the payload. The bytes come from the
// engine socket, so the decoder trusts none of them: it holds at most one header and one frame
// of at most maxFrameBytes whatever a header declares (the engine writes frames of 32 KiB), and
// a length over the cap, an unknown stream type, non-zero padding or the engine's own error
// frame (type 3) is an error that sticks, instead of an allocation a header chose or output
// silently dropped. Feeding the same bytes split anywhere gives the same frames.
class DockerStreamDecoder
{
public:
    struct Frame
    {
        SandboxStream stream;
        QByteArray payload;
    };

    static constexpr qsizetype headerBytes = 8;
    static constexpr qsizetype defaultMaxFrameBytes = qsizetype(1) << 20;

    explicit DockerStreamDecoder(qsizetype maxFrameBytes = defaultMaxFrameBytes);

    // The frames completed by data, in order. After an error every later call returns it too.
    Result<QList<Frame>> feed(QByteArrayView data);

    // True when no partial header or frame is pending (the stream may end cleanly here).
    bool atFrameBoundary() const { return m_pending.isEmpty(); }
    qsizetype buffered() const { return m_pending.size(); }
    qsizetype maxFrameBytes() const { return m_maxFrameBytes; }

private:
    std::optional<Error> checkHeader();

    qsizetype m_maxFrameBytes;
    QByteArray m_pending; // a partial header, or a whole header and a partial payload
    qsizetype m_frameLength = -1; // the payload length once the header is complete
    std::optional<Error> m_error;
};

} // namespace Sandbench
