// The port preview against a real sandbox serving a page: busybox httpd inside, the page
// rendered by QtWebEngine outside, its title read back from the page itself.
#include "desktoptestsupport.h"

#include "panels/portpreviewpanel.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <QWebEnginePage>
#include <QWebEngineView>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestPortPreviewPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { REQUIRE_DOCKER(); }

    void rendersThePageASandboxServes()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 300'000;
        o.network = {NetworkKind::None, NetworkKind::All};
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        Sandbox *s = makeSandbox(pool->get(), QStringLiteral("sandbench/base:1"), 300'000, NetworkKind::All, {8080});
        QVERIFY(s);
        VERIFY_OK(waitFor(s->writeFile(QStringLiteral("site/index.html"),
                                       "<!doctype html><html><head><title>Served from a sandbox</title></head>"
                                       "<body><h1 id=\"h\">It works</h1></body></html>"), 30'000));
        auto served = shell(s, QStringLiteral("busybox httpd -p 8080 -h /workspace/site && echo started"));
        VERIFY_OK(served);
        QCOMPARE(served->stdoutData.trimmed(), QByteArray("started"));

        PortPreviewPanel panel(s, 8080);
        QCOMPARE(panel.objectName(), QStringLiteral("portPreviewPanel"));
        QCOMPARE(panel.port(), 8080);
        QCOMPARE(panel.url().host(), QStringLiteral("127.0.0.1"));
        panel.resize(800, 600);
        panel.show();
        QSignalSpy loaded(&panel, &PortPreviewPanel::loadFinished);
        bool ok = false;
        for (int attempt = 0; attempt < 5 && !ok; ++attempt) {
            if (attempt > 0) {
                QTest::qWait(500);
                panel.reload();
            }
            if (loaded.wait(30'000))
                ok = loaded.takeLast().first().toBool();
        }
        QVERIFY2(ok, qPrintable(panel.status()));

        QString title;
        panel.view()->page()->runJavaScript(QStringLiteral("document.title"),
                                            [&title](const QVariant &v) { title = v.toString(); });
        QTRY_COMPARE_WITH_TIMEOUT(title, QStringLiteral("Served from a sandbox"), 10'000);
        QString heading;
        panel.view()->page()->runJavaScript(QStringLiteral("document.getElementById('h').textContent"),
                                            [&heading](const QVariant &v) { heading = v.toString(); });
        QTRY_COMPARE_WITH_TIMEOUT(heading, QStringLiteral("It works"), 10'000);
        QCOMPARE(panel.status(), QStringLiteral("Served from a sandbox"));

        VERIFY_OK(waitFor(s->release(), 30'000));
        QTRY_VERIFY_WITH_TIMEOUT(panel.status().contains(QStringLiteral("no longer alive")), 5000);
    }
};

int main(int argc, char **argv)
{
    // QtWebEngine will not start as root with its own sandbox on (PLATFORM.md).
    qputenv("QTWEBENGINE_DISABLE_SANDBOX", "1");
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QApplication app(argc, argv);
    TestPortPreviewPanel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_portpreviewpanel.moc"
