#include "policy/jsonlocator.h"
#include "policy/policyfile.h"

#include <QTest>

using namespace Sandbench;

// Each fault class people make in a policy file, named in their words at the character where
// the fault is (not where a parser happened to notice it), and the same through parsePolicy,
// which is what the CLI prints.
class TestJsonSyntaxError : public QObject
{
    Q_OBJECT
private slots:
    void faultNamedWhereItIs_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        // The comma belongs right after "/a" (line 3, column 22), not before "/b" on line 4.
        QTest::newRow("missing comma in array")
                << QByteArray("{\n  \"permissions\": {\n    \"allow_read\": [\"/a\"\n      \"/b\"]\n  }\n}\n")
                << 3 << 24 << QStringLiteral("missing comma after the value on line 3");
        QTest::newRow("missing comma in object")
                << QByteArray("{\n  \"sandbox\": true\n  \"options\": {}\n}\n")
                << 2 << 18 << QStringLiteral("missing comma after the value on line 2");
        QTest::newRow("missing comma after object")
                << QByteArray("{\n  \"permissions\": {}\n  \"options\": {}\n}\n")
                << 2 << 20 << QStringLiteral("missing comma after the value on line 2");
        // Not "at the end of the document" two lines later: where the string starts.
        QTest::newRow("unclosed string")
                << QByteArray("{\n  \"options\": {\n    \"workdir\": \"/tmp/out,\n    \"seed\": 1\n  }\n}\n")
                << 3 << 16 << QStringLiteral("unclosed string starting on line 3, column 16");
        QTest::newRow("unclosed string at end") << QByteArray("{\"sandbox\": \"yes") << 1 << 13
                                                << QStringLiteral("unclosed string starting on line 1, column 13");
        QTest::newRow("value missing after colon")
                << QByteArray("{\n  \"options\": {\n    \"seed\":\n  }\n}\n")
                << 4 << 3 << QStringLiteral("unexpected '}' on line 4: a value is missing after ':'");
        QTest::newRow("value missing after comma") << QByteArray("{\"permissions\": {\"allow_read\": [\"/a\", , \"/b\"]}}")
                                                   << 1 << 39 << QStringLiteral("unexpected ',' on line 1: a value is missing after ','");
        QTest::newRow("trailing comma in array")
                << QByteArray("{\n  \"permissions\": {\n    \"allow_read\": [\"/a\",\n    ]\n  }\n}\n")
                << 3 << 24 << QStringLiteral("trailing comma before ']' on line 3 (JSON allows none)");
        QTest::newRow("trailing comma in object") << QByteArray("{\n  \"sandbox\": true,\n}\n") << 2 << 18
                                                  << QStringLiteral("trailing comma before '}' on line 2 (JSON allows none)");
        QTest::newRow("duplicate key")
                << QByteArray("{\n  \"permissions\": {\n    \"allow_read\": [],\n    \"allow_write\": [],\n"
                              "    \"allow_read\": [\"/b\"]\n  }\n}\n")
                << 5 << 5 << QStringLiteral("duplicate key \"allow_read\" on line 5 (first on line 3)");
        QTest::newRow("missing colon") << QByteArray("{\n  \"sandbox\" true\n}") << 2 << 12
                                       << QStringLiteral("missing ':' after the key \"sandbox\" on line 2");
        QTest::newRow("unquoted key") << QByteArray("{\n  sandbox: true\n}") << 2 << 3
                                      << QStringLiteral("the key on line 2 needs double quotes");
        QTest::newRow("capital True") << QByteArray("{\"sandbox\": True}") << 1 << 13
                                      << QStringLiteral("unknown word 'True' on line 1 (text goes in double quotes; "
                                                        "JSON writes true, false and null in lower case)");
        QTest::newRow("wrong closer") << QByteArray("{\"permissions\": {\"allow_read\": [\"/a\"}}") << 1 << 37
                                      << QStringLiteral("unexpected '}' on line 1: the '[' on line 1 is closed with ']'");
        QTest::newRow("unclosed object") << QByteArray("{\n  \"sandbox\": true\n") << 2 << 18
                                         << QStringLiteral("unclosed '{' on line 1: the document ends before its '}'");
        QTest::newRow("text after the document") << QByteArray("{}\n}") << 2 << 1
                                                 << QStringLiteral("unexpected '}' on line 2 after the end of the document (one object per file)");
        QTest::newRow("control character") << QByteArray("{\"sandbox\": \"a\tb\"}") << 1 << 15
                                           << QStringLiteral("a control character (U+0009) inside the string on line 1 (write it as \\u0009)");
    }

    void faultNamedWhereItIs()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const JsonLocator locator(json);
        QCOMPARE(locator.error(), message);
        QCOMPARE(locator.errorPosition().line, line);
        QCOMPARE(locator.errorPosition().column, column);
        // The CLI and the editor read the same words through parsePolicy.
        const auto parsed = parsePolicy(json, QStringLiteral("p.json"));
        QVERIFY(!parsed);
        QCOMPARE(parsed.error().message, QStringLiteral("p.json:%1:%2: %3").arg(line).arg(column).arg(message));
    }

    void wellFormedHasNoError()
    {
        const JsonLocator locator("{\"a\": [1, 2, {\"b\": \"c\\n\"}], \"d\": null}");
        QVERIFY(locator.error().isEmpty());
        QCOMPARE(locator.valuePosition(QStringLiteral("/a/2/b")).column, 20);
    }
};

QTEST_MAIN(TestJsonSyntaxError)
#include "tst_jsonsyntaxerror.moc"
