// The audit browser's model on a sandbox's connections: an allowed connection is told twice
// (decided, then closed with its figures), and the close line is a row but no decision.
#include "models/auditlogmodel.h"

#include <QFile>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

class TestAuditConnectionEnds : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void connectionEndsAreNoDecisions();
};

// A sandbox's allowed connection is told twice (decided, then closed with its figures): the
// close line is a row of its own but no second decision, live and from a file alike.
void TestAuditConnectionEnds::connectionEndsAreNoDecisions()
{
    AuditEvent allowed;
    allowed.seq = 1;
    allowed.kind = QStringLiteral("net");
    allowed.action = QStringLiteral("connect");
    allowed.resource = QStringLiteral("a.example:443");
    allowed.allowed = true;
    allowed.rule = QStringLiteral("network.allow[0] a.example");
    AuditEvent closed = allowed;
    closed.seq = 2;
    closed.action = QStringLiteral("close");
    closed.bytesOut = 120;
    closed.bytesIn = 4096;
    closed.durationMs = 75;
    AuditEvent cut = closed;
    cut.seq = 3;
    cut.bytesOut = cut.bytesIn = -1;
    cut.reason = QStringLiteral("the proxy stopped while the connection was open; its byte counts are unknown");
    AuditEvent denied = allowed;
    denied.seq = 4;
    denied.resource = QStringLiteral("b.example:443");
    denied.allowed = false;
    denied.rule = QStringLiteral("network.allow:notlisted");
    QVERIFY(allowed.isDecision() && denied.isDecision() && !closed.isDecision());
    const QList<AuditEvent> all{allowed, closed, cut, denied};
    auto reason = [](const AuditLogModel &m, int row) { return m.index(row, int(AuditLogModel::Column::Reason)).data().toString(); };

    AuditLogModel live;
    live.appendEvents(all);
    QCOMPARE(live.rowCount(), 4);
    QCOMPARE(live.allowCount(), 1);
    QCOMPARE(live.denyCount(), 1);
    const QString figures = QStringLiteral("closed: 120 bytes out, %1 bytes in, 75 ms").arg(QLocale().toString(4096));
    QVERIFY2(reason(live, 1).startsWith(figures), qPrintable(reason(live, 1)));
    QVERIFY2(reason(live, 2).startsWith(QLatin1String("closed after ")) && reason(live, 2).contains(QLatin1String("proxy stopped")),
             qPrintable(reason(live, 2)));
    QVERIFY(reason(live, 0).startsWith(QLatin1String("allowed by ")));

    AuditLogModel shown;
    shown.setEvents(all);
    QCOMPARE(shown.allowCount(), 1);
    QCOMPARE(shown.denyCount(), 1);

    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("net.jsonl")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    for (const AuditEvent &e : all)
        f.write(e.toJsonLine() + '\n');
    f.close();
    AuditLogModel file;
    QSignalSpy finished(&file, &AuditLogModel::loadingFinished);
    QVERIFY(file.openFile(f.fileName()));
    QVERIFY(finished.wait(5000));
    QCOMPARE(file.rowCount(), 4);
    QCOMPARE(file.allowCount(), 1);
    QCOMPARE(file.denyCount(), 1);
    QCOMPARE(file.eventAt(1).action, QStringLiteral("close"));
    QCOMPARE(file.eventAt(1).bytesIn, 4096);
}

QTEST_GUILESS_MAIN(TestAuditConnectionEnds)
#include "tst_auditconnectionends.moc"
