#include "policy/netrule.h"

#include <QTest>

using namespace Sandbench;

class TestNetRule : public QObject
{
    Q_OBJECT
private slots:
    void matching_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("asked");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("host any port") << "api.example.com" << "api.example.com:443" << true;
        QTest::newRow("host case") << "API.Example.com" << "api.example.COM.:443" << true;
        QTest::newRow("host other") << "api.example.com" << "evil.com:443" << false;
        QTest::newRow("suffix trick") << "example.com" << "example.com.evil.com:443" << false;
        QTest::newRow("host:port ok") << "api.example.com:443" << "api.example.com:443" << true;
        QTest::newRow("host:port other") << "api.example.com:443" << "api.example.com:80" << false;
        QTest::newRow("wildcard sub") << "*.example.com" << "a.b.example.com:443" << true;
        QTest::newRow("wildcard apex") << "*.example.com" << "example.com:443" << false;
        QTest::newRow("wildcard lookalike") << "*.example.com" << "badexample.com:443" << false;
        QTest::newRow("ipv4") << "127.0.0.1" << "127.0.0.1:8000" << true;
        QTest::newRow("ipv4 hex") << "127.0.0.1" << "0x7f.1:8000" << true;
        QTest::newRow("ipv4 decimal") << "127.0.0.1" << "2130706433:80" << true;
        QTest::newRow("ipv4 other") << "127.0.0.1" << "127.0.0.2:80" << false;
        QTest::newRow("ipv6") << "::1" << "[::1]:8000" << true;
        QTest::newRow("ipv6 long") << "[0:0:0:0:0:0:0:1]:8000" << "[::1]:8000" << true;
        QTest::newRow("mapped v4") << "127.0.0.1" << "[::ffff:127.0.0.1]:80" << true;
        QTest::newRow("url https") << "https://api.example.com/v1" << "api.example.com:443" << true;
        QTest::newRow("url https port") << "https://api.example.com/v1" << "api.example.com:80" << false;
        QTest::newRow("url explicit port") << "http://localhost:8080/" << "localhost:8080" << true;
        QTest::newRow("star") << "*" << "anything.org:1" << true;
        // The runtime asks in punycode; a rule written in Unicode must match it.
        QTest::newRow("idn") << "b\u00fccher.example" << "xn--bcher-kva.example:443" << true;
        QTest::newRow("idn subdomains") << "*.b\u00fccher.example" << "www.xn--bcher-kva.example:443" << true;
    }

    void matching()
    {
        QFETCH(QString, rule);
        QFETCH(QString, asked);
        QFETCH(bool, allowed);
        const auto parsedRule = NetRule::parse(rule);
        QVERIFY2(parsedRule.has_value(), qPrintable(rule));
        const auto address = NetAddress::parse(asked);
        QVERIFY2(address.has_value(), qPrintable(asked));
        QCOMPARE(parsedRule->matches(*address), allowed);
    }

    void metadata_data()
    {
        QTest::addColumn<QString>("asked");
        QTest::addColumn<bool>("metadata");
        QTest::newRow("aws") << "169.254.169.254:80" << true;
        QTest::newRow("aws decimal") << "2852039166:80" << true;
        QTest::newRow("aws octal") << "0251.0376.0251.0376:80" << true;
        QTest::newRow("aws mapped") << "[::ffff:169.254.169.254]:80" << true;
        QTest::newRow("ecs") << "169.254.170.2:80" << true;
        QTest::newRow("aws v6") << "[fd00:ec2::254]:80" << true;
        QTest::newRow("gcp") << "metadata.google.internal:80" << true;
        QTest::newRow("gcp dot") << "metadata.google.internal.:80" << true;
        QTest::newRow("alibaba") << "100.100.100.200:80" << true;
        QTest::newRow("public") << "93.184.216.34:443" << false;
        QTest::newRow("name") << "example.com:443" << false;
    }

    void metadata()
    {
        QFETCH(QString, asked);
        QFETCH(bool, metadata);
        const auto address = NetAddress::parse(asked);
        QVERIFY(address.has_value());
        QCOMPARE(isMetadataAddress(*address), metadata);
    }

    void rejectsGarbage()
    {
        QVERIFY(!NetRule::parse(QString()).has_value());
        QVERIFY(!NetRule::parse(QStringLiteral("a b")).has_value());
        QVERIFY(!NetRule::parse(QStringLiteral("host:99999")).has_value());
        QVERIFY(!NetRule::parse(QStringLiteral("*.127.0.0.1")).has_value());
        QVERIFY(!NetAddress::parse(QStringLiteral("[::1")).has_value());
    }
};

QTEST_GUILESS_MAIN(TestNetRule)
#include "tst_netrule.moc"
