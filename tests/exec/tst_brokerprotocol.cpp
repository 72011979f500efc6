#include "exec/brokerprotocol.h"

#include <QJsonDocument>
#include <QTest>

using namespace Sandbench;

class TestBrokerProtocol : public QObject
{
    Q_OBJECT
private slots:
    void parsesRequests()
    {
        BrokerRequest r;
        const QByteArray line = "{\"v\":1,\"pid\":6752,\"id\":12,\"datetime\":\"2026-01-01T00:00:00Z\",\"permission\":\"read\",\"value\":\"/tmp/a \\\"b\\\"\\\\c\\u00e9\\ud83d\\ude00\"}";
        QVERIFY(parseBrokerRequest(line.constData(), line.size(), &r));
        QCOMPARE(r.id, qint64(12));
        QCOMPARE(r.pid, qint64(6752));
        QCOMPARE(r.permission, QStringLiteral("read"));
        QVERIFY(r.hasValue);
        QCOMPARE(r.value, QString::fromUtf8("/tmp/a \"b\"\\c\u00e9\U0001F600"));
        const QByteArray null = "{\"v\":1,\"pid\":1,\"id\":2,\"permission\":\"run\",\"value\":null}";
        QVERIFY(parseBrokerRequest(null.constData(), null.size(), &r));
        QVERIFY(!r.hasValue);
    }

    void rejectsGarbage_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("array") << QByteArray("[1]");
        QTest::newRow("no id") << QByteArray("{\"permission\":\"read\",\"value\":\"/\"}");
        QTest::newRow("no permission") << QByteArray("{\"id\":1,\"value\":\"/\"}");
        QTest::newRow("trailing") << QByteArray("{\"id\":1,\"permission\":\"read\"} x");
        QTest::newRow("bad escape") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":\"\\q\"}");
        QTest::newRow("lone surrogate") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":\"\\udc00\"}");
        QTest::newRow("control char") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":\"a\nb\"}");
        QTest::newRow("unterminated") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":\"abc");
        QTest::newRow("nested") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":{\"a\":1}}");
        // Wrong types and repeated keys: read as null, a number would ask about every file.
        QTest::newRow("value number") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":5}");
        QTest::newRow("value bool") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":false}");
        QTest::newRow("value twice") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":\"/a\",\"value\":null}");
        QTest::newRow("permission twice") << QByteArray("{\"id\":1,\"permission\":\"env\",\"permission\":\"read\"}");
        QTest::newRow("permission null") << QByteArray("{\"id\":1,\"permission\":null}");
        QTest::newRow("id twice") << QByteArray("{\"id\":1,\"id\":2,\"permission\":\"read\"}");
        QTest::newRow("id string") << QByteArray("{\"id\":\"1\",\"permission\":\"read\"}");
        QTest::newRow("pid string") << QByteArray("{\"id\":1,\"pid\":\"1\",\"permission\":\"read\"}");
    }

    void rejectsGarbage()
    {
        QFETCH(QByteArray, line);
        BrokerRequest r;
        QVERIFY(!parseBrokerRequest(line.constData(), line.size(), &r));
    }

    void writesResponses()
    {
        QCOMPARE(brokerResponse(3, true, {}), QByteArray("{\"id\":3,\"result\":\"allow\"}\n"));
        const QByteArray deny = brokerResponse(4, false, QStringLiteral("permission denied: \"x\"\n"));
        QCOMPARE(deny, QByteArray("{\"id\":4,\"result\":\"deny\",\"reason\":\"permission denied: \\\"x\\\" \"}\n"));
        QVERIFY(QJsonDocument::fromJson(deny).isObject());
    }
};

QTEST_GUILESS_MAIN(TestBrokerProtocol)
#include "tst_brokerprotocol.moc"
