// The CLI's one option parser: every command's values are checked where they are met, and every
// refusal names the flag and the value as given.
#include "optiontable.h"

#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Cli;

namespace {

struct Fixture
{
    bool verbose = false;
    QString name;
    QStringList tags;
    qint64 seconds = 0;
    OptionTable table{QStringLiteral("demo")};

    Fixture()
    {
        table.flag({QStringLiteral("--verbose"), QStringLiteral("-v")}, QStringLiteral("say more"), &verbose);
        table.text({QStringLiteral("--name")}, QStringLiteral("NAME"), QStringLiteral("a name"), &name);
        table.add({{QStringLiteral("--tag")}, QStringLiteral("TAG"), QStringLiteral("a tag (repeats)"), [this](const QString &v) -> std::optional<QString> {
            tags << v;
            return std::nullopt;
        }, true});
        table.add({{QStringLiteral("--seconds")}, QStringLiteral("S"), QStringLiteral("a duration"), [this](const QString &v) -> std::optional<QString> {
            const auto n = wholeNumber(v, 1, 600);
            if (!n)
                return QStringLiteral("a number of seconds from 1 to 600");
            seconds = *n;
            return std::nullopt;
        }});
    }
};

} // namespace

class TestOptionTable : public QObject
{
    Q_OBJECT
private slots:
    void valuesInBothSpellingsAndTheRest()
    {
        Fixture f;
        const auto parsed = f.table.parse({QStringLiteral("-v"), QStringLiteral("--name=a=b"), QStringLiteral("--tag"), QStringLiteral("x"),
                                           QStringLiteral("--tag=y"), QStringLiteral("--seconds"), QStringLiteral("30"), QStringLiteral("file"),
                                           QStringLiteral("--"), QStringLiteral("--not-an-option")});
        QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.error().message));
        QVERIFY(f.verbose);
        QCOMPARE(f.name, QStringLiteral("a=b"));
        QCOMPARE(f.tags, (QStringList{QStringLiteral("x"), QStringLiteral("y")}));
        QCOMPARE(f.seconds, 30);
        QCOMPARE(parsed->positional, QStringList{QStringLiteral("file")});
        QCOMPARE(parsed->rest, QStringList{QStringLiteral("--not-an-option")});
    }

    void stopAtPositionalKeepsTheProgramsArguments()
    {
        Fixture f;
        const auto parsed = f.table.parse({QStringLiteral("-v"), QStringLiteral("tool.ts"), QStringLiteral("--"), QStringLiteral("--seconds"),
                                           QStringLiteral("abc")}, true);
        QVERIFY(parsed);
        QCOMPARE(parsed->positional, QStringList{QStringLiteral("tool.ts")});
        QCOMPARE(parsed->rest, (QStringList{QStringLiteral("--seconds"), QStringLiteral("abc")}));
        QCOMPARE(f.seconds, 0);
    }

    void refusalsNameTheFlagAndTheValue_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("word") << QStringList{QStringLiteral("--seconds"), QStringLiteral("abc")}
                              << QStringLiteral("--seconds: \"abc\" is not a number of seconds from 1 to 600");
        QTest::newRow("inline") << QStringList{QStringLiteral("--seconds=0")} << QStringLiteral("--seconds: \"0\" is not a number");
        QTest::newRow("sign") << QStringList{QStringLiteral("--seconds"), QStringLiteral("+5")} << QStringLiteral("--seconds: \"+5\"");
        QTest::newRow("space") << QStringList{QStringLiteral("--seconds"), QStringLiteral(" 5")} << QStringLiteral("--seconds: \" 5\"");
        QTest::newRow("missing") << QStringList{QStringLiteral("--seconds")} << QStringLiteral("--seconds: needs a value (S)");
        QTest::newRow("twice") << QStringList{QStringLiteral("--seconds=5"), QStringLiteral("--seconds"), QStringLiteral("6")}
                               << QStringLiteral("--seconds: given more than once");
        QTest::newRow("unknown") << QStringList{QStringLiteral("--second"), QStringLiteral("5")}
                                 << QStringLiteral("unknown option --second (see sandbench-cli demo --help)");
        QTest::newRow("switch with value") << QStringList{QStringLiteral("--verbose=yes")} << QStringLiteral("--verbose: takes no value");
        QTest::newRow("empty text") << QStringList{QStringLiteral("--name=")} << QStringLiteral("--name: \"\" is not a non-empty value");
        // The value is cut, so a pasted megabyte does not become a megabyte of error.
        QTest::newRow("long value") << QStringList{QStringLiteral("--seconds"), QString(5000, QLatin1Char('9'))}
                                    << QStringLiteral("--seconds: \"%1\" is not").arg(QString(64, QLatin1Char('9')));
    }

    void refusalsNameTheFlagAndTheValue()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        Fixture f;
        const auto parsed = f.table.parse(args);
        QVERIFY(!parsed);
        QCOMPARE(parsed.error().code, ErrorCode::ConfigError);
        QVERIFY2(parsed.error().message.startsWith(message), qPrintable(parsed.error().message));
    }

    void numbersAreDigitsOnly()
    {
        QCOMPARE(wholeNumber(QStringLiteral("42"), 1, 100), std::optional<qint64>(42));
        for (const char *bad : {"", "-1", "1e2", "0x10", "4 2", "１２", "101", "99999999999999999999"})
            QVERIFY2(!wholeNumber(QString::fromUtf8(bad), 1, 100), bad);
        QCOMPARE(decimalNumber(QStringLiteral("0.5"), 0.01, 4), std::optional<double>(0.5));
        for (const char *bad : {"nan", "inf", "1e3", "-1", ".5", "1.", "0.0001", "5", "0x1"})
            QVERIFY2(!decimalNumber(QString::fromUtf8(bad), 0.01, 4), bad);
    }

    void helpComesFromTheTable()
    {
        Fixture f;
        const QString help = f.table.help();
        QVERIFY(help.contains(QStringLiteral("--verbose, -v")));
        QVERIFY(help.contains(QStringLiteral("--seconds S")));
        QVERIFY(help.contains(QStringLiteral("a tag (repeats)")));
        QCOMPARE(help.count(QLatin1Char('\n')), 4);
    }
};

QTEST_GUILESS_MAIN(TestOptionTable)
#include "tst_optiontable.moc"
