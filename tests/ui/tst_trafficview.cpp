// The Sessions panel's Network tab: a recorded run's requests listed in order with method, URL,
// status and size; the selected one whole (headers as recorded, bodies read off the event loop
// with a text preview); hostile text from the file shown, never obeyed; the request a replay
// diverged at marked. Real parts in the second test: Deno, mitmproxy's mitmdump and the
// traffic tests' Python servers, recorded as `run --record` does and opened from the file.
#include "execfixture.h"
#include "trafficservers.h"

#include "common/terminaltext.h"
#include "panels/sessionspanel.h"
#include "panels/trafficview.h"
#include "session/exec/execsession.h"
#include "session/exec/execsessionrecorder.h"
#include "workbench/workbench.h"

#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr int kWaitMs = 30'000;

QTreeWidget *listOf(TrafficView *view)
{
    return view->findChild<QTreeWidget *>(QStringLiteral("trafficList"));
}

QString summaryOf(TrafficView *view)
{
    return view->findChild<QLabel *>(QStringLiteral("trafficSummary"))->text();
}

// Selects row `row` with the keyboard, as a person would, and waits for its bodies.
bool selectRow(TrafficView *view, int row)
{
    QTreeWidget *list = listOf(view);
    QSignalSpy shown(view, &TrafficView::detailsShown);
    list->setFocus();
    if (!list->currentItem())
        QTest::keyClick(list, Qt::Key_Home);
    while (list->indexOfTopLevelItem(list->currentItem()) < row)
        QTest::keyClick(list, Qt::Key_Down);
    return !shown.isEmpty() || shown.wait(kWaitMs);
}

} // namespace

