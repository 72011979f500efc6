// Operation<T>::then and chain(): the one way the sandbox side hands results on. Each test
// drives the event loop itself, so "from the event loop, never synchronously" is checked
// directly: a continuation that ran inside the call would be seen before any event is processed.
#include "sandbox/sandboxoperation.h"

#include <QPointer>
#include <QTest>

using namespace Sandbench;

namespace {

// Delivers what is queued (finished(), continuations) and the deleteLater()s that follow.
void drain()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::processEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
}

// An operation with a canceller, as the providers make them: cancel() stops the work, which
// then finishes with Cancelled.
Operation<int> *cancellable(QObject *parent, int *cancels)
{
    auto *op = new Operation<int>(parent);
    op->setCanceller([op, cancels] {
        ++*cancels;
        op->fail(ErrorCode::Cancelled, QStringLiteral("stopped"));
    });
    return op;
}

} // namespace

class TestOperation : public QObject
{
    Q_OBJECT

private slots:
    void thenRunsOnceFromTheEventLoop()
    {
        QObject context;
        QPointer<Operation<int>> op = new Operation<int>();
        int calls = 0;
        int seen = 0;
        op->then(&context, [&](const Result<int> &r) {
            ++calls;
            seen = r.value_or(-1);
        });
        QVERIFY(op->finish(7));
        QVERIFY(!op->finish(8)); // a second outcome is ignored
        op->cancel();            // and so is a cancel once finished
        QCOMPARE(calls, 0);      // never from inside finish()
        drain();
        QCOMPARE(calls, 1);
        QCOMPARE(seen, 7);
        QVERIFY2(op.isNull(), "the operation did not delete itself after its continuation");
        drain();
        QCOMPARE(calls, 1);
    }

    void thenOnAFinishedOperationStillWaitsForTheLoop()
    {
        QObject context;
        QPointer<VoidOperation> op = new VoidOperation();
        op->fail(ErrorCode::Gone, QStringLiteral("gone"));
        QVERIFY(op->waitForFinished(1000)); // finished() has been delivered already
        int calls = 0;
        std::optional<ErrorCode> code;
        op->then(&context, [&](const Result<void> &r) {
            ++calls;
            code = r ? std::nullopt : std::optional(r.error().code);
        });
        QCOMPARE(calls, 0);
        drain();
        QCOMPARE(calls, 1);
        QCOMPARE(code, std::optional(ErrorCode::Gone));
        QVERIFY(op.isNull());
    }

    void contextDestroyedFirstCancelsAndDeletes()
    {
        auto *context = new QObject;
        int cancels = 0;
        QPointer<Operation<int>> op = cancellable(nullptr, &cancels);
        int calls = 0;
        op->then(context, [&](const Result<int> &) { ++calls; });
        delete context;
        QCOMPARE(cancels, 1);
        QVERIFY(op); // deleted later, not inside the context's destructor
        drain();
        QCOMPARE(calls, 0);
        QVERIFY2(op.isNull(), "the operation leaked when its context went");
    }

    void contextDestroyedBetweenFinishAndDelivery()
    {
        auto *context = new QObject;
        QPointer<Operation<int>> op = new Operation<int>();
        int calls = 0;
        op->then(context, [&](const Result<int> &) { ++calls; });
        op->finish(1);
        delete context; // the finished() emission is still queued
        drain();
        QCOMPARE(calls, 0);
        QVERIFY(op.isNull());
    }

    void contextDestroyedBeforeALateThenIsDelivered()
    {
        auto *context = new QObject;
        QPointer<Operation<int>> op = new Operation<int>();
        op->finish(1);
        QVERIFY(op->waitForFinished(1000));
        int calls = 0;
        op->then(context, [&](const Result<int> &) { ++calls; });
        delete context;
        drain();
        QCOMPARE(calls, 0);
        QVERIFY(op.isNull());
    }

    void operationDestroyedByItsParentNeverCalls()
    {
        QObject context;
        auto *parent = new QObject;
        auto *op = new Operation<int>(parent);
        int calls = 0;
        op->then(&context, [&](const Result<int> &) { ++calls; });
        op->finish(1);
        delete parent;
        drain();
        QCOMPARE(calls, 0);
    }

