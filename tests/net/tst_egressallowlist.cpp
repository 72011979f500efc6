#include "net/egressallowlist.h"
#include "net/squidconfig.h"

#include <QDateTime>
#include <QTest>

using namespace Sandbench;

class TestEgressAllowList : public QObject
{
    Q_OBJECT
private slots:
    void goodEntries_data();
    void goodEntries();
    void badEntries_data();
    void badEntries();
    void listErrorsNameTheEntry();
    void specForm();
    void configDeniesBeforeResolvingAndBlocksHostRanges();
    void logLines();
    void decisionLines();
    void hostServicesNeedTheirPort_data();
    void hostServicesNeedTheirPort();
    void hostServicesGoToTheirRelayOnly();
};

void TestEgressAllowList::goodEntries_data()
{
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("host") << "example.org" << "example.org";
    QTest::newRow("upper and trailing dot") << "Example.ORG." << "example.org";
    QTest::newRow("host:port") << "api.example.org:8443" << "api.example.org:8443";
    QTest::newRow("wildcard") << "*.GitHub.com" << "*.github.com";
    QTest::newRow("wildcard port") << "*.example.org:443" << "*.example.org:443";
    QTest::newRow("idn") << "bücher.example" << "xn--bcher-kva.example";
    QTest::newRow("ipv4") << "10.1.2.3" << "10.1.2.3";
    QTest::newRow("ipv4 port") << "127.0.0.1:8080" << "127.0.0.1:8080";
    QTest::newRow("ipv6") << "[::1]:8080" << "[::1]:8080";
    QTest::newRow("cidr") << "10.0.0.0/8" << "10.0.0.0/8";
    QTest::newRow("cidr /32") << "192.168.1.7/32" << "192.168.1.7/32";
    QTest::newRow("cidr v6") << "fd00::/8" << "fd00::/8";
    QTest::newRow("single label") << "localhost:3000" << "localhost:3000";
    QTest::newRow("max port") << "a.example:65535" << "a.example:65535";
}

void TestEgressAllowList::goodEntries()
{
    QFETCH(QString, entry);
    QFETCH(QString, canonical);
    auto rule = EgressAllowList::parseEntry(entry);
    QVERIFY2(rule, qPrintable(rule ? QString() : rule.error().message));
    QCOMPARE(rule->canonical(), canonical);
}

void TestEgressAllowList::badEntries_data()
{
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QString>("why");
    QTest::newRow("empty") << "" << "empty";
    QTest::newRow("star") << "*" << "network 'all'";
    QTest::newRow("port 0") << "example.org:0" << "1 to 65535";
    QTest::newRow("port too big") << "example.org:65536" << "1 to 65535";
    QTest::newRow("port sign") << "example.org:+80" << "1 to 65535";
    QTest::newRow("port empty") << "example.org:" << "1 to 65535";
    QTest::newRow("url") << "https://example.org" << "not a URL";
    QTest::newRow("path") << "example.org/x" << "not a URL";
    QTest::newRow("userinfo") << "user@example.org" << "cannot appear";
    QTest::newRow("space") << "exa mple.org" << "cannot appear";
    QTest::newRow("double dot") << "a..example.org" << "not a valid host name";
    QTest::newRow("two trailing dots") << "example.org.." << "empty label";
    QTest::newRow("leading hyphen") << "-a.example.org" << "not a valid host name";
    QTest::newRow("long label") << QString(64, QLatin1Char('a')) + QStringLiteral(".org") << "not a valid host name";
    QTest::newRow("inner star") << "a*.example.org" << "leading";
    QTest::newRow("star over ip") << "*.10.0.0.1" << "never matches";
    QTest::newRow("star over tld") << "*.com" << "too wide";
    QTest::newRow("octal ip") << "0177.0.0.1" << "dotted quad";
    QTest::newRow("integer ip") << "2130706433" << "dotted quad";
    QTest::newRow("hex ip") << "0x7f.0.0.1" << "dotted quad";
    QTest::newRow("cidr host bits") << "10.0.0.1/8" << "host bits";
    QTest::newRow("cidr /0") << "0.0.0.0/0" << "every address";
    QTest::newRow("cidr /33") << "10.0.0.0/33" << "prefix";
    QTest::newRow("cidr name") << "example.org/8" << "not a URL";
    QTest::newRow("bad v6") << "[::g]:80" << "IPv6";
    QTest::newRow("control") << QStringLiteral("a\x01.org") << "cannot appear";
}

