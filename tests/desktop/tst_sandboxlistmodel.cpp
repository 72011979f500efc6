// SandboxListModel over the fake provider: rows follow the pool, the countdown ticks, and a
// sandbox whose lifetime is over leaves the list.
#include "fakeprovider.h"
#include "models/sandboxlistmodel.h"
#include "sandbox/sandboxpool.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestSandboxListModel : public QObject
{
    Q_OBJECT

    static Sandbox *make(SandboxPool *pool, qint64 lifetimeMs, QList<int> ports = {})
    {
        SandboxOptions o;
        o.lifetimeMs = lifetimeMs;
        if (!ports.isEmpty()) {
            o.network.kind = NetworkKind::All;
            o.ports = ports;
        }
        auto r = waitFor(pool->create(o), 5000);
        return r ? *r : nullptr;
    }

private slots:
    void formatsDurations()
    {
        QCOMPARE(SandboxListModel::formatDuration(0), QStringLiteral("0:00"));
        QCOMPARE(SandboxListModel::formatDuration(1), QStringLiteral("0:01"));
        QCOMPARE(SandboxListModel::formatDuration(61'000), QStringLiteral("1:01"));
        QCOMPARE(SandboxListModel::formatDuration(3'723'000), QStringLiteral("1:02:03"));
        QCOMPARE(SandboxListModel::formatDuration(-5), QStringLiteral("0:00"));
    }

    void rowsFollowThePoolAndCountDown()
    {
        PoolOptions po;
        po.maxSandboxes = 3;
        po.maxLifetimeMs = 600'000;
        po.network = {NetworkKind::None, NetworkKind::All};
        auto pool = SandboxPool::open(std::make_unique<FakeProvider>(), po);
        QVERIFY(pool);
        Sandbox *first = make(pool->get(), 600'000);
        QVERIFY(first);

        SandboxListModel model(pool->get());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTickInterval(100);
        QCOMPARE(model.rowCount(), 1); // sandboxes alive before the model are listed too

        Sandbox *second = make(pool->get(), 1500, {8080});
        QVERIFY(second);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.sandbox(1), second);
        const auto cell = [&](int row, SandboxListModel::Column c, int role = Qt::DisplayRole) {
            return model.index(row, int(c)).data(role);
        };
        QCOMPARE(cell(1, SandboxListModel::Column::Image).toString(), QStringLiteral("fake:1"));
        QCOMPARE(cell(1, SandboxListModel::Column::Network).toString(), QStringLiteral("all"));
        QCOMPARE(cell(1, SandboxListModel::Column::Ports).toString(), QStringLiteral("8080 → 18080"));
        QCOMPARE(cell(1, SandboxListModel::Column::State).toString(), QStringLiteral("alive"));
        QCOMPARE(cell(1, SandboxListModel::Column::Id, SandboxListModel::LifetimeMsRole).toLongLong(), 1500);
        QCOMPARE(cell(0, SandboxListModel::Column::Remaining).toString(), QStringLiteral("10:00"));

        QSignalSpy ticks(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(ticks.wait(1000));
        const QModelIndex from = ticks.first().at(0).toModelIndex();
        QCOMPARE(from.column(), int(SandboxListModel::Column::Remaining));
        const qint64 left = cell(1, SandboxListModel::Column::Id, SandboxListModel::RemainingMsRole).toLongLong();
        QVERIFY2(left > 0 && left < 1500, qPrintable(QString::number(left)));

        // The lifetime runs out: the row goes, the others stay.
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 5000);
        QCOMPARE(model.sandbox(0), first);
        QCOMPARE(second->state(), Sandbox::State::Gone);

        QVERIFY(waitFor(first->release(), 5000));
        QCOMPARE(model.rowCount(), 0);
    }

    void poolDestroyedFirst()
    {
        PoolOptions po;
        po.maxSandboxes = 1;
        po.maxLifetimeMs = 60'000;
        auto pool = SandboxPool::open(std::make_unique<FakeProvider>(), po);
        QVERIFY(pool);
        QVERIFY(make(pool->get(), 60'000));
        SandboxListModel model(pool->get());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 1);
        pool->reset();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSandboxListModel)
#include "tst_sandboxlistmodel.moc"
