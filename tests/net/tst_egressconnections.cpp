// How an allowed connection's two lines (decided, ended) become the audit's: the decision at
// once, a close line with the figures when it ends, in any order the two streams deliver them.
#include "net/egressconnections.h"

#include <QTest>

using namespace Sandbench;

namespace {

SquidConfig::ProxyLine decision(const QByteArray &client, const QString &resource, qint64 atMs = 1000)
{
    SquidConfig::ProxyLine l;
    l.client = client;
    l.event.timeMs = atMs;
    l.event.kind = QStringLiteral("net");
    l.event.action = QStringLiteral("connect");
    l.event.resource = resource;
    l.event.allowed = true;
    l.event.rule = QStringLiteral("network.allow[0] a.example");
    return l;
}

SquidConfig::ProxyLine end(const QByteArray &client, const QString &resource, bool allowed = true, qint64 atMs = 5000)
{
    SquidConfig::ProxyLine l = decision(client, resource, atMs);
    l.event.allowed = allowed;
    if (!allowed)
        l.event.rule = QStringLiteral("network.allow:notlisted");
    l.event.bytesOut = 100;
    l.event.bytesIn = 2000;
    l.event.durationMs = 4000;
    return l;
}

} // namespace

class TestEgressConnections : public QObject
{
    Q_OBJECT
private slots:
    void decisionNowCloseLater()
    {
        EgressConnections c;
        auto first = c.decided(decision("10.0.0.2 4000", QStringLiteral("a.example:443")));
        QCOMPARE(first.size(), 1);
        QCOMPARE(first[0].action, QStringLiteral("connect"));
        QVERIFY(first[0].allowed);
        QCOMPARE(first[0].bytesIn, -1);
        QCOMPARE(c.openCount(), 1);
        auto last = c.ended(end("10.0.0.2 4000", QStringLiteral("a.example:443")));
        QCOMPARE(last.size(), 1);
        QCOMPARE(last[0].action, QStringLiteral("close"));
        QCOMPARE(last[0].resource, QStringLiteral("a.example:443"));
        QCOMPARE(last[0].rule, first[0].rule);
        QVERIFY(last[0].allowed);
        QCOMPARE(last[0].bytesOut, 100);
        QCOMPARE(last[0].bytesIn, 2000);
        QCOMPARE(last[0].durationMs, 4000);
        QCOMPARE(last[0].timeMs, 5000);
        QCOMPARE(c.openCount(), 0);
        // Squid's stamp a little before the decision's arrival: the end is never before it.
        c.decided(decision("10.0.0.2 4000", QStringLiteral("a.example:443"), 7000));
        QCOMPARE(c.ended(end("10.0.0.2 4000", QStringLiteral("a.example:443"), true, 6999)).constFirst().timeMs, 7000);
    }

    void refusalIsOneLine()
    {
        EgressConnections c;
        auto out = c.ended(end("10.0.0.2 4001", QStringLiteral("b.example:443"), false));
        QCOMPARE(out.size(), 1);
        QCOMPARE(out[0].action, QStringLiteral("connect"));
        QVERIFY(!out[0].allowed);
        QCOMPARE(out[0].bytesOut, 100);
        // A refusal on a client with an allowed connection open leaves that one open.
        c.decided(decision("10.0.0.2 4002", QStringLiteral("a.example:443")));
        QCOMPARE(c.ended(end("10.0.0.2 4002", QStringLiteral("b.example:443"), false)).size(), 1);
        QCOMPARE(c.openCount(), 1);
    }

    void endBeforeItsDecisionIsToldAsBoth()
    {
        EgressConnections c;
        auto out = c.ended(end("10.0.0.2 4003", QStringLiteral("a.example:80")));
        QCOMPARE(out.size(), 2);
        QCOMPARE(out[0].action, QStringLiteral("connect"));
        QCOMPARE(out[0].timeMs, 1000); // its end less its duration
        QCOMPARE(out[0].bytesIn, -1);
        QVERIFY(out[0].reason.isEmpty());
        QCOMPARE(out[1].action, QStringLiteral("close"));
        QCOMPARE(out[1].bytesIn, 2000);
        // Its decision, late, is not told again; the next one on the same client is.
        QVERIFY(c.decided(decision("10.0.0.2 4003", QStringLiteral("a.example:80"))).isEmpty());
        QCOMPARE(c.decided(decision("10.0.0.2 4003", QStringLiteral("a.example:80"))).size(), 1);
        QCOMPARE(c.openCount(), 1);
    }

    void keptAliveClientClosesInOrder()
    {
        // Proxy-form HTTP on one client connection: requests end in the order they came.
        EgressConnections c;
        c.decided(decision("10.0.0.2 4004", QStringLiteral("a.example:80"), 1000));
        c.decided(decision("10.0.0.2 4004", QStringLiteral("c.example:80"), 1001));
        auto one = c.ended(end("10.0.0.2 4004", QStringLiteral("a.example:80")));
        auto two = c.ended(end("10.0.0.2 4004", QStringLiteral("c.example:80")));
        QCOMPARE(one.size(), 1);
        QCOMPARE(one[0].resource, QStringLiteral("a.example:80"));
        QCOMPARE(two.size(), 1);
        QCOMPARE(two[0].resource, QStringLiteral("c.example:80"));
        QCOMPARE(c.openCount(), 0);
    }

    void proxyEndClosesWhatIsOpen()
    {
        EgressConnections c;
        c.decided(decision("10.0.0.2 4005", QStringLiteral("a.example:443"), 1000));
        c.decided(decision("10.0.0.2 4006", QStringLiteral("d.example:443"), 2000));
        auto out = c.proxyEnded(9000);
        QCOMPARE(out.size(), 2);
        QCOMPARE(out[0].resource, QStringLiteral("a.example:443"));
        QCOMPARE(out[0].action, QStringLiteral("close"));
        QCOMPARE(out[0].durationMs, 8000);
        QCOMPARE(out[0].bytesIn, -1);
        QVERIFY(out[0].reason.contains(QLatin1String("proxy stopped")));
        QCOMPARE(out[1].durationMs, 7000);
        QCOMPARE(c.openCount(), 0);
        QVERIFY(c.proxyEnded(9001).isEmpty());
    }

    void heldConnectionsAreBounded()
    {
        // A sandbox that holds connections open forever cannot grow the proxy's memory without
        // end; the oldest is forgotten, and its end is still told (as decision and end).
        EgressConnections c;
        for (qsizetype i = 0; i < EgressConnections::maxOpen + 10; ++i)
            c.decided(decision("10.0.0." + QByteArray::number(i / 60000) + ' ' + QByteArray::number(1 + i % 60000), QStringLiteral("a.example:443"), 1000 + i));
        QCOMPARE(c.openCount(), EgressConnections::maxOpen);
        QCOMPARE(c.ended(end("10.0.0.0 1", QStringLiteral("a.example:443"))).size(), 2);
        QCOMPARE(c.ended(end("10.0.0.0 11", QStringLiteral("a.example:443"))).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestEgressConnections)
#include "tst_egressconnections.moc"
