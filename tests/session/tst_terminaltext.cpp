// The one helper that decides how untrusted text is shown: on a terminal nothing in it may
// drive the terminal or start a line of its own; in the GUI bidi and invisible characters show.
#include "common/terminaltext.h"

#include <QTest>

using namespace Sandbench;

class TestTerminalText : public QObject
{
    Q_OBJECT
private slots:
    void terminalSafeEscapesEveryControl_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("esc") << QStringLiteral("a\x1b]0;title\x07z") << QStringLiteral("a\\e]0;title\\x07z");
        QTest::newRow("newline forges a line") << QStringLiteral("x\nsandbench-cli: identical") << QStringLiteral("x\\nsandbench-cli: identical");
        QTest::newRow("cr") << QStringLiteral("ok\rEVIL") << QStringLiteral("ok\\rEVIL");
        QTest::newRow("del") << QStringLiteral("a\x7f") << QStringLiteral("a\\x7f");
        QTest::newRow("c1 csi") << QString(QChar(0x9b)) + QStringLiteral("2J") << QStringLiteral("\\x9b2J");
        QTest::newRow("nel") << QString(QChar(0x85)) << QStringLiteral("\\x85");
        QTest::newRow("bidi") << QStringLiteral("report\u202Egnp.sh") << QStringLiteral("report\\u202egnp.sh");
        QTest::newRow("zero width") << QStringLiteral("a\u200Bb") << QStringLiteral("a\\u200bb");
        QTest::newRow("line separator") << QStringLiteral("a\u2028b") << QStringLiteral("a\\u2028b");
        QTest::newRow("backslash") << QStringLiteral("a\\nb") << QStringLiteral("a\\\\nb");
        QTest::newRow("plain") << QStringLiteral("/home/ünï/файл.txt") << QStringLiteral("/home/ünï/файл.txt");
    }

    void terminalSafeEscapesEveryControl()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const QString safe = terminalSafe(text);
        QCOMPARE(safe, expected);
        for (const QChar c : safe)
            QVERIFY(c.unicode() >= 0x20 && c.unicode() != 0x7f && !(c.unicode() >= 0x80 && c.unicode() <= 0x9f));
    }

    void visibleTextShowsWhatIsHidden()
    {
        const QString shown = visibleText(QStringLiteral("report\u202Egnp.sh"));
        QVERIFY(!shown.contains(QChar(0x202E)));
        QCOMPARE(shown, QStringLiteral("report\u27e6U+202E\u27e7gnp.sh"));
        QCOMPARE(visibleText(QStringLiteral("a\nb")), QStringLiteral("a\u240Ab"));
        QCOMPARE(visibleText(QStringLiteral("caf\u00e9")), QStringLiteral("caf\u00e9"));
        // Output views keep their lines and tabs, and show the rest.
        QCOMPARE(visibleLines(QStringLiteral("a\tb\nc\u202Ed\r\x1b")), QStringLiteral("a\tb\nc\u27e6U+202E\u27e7d\u240D\u241B"));
    }

    void filterKeepsLinesAndUtf8AcrossChunks()
    {
        TerminalFilter filter;
        const QByteArray text = "line one\n\x1b[2Jtab\there \xc3\xa9t\xc3\xa9\n\xe2\x80\xae!\r\x07\xff\xc0\x80";
        QByteArray out;
        for (const char c : text)
            out += filter.filter(QByteArrayView(&c, 1)); // the worst split: every byte alone
        out += filter.flush();
        QCOMPARE(out, QByteArray("line one\n\\e[2Jtab\there \xc3\xa9t\xc3\xa9\n\\u202e!\\r\\x07\\xff\\xc0\\x80"));
        TerminalFilter whole;
        QByteArray once = whole.filter(text);
        once += whole.flush();
        QCOMPARE(once, out);
        TerminalFilter cut;
        const QByteArray held = cut.filter("\xc3");
        QCOMPARE(held, QByteArray()); // perhaps the start of a character: held back
        QCOMPARE(cut.flush(), QByteArray("\\xc3")); // unfinished at the end: escaped
    }
};

QTEST_GUILESS_MAIN(TestTerminalText)
#include "tst_terminaltext.moc"