    void chainMapsTheValue()
    {
        QObject owner;
        auto *inner = new Operation<int>();
        QPointer<Operation<QString>> outer = chain(new Operation<QString>(&owner), inner,
                                                   [](const int &v) -> Result<QString> { return QString::number(v * 2); });
        QCOMPARE(inner->parent(), outer.data());
        inner->finish(21);
        auto r = waitFor(outer.data(), 1000);
        QVERIFY(r);
        QCOMPARE(*r, QStringLiteral("42"));
    }

    void chainPassesErrorsThrough()
    {
        QObject owner;
        auto *inner = new Operation<int>();
        bool mapped = false;
        auto *outer = chain(new Operation<int>(&owner), inner, [&](const int &v) -> Result<int> {
            mapped = true;
            return v;
        });
        inner->fail(ErrorCode::Gone, QStringLiteral("the sandbox went"));
        auto r = waitFor(outer, 1000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Gone);
        QCOMPARE(r.error().message, QStringLiteral("the sandbox went"));
        QVERIFY(!mapped);
    }

    void chainMapSeesTheWholeResultWhenItAsks()
    {
        QObject owner;
        auto *inner = new VoidOperation();
        auto *outer = chain(new Operation<int>(&owner), inner, [](const Result<void> &r) -> Result<int> {
            return r ? 0 : int(r.error().code == ErrorCode::Gone);
        });
        inner->fail(ErrorCode::Gone, QStringLiteral("gone"));
        auto r = waitFor(outer, 1000);
        QVERIFY(r);
        QCOMPARE(*r, 1);
    }

    void chainForwardsCancel()
    {
        QObject owner;
        int cancels = 0;
        QPointer<Operation<int>> inner = cancellable(nullptr, &cancels);
        auto *outer = chain(new Operation<int>(&owner), inner.data(), [](const int &v) -> Result<int> { return v; });
        outer->cancel();
        QCOMPARE(cancels, 1);
        auto r = waitFor(outer, 1000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Cancelled);
        drain();
        QVERIFY2(inner.isNull(), "the inner operation outlived the outer");
    }

    void chainCancelAfterTheInnerResultKeepsTheResult()
    {
        // cancel() promises Cancelled "or the result, if that came first".
        QObject owner;
        int cancels = 0;
        auto *inner = cancellable(nullptr, &cancels);
        auto *outer = chain(new Operation<int>(&owner), inner, [](const int &v) -> Result<int> { return v; });
        inner->finish(3);
        outer->cancel();
        QCOMPARE(cancels, 0);
        auto r = waitFor(outer, 1000);
        QVERIFY(r);
        QCOMPARE(*r, 3);
    }

    void chainOuterFinishedFirstDropsTheInnerResult()
    {
        QObject owner;
        auto *inner = new Operation<int>();
        QPointer<Operation<int>> outer = chain(new Operation<int>(&owner), inner, [](const int &v) -> Result<int> { return v; });
        outer->fail(ErrorCode::TimedOut, QStringLiteral("no answer"));
        inner->finish(5);
        int calls = 0;
        std::optional<ErrorCode> code;
        outer->then(&owner, [&](const Result<int> &r) {
            ++calls;
            code = r ? std::nullopt : std::optional(r.error().code);
        });
        drain();
        QCOMPARE(calls, 1);
        QCOMPARE(code, std::optional(ErrorCode::TimedOut));
        QVERIFY(outer.isNull());
    }

    void chainedOperationsDeleteThemselvesUnderThen()
    {
        // The pattern of the providers: a job chained into an outer operation whose caller
        // attaches then(); both are gone afterwards.
        QObject owner;
        QObject caller;
        QPointer<Operation<int>> inner = new Operation<int>();
        QPointer<Operation<int>> outer = chain(new Operation<int>(&owner), inner.data(), [](const int &v) -> Result<int> { return v + 1; });
        int seen = 0;
        outer->then(&caller, [&](const Result<int> &r) { seen = r.value_or(-1); });
        inner->finish(1);
        drain();
        QCOMPARE(seen, 2);
        QVERIFY(outer.isNull());
        QVERIFY(inner.isNull());
        QVERIFY(owner.children().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestOperation)
#include "tst_operation.moc"