class TestTrafficView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariable("SANDBENCH_SOURCE_DIR").isEmpty(), "SANDBENCH_SOURCE_DIR is not set (ctest sets it)");
    }

    // A session made by hand, as a hostile file could be: every text from it is shown as what it
    // is, a denied request says so, a body is previewed (text) or named (binary), and a body
    // whose file does not hold what its digest says is refused in place of a preview.
    void showsEveryRequestAndItsDetails()
    {
        QTemporaryDir content;
        QVERIFY(content.isValid());
        const QByteArray text = "{\"hello\": \"w\u00f6rld\"}";
        const QByteArray binary("\x00\x01\x02\xff", 4);
        const QByteArray swapped(text.size() + 1, 'Z'); // the size its reference says, not the bytes
        const auto store = [&](const QByteArray &bytes, const QByteArray &as) {
            const SandboxPayloadRef ref = payloadRefOf(bytes);
            QDir(content.path()).mkpath(QStringLiteral("files"));
            QFile file(content.filePath(QStringLiteral("files/") + ref.sha256));
            if (file.open(QIODevice::WriteOnly))
                file.write(as);
            return ref;
        };
        ExecSession session;
        session.manifest.code = QStringLiteral("console.log(1);");
        session.manifest.trafficRecorded = true;
        RecordedExchange ok;
        ok.method = QStringLiteral("GET");
        ok.url = QStringLiteral("https://api.example/\u202Etxt.exe");
        ok.requestHeaders = {{"Authorization", "[redacted by Sandbench]"}, {"X-Evil", "a\x1b[2Jb"}};
        ok.status = 200;
        ok.responseHeaders = {{"Content-Type", "application/json"}};
        ok.responseBody = store(text, text);
        ok.startMs = 12;
        ok.durationMs = 34;
        ok.allowed = true;
        RecordedExchange denied;
        denied.method = QStringLiteral("CONNECT");
        denied.url = QStringLiteral("https://elsewhere.example:443");
        denied.startMs = 50;
        RecordedExchange bin = ok;
        bin.method = QStringLiteral("POST");
        bin.url = QStringLiteral("https://api.example/upload");
        bin.requestBody = store(binary, binary);
        bin.responseBody = store(text + "x", swapped);
        session.manifest.traffic.exchanges = {ok, denied, bin};
        session.manifest.traffic.redacted = {QStringLiteral("request header Authorization")};
        session.setContent(content.path(), {}, nullptr);

        SessionsPanel panel;
        panel.resize(1000, 700);
        panel.show();
        panel.showSession(std::make_shared<const ExecSession>(session), QStringLiteral("made.sbsession"));
        auto *tabs = panel.findChild<QTabWidget *>(QStringLiteral("sessionTabs"));
        TrafficView *view = panel.trafficView();
        QVERIFY(tabs->isTabVisible(tabs->indexOf(view)));
        QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("Network"));
        tabs->setCurrentWidget(view);

        QTreeWidget *list = listOf(view);
        QCOMPARE(list->topLevelItemCount(), 3);
        QCOMPARE(summaryOf(view), QStringLiteral("Requests: 3, denied by the proxy: 1. Redacted when recorded: request header Authorization"));
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("GET"));
        QCOMPARE(list->topLevelItem(0)->text(3), visibleText(ok.url));
        QVERIFY(!hasHiddenCharacters(list->topLevelItem(0)->text(3)));
        QCOMPARE(list->topLevelItem(0)->text(4), QStringLiteral("200"));
        QCOMPARE(list->topLevelItem(1)->text(4), QStringLiteral("denied"));
        QVERIFY(list->topLevelItem(1)->font(4).bold());

        QVERIFY(selectRow(view, 0));
        QString details = view->detailsText();
        QVERIFY2(details.contains(QStringLiteral("Authorization: [redacted by Sandbench]")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("\"hello\": \"w\u00f6rld\"")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("took 34 ms; allowed by the proxy")), qPrintable(details));
        QVERIFY2(!hasHiddenCharacters(details, true), qPrintable(details));
        QVERIFY(!details.contains(QChar(0x1b)));

        QVERIFY(selectRow(view, 1));
        details = view->detailsText();
        QVERIFY2(details.contains(QStringLiteral("No response: the proxy refused the request.")), qPrintable(details));

        QVERIFY(selectRow(view, 2));
        details = view->detailsText();
        QVERIFY2(details.contains(QStringLiteral("Request body: 4 bytes, SHA-256 %1\n(binary)\n00000000  00 01 02 ff")
                                      .arg(bin.requestBody.sha256)), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("|....|")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("does not hold what its name says")), qPrintable(details));
        QVERIFY2(!details.contains(QString::fromUtf8(swapped)), qPrintable(details));

        // A recorded request the replay never made is marked and brought forward, with no
        // replayed side; the next replay's report replaces the mark.
        Divergence unasked{ReplayStream::Network, 3, QStringLiteral("GET ") + ok.url, QStringLiteral("<not asked>")};
        unasked.recordedRequest = 0;
        QVERIFY(view->showDivergence(unasked));
        QCOMPARE(list->currentItem(), list->topLevelItem(0));
        QVERIFY(list->topLevelItem(0)->text(0).startsWith(QChar(0x25b6)));
        QVERIFY(!view->findChild<QPlainTextEdit *>(QStringLiteral("replayedRequest"))->isVisible());
        unasked.recordedRequest = 7; // past the recording: nothing to mark
        QVERIFY(!view->showDivergence(unasked));
        QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("1"));

        // The replay's own request beside the recorded one, as hostile as the code that made
        // it: shown, never obeyed.
        Divergence d{ReplayStream::Network, 1, QStringLiteral("POST https://api.example/upload: its body differs"),
                     QStringLiteral("POST https://api.example/upload")};
        d.recordedRequest = 2;
        d.madeRequest = true;
        d.request = ReplayedRequest{QStringLiteral("POST"), QStringLiteral("https://api.example/\u202Eupload"), QString(64, u'a'), 6000,
                                    {{"X-Evil", "a\x1b[2Jb"}}, QByteArray("\x00\x01", 2)};
        QVERIFY(view->showDivergence(d));
        QCOMPARE(list->currentItem(), list->topLevelItem(2));
        QVERIFY(list->topLevelItem(2)->text(0).startsWith(QChar(0x25b6)));
        auto *replayed = view->findChild<QPlainTextEdit *>(QStringLiteral("replayedRequest"));
        QVERIFY(replayed && replayed->isVisible());
        const QString side = view->replayedText();
        QVERIFY2(side.startsWith(QStringLiteral("POST ") + visibleText(d.request.url) + QLatin1Char('\n')), qPrintable(side));
        QVERIFY2(side.contains(QStringLiteral("Made by the replay: POST https://api.example/upload: its body differs")), qPrintable(side));
        QVERIFY2(!side.contains(QChar(0x1b)) && !hasHiddenCharacters(side, true), qPrintable(side));
        QVERIFY2(side.contains(QStringLiteral("(binary)\n00000000  00 01")), qPrintable(side));
        QVERIFY2(side.contains(QStringLiteral("its first 2 bytes shown")), qPrintable(side));
        // Nothing like it in the recording: the recorded side says so.
        d.recordedRequest = -1;
        QVERIFY(view->showDivergence(d));
        QCOMPARE(view->detailsText(), QStringLiteral("The recording has no request like it."));
        view->clearDivergence();
        QVERIFY(!replayed->isVisible());
        QVERIFY(view->replayedText().isEmpty());
    }

    // A session without traffic says why, in the tab itself.
    void aSessionWithoutTrafficSaysWhy()
    {
        ExecSession session;
        session.manifest.code = QStringLiteral("1");
        session.manifest.notes = {QStringLiteral("traffic not recorded: mitmdump is not installed")};
        SessionsPanel panel;
        panel.showSession(std::make_shared<const ExecSession>(session), QStringLiteral("none.sbsession"));
        QCOMPARE(listOf(panel.trafficView())->topLevelItemCount(), 0);
        QCOMPARE(summaryOf(panel.trafficView()), QStringLiteral("Network traffic was not recorded: mitmdump is not installed"));
    }

    // A real run's traffic, recorded and written as `run --record` does, opened from the file.
    void aRecordedRunsRequestsAreListed()
    {
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("mitmdump")).isEmpty(), "mitmdump is not installed (scripts/setup installs mitmproxy)");
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        ExecFixture fixture;
        ExecRequest request;
        request.code = QStringLiteral("const a = await fetch('http://127.0.0.1:%1/first'); console.log(await a.text());\n"
                                      "const b = await fetch('https://localhost:%2/second', {method: 'POST', body: 'payload'});"
                                      " console.log(await b.text());").arg(servers.plain).arg(servers.tls);
        request.policy = fixture.sandboxPolicy();
        request.policy.permissions.allowNet = {QStringLiteral("127.0.0.1:%1").arg(servers.plain), QStringLiteral("localhost:%1").arg(servers.tls)};
        request.baseDir = fixture.root();
        request.traffic = TrafficCapture::Record;
        ExecEngineConfig config;
        config.secretUpstreamCaFile = servers.caFile();
        auto recorder = ExecSessionRecorder::begin(request, config);
        QVERIFY2(recorder, recorder ? "" : qPrintable(recorder.error().message));
        auto result = ExecEngine::runSync(request, config);
        QVERIFY2(result && result->exitCode == 0, result ? result->stderrData.constData() : qPrintable(result.error().message));
        auto bundle = recorder->finish(*result);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        const QString file = fixture.path(QStringLiteral("run.sbsession"));
        QVERIFY(bundle->write(file));

        SessionsPanel panel;
        panel.resize(1000, 700);
        panel.show();
        QSignalSpy opened(&panel, &SessionsPanel::sessionOpened);
        panel.openFile(file);
        QVERIFY(opened.wait(kWaitMs));
        TrafficView *view = panel.trafficView();
        QTreeWidget *list = listOf(view);
        QCOMPARE(list->topLevelItemCount(), 2);
        QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("http://127.0.0.1:%1/first").arg(servers.plain));
        QCOMPARE(list->topLevelItem(1)->text(2), QStringLiteral("POST"));
        QCOMPARE(list->topLevelItem(1)->text(3), QStringLiteral("https://localhost:%1/second").arg(servers.tls));
        QCOMPARE(list->topLevelItem(1)->text(4), QStringLiteral("200"));
        QVERIFY(selectRow(view, 1));
        const QString details = view->detailsText();
        // The server's answer names the path and the digest of what was posted.
        QVERIFY2(details.contains(QStringLiteral("\"path\": \"/second\"")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("Request body: 7 bytes")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("\npayload")), qPrintable(details));

        // A changed script's replay, from the panel's Replay button, diverges at its first
        // request: the Network tab comes forward with the request it made set beside the
        // recorded one of the same URL.
        servers.stop();
        ExecSession changed = *bundle;
        changed.manifest.code = QStringLiteral("await fetch('http://127.0.0.1:%1/first', {method: 'PUT', body: 'changed'});").arg(servers.plain);
        Workbench workbench;
        panel.setWorkbench(&workbench);
        const auto detach = qScopeGuard([&panel] { panel.setWorkbench(nullptr); }); // the panel outlives it
        panel.showSession(std::make_shared<const ExecSession>(changed), QStringLiteral("changed.sbsession"));
        QSignalSpy finished(&panel, &SessionsPanel::replayFinished);
        QTest::mouseClick(panel.replayButton(), Qt::LeftButton);
        QVERIFY(finished.wait(kWaitMs));
        const ReplayReport report = *panel.lastReport();
        QVERIFY2(!report.divergences.isEmpty() && report.divergences.first().stream == ReplayStream::Network, qPrintable(report.summary()));
        QCOMPARE(panel.tabs()->currentWidget(), view);
        QCOMPARE(list->currentItem(), list->topLevelItem(0));
        const QString side = view->replayedText();
        QVERIFY2(side.startsWith(QStringLiteral("PUT http://127.0.0.1:%1/first\n").arg(servers.plain)), qPrintable(side));
        QVERIFY2(side.contains(QStringLiteral("Request body: 7 bytes")) && side.contains(QStringLiteral("\nchanged")), qPrintable(side));
    }
};

QTEST_MAIN(TestTrafficView)
#include "tst_trafficview.moc"
