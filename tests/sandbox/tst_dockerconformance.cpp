// The provider contract (sandboxConformance) against the real Docker engine.
#include "dockertestsupport.h"

#include "sandbox/sandboxconformance.h"

#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestDockerConformance : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxPool> m_pool;
    Sandbox *m_sandbox = nullptr;
    QList<ConformanceCheck> m_checks = sandboxConformance();

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 600'000;
        o.maxFileBytes = 1 << 20;
        o.maxOutputBytes = 256 * 1024;
        auto pool = openDockerPool(o);
        QVERIFY2(pool, qPrintable(pool ? QString() : pool.error().message));
        m_pool = std::move(*pool);
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        so.env.insert(QStringLiteral("SB_SANDBOX_VAR"), QStringLiteral("it's a 'sandbox' value; $HOME"));
        auto sandbox = waitFor(m_pool->create(so), 60'000);
        QVERIFY2(sandbox, qPrintable(sandbox ? QString() : sandbox.error().message));
        m_sandbox = *sandbox;
    }

    void conformance_data()
    {
        QTest::addColumn<int>("index");
        for (int i = 0; i < m_checks.size(); ++i)
            QTest::newRow(qPrintable(m_checks[i].name)) << i;
    }

    void conformance()
    {
        QFETCH(int, index);
        QVERIFY(m_sandbox);
        const ConformanceOutcome outcome = m_checks[index].run(m_sandbox);
        QVERIFY2(outcome.passed, qPrintable(outcome.message));
    }

    void cleanupTestCase()
    {
        if (m_pool)
            QVERIFY(waitFor(m_pool->close(), 30'000));
    }
};

QTEST_GUILESS_MAIN(TestDockerConformance)
#include "tst_dockerconformance.moc"
