#pragma once

#include <QtGlobal>

namespace Sandbench {

// Tells the answer to the latest request from answers to requests that something newer has
// superseded (another sandbox shown, another file opened): take a ticket when the work starts,
// and drop the result unless the ticket is still current when it comes back. One thread: the
// owner's (the result's continuation runs there too).
//
//   m_frames.invalidate();                      // a new sandbox: every frame in flight is stale
//   const auto ticket = m_frames.ticket();
//   op->then(this, [this, ticket](const auto &r) { if (!m_frames.isCurrent(ticket)) return; ... });
class StaleGuard
{
public:
    class Ticket
    {
    public:
        friend bool operator==(Ticket a, Ticket b) { return a.m_round == b.m_round; }

    private:
        friend class StaleGuard;
        explicit Ticket(quint64 round) : m_round(round) {}
        quint64 m_round;
    };

    // Makes every ticket taken so far stale.
    void invalidate() { ++m_round; }
    // A ticket for work that starts now; current until the next invalidate().
    Ticket ticket() const { return Ticket(m_round); }
    // invalidate() and ticket() at once: for requests of which only the latest counts.
    Ticket next()
    {
        invalidate();
        return ticket();
    }
    bool isCurrent(Ticket ticket) const { return ticket.m_round == m_round; }

private:
    quint64 m_round = 0;
};

} // namespace Sandbench