void TestEgressAllowList::badEntries()
{
    QFETCH(QString, entry);
    QFETCH(QString, why);
    auto rule = EgressAllowList::parseEntry(entry);
    QVERIFY2(!rule, qPrintable(QStringLiteral("accepted %1 as %2").arg(entry, rule ? rule->canonical() : QString())));
    QCOMPARE(rule.error().code, ErrorCode::InvalidInput);
    QVERIFY2(rule.error().message.contains(why), qPrintable(rule.error().message));
}

void TestEgressAllowList::listErrorsNameTheEntry()
{
    auto list = EgressAllowList::parse({QStringLiteral("good.example"), QStringLiteral("bad..example")});
    QVERIFY(!list);
    QVERIFY2(list.error().message.contains(QLatin1String("\"bad..example\"")), qPrintable(list.error().message));
    QVERIFY(!EgressAllowList::parse({}));
}

void TestEgressAllowList::specForm()
{
    auto list = EgressAllowList::parseSpec(QStringLiteral("allow:a.example,*.b.example:443"));
    QVERIFY(list);
    QCOMPARE(list->canonicalEntries(), (QStringList{QStringLiteral("a.example"), QStringLiteral("*.b.example:443")}));
    QVERIFY(!EgressAllowList::parseSpec(QStringLiteral("allow:")));
    QVERIFY(!EgressAllowList::parseSpec(QStringLiteral("allow:a.example,")));
    QVERIFY(!EgressAllowList::parseSpec(QStringLiteral("all")));
}

void TestEgressAllowList::configDeniesBeforeResolvingAndBlocksHostRanges()
{
    auto list = EgressAllowList::parse({QStringLiteral("a.example:8080"), QStringLiteral("*.b.example"),
                                        QStringLiteral("169.254.169.254:80"), QStringLiteral("10.0.0.0/8")});
    QVERIFY(list);
    const QByteArray c = SquidConfig::build(*list, {QStringLiteral("192.0.2.9/32")}, "SBDtest");
    const qsizetype notListed = c.indexOf("http_access deny !sb_listed");
    const qsizetype blocked = c.indexOf("http_access deny sb_blocked");
    const qsizetype exact = c.indexOf("http_access allow sb_a2 ");
    const qsizetype byName = c.indexOf("http_access allow sb_a0 ");
    QVERIFY(notListed > 0 && blocked > notListed && exact > 0 && exact < notListed && byName > blocked);
    QVERIFY(c.contains("acl sb_blocked dst 0.0.0.0/8 127.0.0.0/8 169.254.0.0/16"));
    QVERIFY(c.contains(" 192.0.2.9/32\n"));
    QVERIFY(c.contains("acl sb_r1 dstdom_regex -n -i \\.b\\.example$\n"));
    QVERIFY(c.contains("acl sb_a3 all-of sb_literal sb_r3\n"));
    QVERIFY(c.trimmed().endsWith("http_access deny all"));
    // Every allow line ends with the helper that tells the decision, never cached, and the
    // helper writes this proxy's marker.
    for (int i = 0; i < 4; ++i) {
        const QByteArray n = QByteArray::number(i);
        QVERIFY2(c.contains("http_access allow sb_a" + n + " sb_n" + n + " sb_d" + n + "\n"), n.constData());
        QVERIFY(c.contains("acl sb_d" + n + " external sb_decided " + n + "\n"));
    }
    QVERIFY(c.contains("external_acl_type sb_decided ttl=0 negative_ttl=0 cache=0 "));
    QVERIFY(c.contains("printf \"SBDtest %s\\n\" \"$r\" >&2"));
    const QByteArray a = SquidConfig::randomMarker(), b = SquidConfig::randomMarker();
    QVERIFY(a != b && a.size() == 35 && a.startsWith("SBD"));
}

