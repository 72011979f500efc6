#include "models/runhistorymodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Sandbench;

class TestRunHistoryModel : public QObject
{
    Q_OBJECT
private slots:
    void runsAreNumberedAndFinished();
    void transcriptKeepsArrivalOrderUpToItsCap();
    void failedRunShowsItsError();
    void storeThatGoesFirstLeavesAnEmptyTable();
};

void TestRunHistoryModel::runsAreNumberedAndFinished()
{
    RunHistory history;
    RunHistoryModel model(&history);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    RunRecord record;
    record.title = QStringLiteral("a.ts");
    QCOMPARE(history.addRun(record), 0);
    QCOMPARE(history.addRun(record), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(1, int(RunHistoryModel::Column::Number)).data().toInt(), 2);
    QCOMPARE(model.index(0, int(RunHistoryModel::Column::Status)).data().toString(), QStringLiteral("running"));

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    ExecResult result;
    result.exitCode = 3;
    result.timedOut = true;
    result.truncated = true;
    result.durationMs = 1500;
    result.allowCount = 4;
    result.denyCount = 2;
    history.finishRun(0, result);
    QCOMPARE(changed.size(), 1);
    QVERIFY(!model.run(0).running);
    const QString status = model.index(0, int(RunHistoryModel::Column::Status)).data().toString();
    QVERIFY2(status.contains(QStringLiteral("timed out")) && status.contains(QStringLiteral("exit 3"))
                 && status.contains(QStringLiteral("truncated")), qPrintable(status));
    QCOMPARE(model.index(0, int(RunHistoryModel::Column::Denied)).data().toInt(), 2);
    QCOMPARE(model.index(0, int(RunHistoryModel::Column::Duration)).data().toString(), QStringLiteral("1500 ms"));
    history.finishRun(7, result); // out of range: ignored, no crash
    QCOMPARE(changed.size(), 1);
    history.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestRunHistoryModel::transcriptKeepsArrivalOrderUpToItsCap()
{
    RunRecord record;
    record.appendOutput(ExecStream::Stdout, "a", 10);
    record.appendOutput(ExecStream::Stdout, "b", 10);
    record.appendOutput(ExecStream::Stderr, "err", 10);
    record.appendOutput(ExecStream::Stdout, "cdefgh", 10);
    QCOMPARE(record.transcript.size(), 3);
    QCOMPARE(record.transcript.at(0).data, QByteArray("ab"));
    QCOMPARE(record.transcript.at(1).stream, ExecStream::Stderr);
    QCOMPARE(record.transcript.at(2).data, QByteArray("cdefg")); // 10 bytes kept in all
    QCOMPARE(record.transcriptDropped, 1);
    record.appendOutput(ExecStream::Stdout, "more", 10);
    QCOMPARE(record.transcriptDropped, 5);
    QCOMPARE(record.transcriptBytes, 10);
}

void TestRunHistoryModel::failedRunShowsItsError()
{
    RunHistory history;
    RunHistoryModel model(&history);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int row = history.addRun({});
    history.failRun(row, Error::environment(QStringLiteral("runtime missing")));
    QCOMPARE(model.index(row, int(RunHistoryModel::Column::Status)).data().toString(),
             QStringLiteral("failed: runtime missing"));
    QCOMPARE(model.index(row, 0).data(Qt::ToolTipRole).toString(), QStringLiteral("runtime missing"));
}

// The model adapts a store it does not own; the store may go first (a Workbench closed before
// the window's views), and the table must then be empty rather than read freed rows.
void TestRunHistoryModel::storeThatGoesFirstLeavesAnEmptyTable()
{
    auto history = std::make_unique<RunHistory>();
    RunHistoryModel model(history.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    history->addRun({});
    QCOMPARE(model.rowCount(), 1);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    history.reset();
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 0);
}

QTEST_GUILESS_MAIN(TestRunHistoryModel)
#include "tst_runhistorymodel.moc"
