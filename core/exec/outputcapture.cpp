#include "outputcapture.h"

namespace Sandbench {

OutputCapture::OutputCapture(qint64 limit)
    : m_limit(qMax<qint64>(limit, 2))
{
}

void OutputCapture::append(const char *data, qint64 size)
{
    m_total += size;
    const qint64 headRoom = headLimit() - m_head.size();
    if (headRoom > 0) {
        const qint64 take = qMin(headRoom, size);
        m_head.append(data, take);
        data += take;
        size -= take;
    }
    const qint64 tailLimit = m_limit / 2;
    if (size <= 0 || tailLimit <= 0)
        return;
    if (size >= tailLimit) {
        m_tail = QByteArray(data + size - tailLimit, tailLimit);
        m_tailStart = 0;
        return;
    }
    if (m_tail.size() + size <= tailLimit) {
        m_tail.append(data, size);
        return;
    }
    // Full ring: linearize once, drop from the front, append.
    QByteArray linear = m_tail.mid(m_tailStart) + m_tail.left(m_tailStart);
    linear.append(data, size);
    m_tail = linear.right(tailLimit);
    m_tailStart = 0;
}

QByteArray OutputCapture::result() const
{
    if (!truncated())
        return m_head + m_tail;
    const qint64 dropped = m_total - m_head.size() - m_tail.size();
    return m_head + "\n[... " + QByteArray::number(dropped) + " bytes dropped ...]\n" + m_tail;
}

} // namespace Sandbench
