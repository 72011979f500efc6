#include "panels/consolepanel.h"

#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTest>
#include <QTextBlock>

using namespace Sandbench;

class TestConsolePanel : public QObject
{
    Q_OBJECT
private slots:
    void outputKeepsArrivalOrderAndColoursStderr();
    void splitUtf8SequencesDecodeWhole();
    void floodsAreCoalescedCappedAndMarked();
    void longLinesAreBroken();
    void searchFindsAndWraps();
    void copyAndClear();
    void bidiAndControlsAreShownNotObeyed();
};

void TestConsolePanel::outputKeepsArrivalOrderAndColoursStderr()
{
    ConsolePanel console;
    console.show();
    console.append(ExecStream::Stdout, "one\n");
    console.append(ExecStream::Stderr, "two\n");
    console.append(ExecStream::Stdout, "three\n");
    QCOMPARE(console.text(), QString()); // nothing inserted where it arrives
    QTRY_COMPARE(console.text(), QStringLiteral("one\ntwo\nthree\n"));
    const QTextDocument *doc = console.view()->document();
    const QColor out = doc->findBlockByNumber(0).begin().fragment().charFormat().foreground().color();
    const QColor err = doc->findBlockByNumber(1).begin().fragment().charFormat().foreground().color();
    QVERIFY(err != out);
    QVERIFY(err.red() > err.green() + 80); // red-ish
}

void TestConsolePanel::splitUtf8SequencesDecodeWhole()
{
    ConsolePanel console;
    const QByteArray text = QStringLiteral("Grüße 日本\n").toUtf8();
    for (char c : text)
        console.append(ExecStream::Stdout, QByteArray(1, c));
    console.flushAll();
    QCOMPARE(console.text(), QStringLiteral("Grüße 日本\n"));
}

void TestConsolePanel::floodsAreCoalescedCappedAndMarked()
{
    ConsolePanel console;
    console.resize(800, 400);
    console.show();
    QByteArray chunk;
    for (int i = 0; i < 1000; ++i)
        chunk += "line of output number " + QByteArray::number(i) + '\n';
    // ~60 MB arriving faster than any widget can lay out, with the event loop running between.
    qint64 longestStall = 0;
    QElapsedTimer clock;
    for (int round = 0; round < 2000; ++round) {
        console.append(ExecStream::Stdout, chunk);
        QVERIFY(console.pendingBytes() <= ConsolePanel::kMaxPending + chunk.size() + 256);
        if (round % 20 == 0) {
            clock.start();
            QCoreApplication::processEvents();
            longestStall = qMax(longestStall, clock.elapsed());
        }
    }
    console.append(ExecStream::Stdout, "THE END\n");
    QVERIFY(console.droppedBytes() > 0);
    console.flushAll();
    QVERIFY(console.view()->blockCount() <= ConsolePanel::kMaxBlocks + 1);
    QVERIFY(console.text().endsWith(QStringLiteral("THE END\n")));
    qInfo("longest event-loop turn while flooding: %lld ms", longestStall);
    QVERIFY2(longestStall < 1000, qPrintable(QString::number(longestStall)));

    // One burst far past the cap: what is kept starts with a marker that says what was skipped.
    ConsolePanel burst;
    while (burst.droppedBytes() == 0)
        burst.append(ExecStream::Stdout, chunk);
    QVERIFY(burst.pendingBytes() <= ConsolePanel::kKeepPending + chunk.size() + 256);
    burst.flushAll();
    const QString text = burst.text();
    QVERIFY2(text.startsWith(QStringLiteral("[\u2026 %1 bytes of output skipped").arg(burst.droppedBytes())),
             qPrintable(text.left(200)));
}

void TestConsolePanel::longLinesAreBroken()
{
    ConsolePanel console;
    console.append(ExecStream::Stdout, QByteArray(ConsolePanel::kMaxLineChars * 3, 'x'));
    console.flushAll();
    QCOMPARE(console.view()->blockCount(), 3);
}

void TestConsolePanel::searchFindsAndWraps()
{
    ConsolePanel console;
    console.show();
    console.append(ExecStream::Stdout, "alpha\nneedle one\nbeta\nneedle two\n");
    console.flushAll();
    console.showSearch();
    auto *search = console.findChild<QLineEdit *>();
    QVERIFY(search);
    search->setText(QStringLiteral("needle"));
    QVERIFY(console.findNext());
    QCOMPARE(console.view()->textCursor().blockNumber(), 1);
    QVERIFY(!console.followTail()); // a match stays in view
    QVERIFY(console.findNext());
    QCOMPARE(console.view()->textCursor().blockNumber(), 3);
    QVERIFY(console.findNext()); // wraps to the first
    QCOMPARE(console.view()->textCursor().blockNumber(), 1);
    search->setText(QStringLiteral("absent"));
    QVERIFY(!console.findNext());
}

void TestConsolePanel::copyAndClear()
{
    ConsolePanel console;
    console.append(ExecStream::Stderr, "oops\n");
    console.flushAll();
    console.copyAll();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("oops\n"));
    console.append(ExecStream::Stdout, "pending");
    console.clear();
    QCOMPARE(console.pendingBytes(), 0);
    QTest::qWait(ConsolePanel::kFlushIntervalMs * 3);
    QCOMPARE(console.text(), QString());
}

QTEST_MAIN(TestConsolePanel)

// The code's output is data: a right-to-left override must not make "report<RLO>gnp.sh" read
// "reporths.png", and an escape sequence shows as a picture of itself.
void TestConsolePanel::bidiAndControlsAreShownNotObeyed()
{
    ConsolePanel console;
    console.append(ExecStream::Stdout, QStringLiteral("report\u202Egnp.sh\x1b[2J\n").toUtf8());
    console.flushAll();
    const QString text = console.text();
    QVERIFY2(!text.contains(QChar(0x202E)) && !text.contains(QChar(0x1b)), qPrintable(text));
    QCOMPARE(text, QStringLiteral("report\u27e6U+202E\u27e7gnp.sh\u241B[2J\n"));
}

#include "tst_consolepanel.moc"