void TestEgressAllowList::logLines()
{
    auto list = EgressAllowList::parse({QStringLiteral("a.example:8080")});
    QVERIFY(list);
    auto allowed = SquidConfig::parseLogLine("SB2 1796545327.293 172.18.0.3 40112 CONNECT a.example 8080 200 TCP_TUNNEL allow%5B0%5D - 81 39 12", *list);
    QVERIFY(allowed);
    QCOMPARE(allowed->client, QByteArray("172.18.0.3 40112"));
    QVERIFY(allowed->event.allowed);
    QCOMPARE(allowed->event.resource, QStringLiteral("a.example:8080"));
    QCOMPARE(allowed->event.rule, QStringLiteral("network.allow[0] a.example:8080"));
    QCOMPARE(allowed->event.bytesOut, 81);
    QCOMPARE(allowed->event.bytesIn, 39);
    QCOMPARE(allowed->event.durationMs, 12);
    auto denied = SquidConfig::parseLogLine("SB2 1796545327.3 172.18.0.3 40114 GET b.example 80 403 TCP_DENIED - notlisted 50 3900 0", *list);
    QVERIFY(denied);
    QVERIFY(!denied->event.allowed);
    QVERIFY(denied->event.reason.contains(QLatin1String("not in the sandbox's network allow list")));
    // A forged rule note with a DENIED status is no allow.
    auto forged = SquidConfig::parseLogLine("SB2 1.0 172.18.0.3 40116 GET a.example 8080 403 TCP_DENIED allow%5B0%5D - 1 1 0", *list);
    QVERIFY(forged && !forged->event.allowed);
    // The closing figures survive the audit line's round trip; an event without them has no keys.
    AuditEvent back;
    QVERIFY(AuditEvent::fromJsonLine(allowed->event.toJsonLine(), &back));
    QCOMPARE(back.bytesOut, 81);
    QCOMPARE(back.bytesIn, 39);
    QCOMPARE(back.durationMs, 12);
    AuditEvent plain;
    plain.kind = QStringLiteral("read");
    QVERIFY(!plain.toJsonLine().contains("bytes_"));
    QVERIFY(AuditEvent::fromJsonLine(plain.toJsonLine(), &back));
    QCOMPARE(back.bytesIn, -1);
    QVERIFY(!SquidConfig::parseLogLine("2026/12/06 squid says hello", *list));
    QVERIFY(!SquidConfig::parseLogLine("SB2 x 1.2.3.4 5 GET a 1 2 3 4 5 6 7 8", *list));
    QVERIFY(!SquidConfig::parseLogLine("SB1 1796545327.293 CONNECT a.example 8080 200 TCP_TUNNEL allow%5B0%5D - 81 39 12", *list));
}

void TestEgressAllowList::decisionLines()
{
    auto list = EgressAllowList::parse({QStringLiteral("a.example:8080"), QStringLiteral("*.b.example")});
    QVERIFY(list);
    const QByteArray marker = "SBD0123456789abcdef0123456789abcdef";
    auto d = SquidConfig::parseDecisionLine(marker + " 172.18.0.3 40112 x.b.example 443 1", marker, *list);
    QVERIFY(d);
    QCOMPARE(d->client, QByteArray("172.18.0.3 40112"));
    QVERIFY(d->event.allowed);
    QCOMPARE(d->event.action, QStringLiteral("connect"));
    QCOMPARE(d->event.resource, QStringLiteral("x.b.example:443"));
    QCOMPARE(d->event.rule, QStringLiteral("network.allow[1] *.b.example"));
    QCOMPARE(d->event.bytesIn, -1);
    QVERIFY(qAbs(d->event.timeMs - QDateTime::currentMSecsSinceEpoch()) < 5000);
    // The name as the access log writes it: URL-encoded, decoded once.
    auto encoded = SquidConfig::parseDecisionLine(marker + " fd00::3 1 ex%2541mple%C3%A9.b.example 80 1", marker, *list);
    QVERIFY(encoded);
    QCOMPARE(encoded->event.resource, QStringLiteral("ex%41mpleé.b.example:80"));
    // Anything else Squid writes to its cache log is no decision: another marker (text a client
    // or a server got Squid to print), a client that is no address and port, another shape.
    QVERIFY(!SquidConfig::parseDecisionLine("SBDffffffffffffffffffffffffffffffff 172.18.0.3 40112 a.example 8080 0", marker, *list));
    QVERIFY(!SquidConfig::parseDecisionLine(marker + " 172.18.0.3 40112 a.example 8080 0", QByteArray(), *list));
    QVERIFY(!SquidConfig::parseDecisionLine(marker + " host.name 40112 a.example 8080 0", marker, *list));
    QVERIFY(!SquidConfig::parseDecisionLine(marker + " 172.18.0.3 70000 a.example 8080 0", marker, *list));
    QVERIFY(!SquidConfig::parseDecisionLine(marker + " 172.18.0.3 40112 a.example 8080", marker, *list));
    QVERIFY(!SquidConfig::parseDecisionLine("2026/12/07 12:00:00| " + marker + " 172.18.0.3 40112 a.example 8080 0", marker, *list));
}

