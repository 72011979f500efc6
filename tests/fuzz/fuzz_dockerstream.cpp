// The decoder of the engine's multiplexed exec stream: whatever the engine sends, the decoder
// never buffers more than one header and one capped frame, never returns a frame over the cap,
// and splitting the bytes anywhere gives the same frames (or an error both ways).
#include "sandbox/docker/dockerstreamdecoder.h"

#include <cstdlib>

using Sandbench::DockerStreamDecoder;

namespace {

struct Outcome
{
    QList<DockerStreamDecoder::Frame> frames;
    bool failed = false;
};

void check(const DockerStreamDecoder &d)
{
    if (d.buffered() > DockerStreamDecoder::headerBytes + d.maxFrameBytes())
        std::abort();
}

void take(Outcome &out, DockerStreamDecoder &d, QByteArrayView part)
{
    auto got = d.feed(part);
    check(d);
    if (!got) {
        out.failed = true;
        return;
    }
    for (const auto &f : *got) {
        if (f.payload.size() > d.maxFrameBytes())
            std::abort();
        out.frames.append(f);
    }
}

bool same(const Outcome &a, const Outcome &b)
{
    if (a.frames.size() != b.frames.size())
        return false;
    for (qsizetype i = 0; i < a.frames.size(); ++i) {
        if (a.frames[i].stream != b.frames[i].stream || a.frames[i].payload != b.frames[i].payload)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    // The first byte picks the cap (small caps reach the limit paths), the second a cut.
    const qsizetype cap = data[0] < 128 ? qsizetype(data[0]) : DockerStreamDecoder::defaultMaxFrameBytes;
    const QByteArrayView bytes(reinterpret_cast<const char *>(data) + 2, qsizetype(size) - 2);
    const qsizetype cut = qsizetype(data[1]) % (bytes.size() + 1);

    DockerStreamDecoder whole(cap);
    Outcome once;
    take(once, whole, bytes);

    DockerStreamDecoder split(cap);
    Outcome parts;
    take(parts, split, bytes.first(cut));
    take(parts, split, bytes.sliced(cut));

    if (once.failed != parts.failed)
        std::abort();
    if (!once.failed && !same(once, parts))
        std::abort();
    if (!once.failed && whole.atFrameBoundary() != split.atFrameBoundary())
        std::abort();
    if (once.failed) {
        // The error sticks.
        Outcome after;
        take(after, whole, QByteArrayView("\x01\0\0\0\0\0\0\0", 8));
        if (!after.failed)
            std::abort();
    }
    return 0;
}
