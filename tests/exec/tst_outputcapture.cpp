#include "exec/outputcapture.h"
#include "exec/stderrrewriter.h"

#include <QTest>

using namespace Sandbench;

class TestOutputCapture : public QObject
{
    Q_OBJECT
private slots:
    void keepsEverythingUnderTheCap()
    {
        OutputCapture c(10);
        c.append(QByteArray("abc"));
        c.append(QByteArray("defg"));
        QVERIFY(!c.truncated());
        QCOMPARE(c.result(), QByteArray("abcdefg"));
    }

    void keepsHeadAndTail()
    {
        OutputCapture c(10);
        for (char ch = 'a'; ch <= 'z'; ++ch)
            c.append(&ch, 1);
        QVERIFY(c.truncated());
        QCOMPARE(c.totalBytes(), qint64(26));
        QCOMPARE(c.result(), QByteArray("abcde\n[... 16 bytes dropped ...]\nvwxyz"));
    }

    void bigChunksAndOddSizes()
    {
        OutputCapture c(7);
        c.append(QByteArray(100, 'x') + "12");
        c.append(QByteArray("3"));
        QCOMPARE(c.result(), QByteArray("xxxx\n[... 96 bytes dropped ...]\n123"));
    }

    void rewritesStderr()
    {
        const QByteArray raw = "Warning Permission broker is an experimental feature\n"
                               "error: Uncaught (in promise) NotCapable: permission denied: x\n"
                               "    at Object.readTextFileSync (ext:deno_fs/30_fs.js:1:1)\n"
                               "    at boom (file:///w/d/lib.ts:2:3)\n"
                               "    at file:///w/d/.sandbench-main-abc.ts:1:1\n";
        const QByteArray out = rewriteStderr(raw, QStringLiteral("/w/d"), QStringLiteral(".sandbench-main-abc.ts"));
        QCOMPARE(out, QByteArray("error: Uncaught (in promise) NotCapable: permission denied: x\n    at boom (lib.ts:2:3)\n"));
    }
};

QTEST_GUILESS_MAIN(TestOutputCapture)
#include "tst_outputcapture.moc"