void TestEgressAllowList::hostServicesNeedTheirPort_data()
{
    QTest::addColumn<QString>("entry");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<bool>("hostService");
    QTest::newRow("127.0.0.1:port") << "127.0.0.1:5173" << true << true;
    QTest::newRow("localhost:port") << "LocalHost:3000" << true << true;
    QTest::newRow("localhost.:port") << "localhost.:3000" << true << true;
    QTest::newRow("[::1]:port") << "[::1]:8080" << true << true;
    QTest::newRow("other loopback:port") << "127.0.0.2:80" << true << true;
    QTest::newRow("a name:port") << "dev.example:3000" << true << false;
    QTest::newRow("an address:port") << "10.1.2.3:3000" << true << false;
    QTest::newRow("127.0.0.1 alone") << "127.0.0.1" << false << false;
    QTest::newRow("localhost alone") << "localhost" << false << false;
    QTest::newRow("::1 alone") << "::1" << false << false;
    QTest::newRow("127/8") << "127.0.0.0/8" << false << false;
    QTest::newRow("127.0.0.1/32") << "127.0.0.1/32" << false << false;
    QTest::newRow("a range over loopback") << "0.0.0.0/1" << false << false;
    QTest::newRow("::1/128") << "[::1]/128" << false << false;
    QTest::newRow("ten net") << "10.0.0.0/8" << true << false;
}

void TestEgressAllowList::hostServicesNeedTheirPort()
{
    QFETCH(QString, entry);
    QFETCH(bool, accepted);
    QFETCH(bool, hostService);
    auto rule = EgressAllowList::parseEntry(entry);
    QCOMPARE(bool(rule), accepted);
    if (!rule) {
        QVERIFY2(rule.error().message.contains(entry), qPrintable(rule.error().message));
        QVERIFY2(rule.error().message.contains(QLatin1String("127.0.0.1:PORT")), qPrintable(rule.error().message));
        return;
    }
    QCOMPARE(rule->isHostService(), hostService);
}

void TestEgressAllowList::hostServicesGoToTheirRelayOnly()
{
    auto list = EgressAllowList::parse({QStringLiteral("a.example"), QStringLiteral("localhost:3000"), QStringLiteral("127.0.0.1:5173")});
    QVERIFY(list);
    QCOMPARE(list->rules()[1].hostServiceAddress(), QHostAddress(QHostAddress::LocalHost));
    const QByteArray c = SquidConfig::build(*list, {}, "SBDtest");
    // Both are decided before the loopback deny (they never reach the proxy's loopback).
    const qsizetype blocked = c.indexOf("http_access deny sb_blocked");
    QVERIFY(c.indexOf("http_access allow sb_a1 ") < blocked && c.indexOf("http_access allow sb_a2 ") < blocked);
    QVERIFY(c.indexOf("http_access allow sb_a0 ") > blocked);
    const QByteArray h = SquidConfig::hostServiceRules(*list, QStringLiteral("172.18.0.1"), {{1, 40001}, {2, 40002}});
    QVERIFY(h.contains("never_direct allow sb_a1\n") && h.contains("never_direct allow sb_a2\n"));
    QVERIFY(!h.contains("sb_a0"));
    QVERIFY(h.contains("cache_peer 172.18.0.1 parent 40001 0 no-query no-digest no-netdb-exchange originserver name=sb_host1\n"));
    QVERIFY(h.contains("cache_peer_access sb_host2 allow sb_a2\ncache_peer_access sb_host2 deny all\n"));
    // Without a relay: never direct, and no peer, so it fails rather than go anywhere.
    const QByteArray none = SquidConfig::hostServiceRules(*list, QStringLiteral("172.18.0.1"), {});
    QVERIFY(none.contains("never_direct allow sb_a1\n") && !none.contains("cache_peer"));
}

QTEST_GUILESS_MAIN(TestEgressAllowList)
#include "tst_egressallowlist.moc"
