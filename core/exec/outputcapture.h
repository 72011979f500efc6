#pragma once

#include <QByteArray>

namespace Sandbench {

// Keeps the first and the last `limit / 2` bytes of a stream and counts what fell between, so
// host memory stays bounded however much the code prints.
class OutputCapture
{
public:
    explicit OutputCapture(qint64 limit = 1024 * 1024);

    void append(const char *data, qint64 size);
    void append(const QByteArray &data) { append(data.constData(), data.size()); }

    qint64 totalBytes() const { return m_total; }
    bool truncated() const { return m_total > m_limit; }
    // Head, a marker line naming what was dropped, and tail.
    QByteArray result() const;
    // Only the head, for passing output through live before the tail is known.
    qint64 headLimit() const { return m_limit - m_limit / 2; }

private:
    qint64 m_limit;
    qint64 m_total = 0;
    QByteArray m_head;
    QByteArray m_tail;     // ring buffer of the last bytes
    qint64 m_tailStart = 0; // index of the oldest byte in m_tail once it is full
};

} // namespace Sandbench
