// Agent sessions (sandbench-cli mcp's records of its clients) in the Sessions panel: the Live
// list of servers running now, following a session as its server writes it, a finished one's
// calls and their details, and files a hostile client shaped. Sessions are written here by the
// server's own writer (AgentSessionWriter), so what the panel reads is what a server leaves.
#include "panels/agentcallsmodel.h"
#include "panels/agentsessionview.h"
#include "panels/fittedpicture.h"
#include "panels/livesessionslist.h"
#include "panels/elidedlabel.h"
#include "panels/sessiondiffview.h"
#include "session/replayreport.h"
#include "panels/sessionspanel.h"
#include "session/agent/agentsession.h"
#include "session/agent/agentsessionwriter.h"
#include "testsupport.h"

#include <QApplication>
#include <QBuffer>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QComboBox>
#include <QTreeWidget>

#include <unistd.h>

using namespace Sandbench;

namespace {

// Within a second of being written, with the margin a loaded machine needs.
constexpr int kFollowTimeoutMs = 2000;

QJsonObject header()
{
    return QJsonObject{{QStringLiteral("applicationVersion"), QStringLiteral("test")},
                       {QStringLiteral("recordedAtMs"), QDateTime::currentMSecsSinceEpoch()},
                       {QStringLiteral("transport"), QStringLiteral("stdio")},
                       {QStringLiteral("pid"), qint64(::getpid())},
                       {QStringLiteral("server"), QJsonObject{{QStringLiteral("toolSets"), QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("box")},
                                                                                                           {QStringLiteral("exec"), true},
                                                                                                           {QStringLiteral("write"), false}}}},
                                                              {QStringLiteral("image"), QStringLiteral("sandbench/base:1")},
                                                              {QStringLiteral("network"), QStringLiteral("none")}}}};
}

QJsonObject initialize(const QString &client)
{
    return {{QStringLiteral("type"), QStringLiteral("initialize")}, {QStringLiteral("atMs"), QDateTime::currentMSecsSinceEpoch()},
            {QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
            {QStringLiteral("client"), QJsonObject{{QStringLiteral("name"), client}, {QStringLiteral("version"), QStringLiteral("1.2")}}}};
}

QJsonObject call(qint64 seq, const QString &tool, const QJsonObject &arguments, const QJsonObject &result)
{
    return {{QStringLiteral("type"), QStringLiteral("call")}, {QStringLiteral("seq"), seq},
            {QStringLiteral("atMs"), QDateTime::currentMSecsSinceEpoch()}, {QStringLiteral("durationMs"), 12},
            {QStringLiteral("tool"), tool}, {QStringLiteral("arguments"), arguments}, {QStringLiteral("result"), result}};
}

QJsonObject decision(const QString &resource, bool allowed)
{
    return {{QStringLiteral("kind"), QStringLiteral("read")}, {QStringLiteral("action"), QStringLiteral("read")},
            {QStringLiteral("resource"), resource}, {QStringLiteral("decision"), allowed ? QStringLiteral("allow") : QStringLiteral("deny")},
            {QStringLiteral("rule"), allowed ? QStringLiteral("allow_read[0]") : QStringLiteral("default deny")}};
}

QString pngBase64(QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QString::fromLatin1(png.toBase64());
}

QString cell(const AgentCallsModel *model, int row, int column, int role = Qt::DisplayRole)
{
    return model->data(model->index(row, column), role).toString();
}

// Clicks a call's row and waits until its arguments and result are shown.
void clickRow(QTableView *view, int row)
{
    QWidget *ancestor = view->parentWidget();
    while (ancestor && !qobject_cast<AgentSessionView *>(ancestor))
        ancestor = ancestor->parentWidget();
    auto *agentView = qobject_cast<AgentSessionView *>(ancestor);
    QVERIFY(agentView);
    QSignalSpy shown(agentView, &AgentSessionView::callShown);
    const QRect rect = view->visualRect(view->model()->index(row, AgentCallsModel::ToolColumn));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 5000);
}

} // namespace

class TestAgentSessions : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void liveSessionIsListedFollowedAndLeavesWhenItEnds();
    void finishedSessionShowsCallsAndDetails();
    void hostileTextIsShownAsText();
    void badLinesAreNamed();
    void crowdedFolderListsOnlyTheLiveNewest();
    void callDivergenceIsShownFieldByField();
    void hugeArgumentsAreShownCut();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<SessionsPanel> m_panel;
};

void TestAgentSessions::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_panel = std::make_unique<SessionsPanel>();
    m_panel->setSessionsFolder(m_dir->path());
    m_panel->resize(1100, 700);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void TestAgentSessions::cleanup()
{
    m_panel.reset();
    m_dir.reset();
}

void TestAgentSessions::liveSessionIsListedFollowedAndLeavesWhenItEnds()
{
    auto writer = AgentSessionWriter::create(m_dir->path(), header());
    QVERIFY2(writer, writer ? "" : qPrintable(writer.error().message));
    const QString path = (*writer)->path();
    QVERIFY((*writer)->append(initialize(QStringLiteral("follower"))));
    LiveSessionsList *live = m_panel->liveSessions();
    QTRY_COMPARE_WITH_TIMEOUT(live->paths(), QStringList{path}, kFollowTimeoutMs);
    QListWidget *list = live->listView();
    QVERIFY(list->item(0)->text().contains(QStringLiteral("follower 1.2")));

    // Chosen as the user does: a click on it in the list.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
    QTRY_VERIFY_WITH_TIMEOUT(m_panel->agentSession() != nullptr, kFollowTimeoutMs);
    AgentSessionView *view = m_panel->agentView();
    QVERIFY(view->isFollowing());
    QVERIFY(view->isVisible());
    QVERIFY(view->stateLabel()->text().startsWith(QStringLiteral("live")));
    QCOMPARE(view->callsModel()->rowCount(), 0);

    // Each call appended shows up while the server still runs.
    for (int seq = 1; seq <= 3; ++seq) {
        QVERIFY((*writer)->append(call(seq, QStringLiteral("box.exec"), {{QStringLiteral("command"), QStringLiteral("echo %1").arg(seq)}},
                                       {{QStringLiteral("isError"), false}})));
        QTRY_COMPARE_WITH_TIMEOUT(view->callsModel()->rowCount(), seq, kFollowTimeoutMs);
        QCOMPARE(cell(view->callsModel(), seq - 1, AgentCallsModel::ArgumentsColumn), QStringLiteral("{\"command\":\"echo %1\"}").arg(seq));
    }
    QVERIFY(view->headerLabel()->text().contains(QStringLiteral("3 call")));

    // Another file opened meanwhile; a click on the live one (still current in the list) goes back.
    auto other = AgentSessionWriter::create(m_dir->filePath(QStringLiteral("elsewhere")), header());
    QVERIFY(other);
    const QString otherPath = (*other)->path();
    QVERIFY((*other)->close(QStringLiteral("done")));
    m_panel->openFile(otherPath);
    QTRY_COMPARE_WITH_TIMEOUT(m_panel->agentSession()->path, otherPath, kFollowTimeoutMs);
    QVERIFY(!view->isFollowing());
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
    QTRY_COMPARE_WITH_TIMEOUT(m_panel->agentSession()->path, path, kFollowTimeoutMs);
    QVERIFY(view->isFollowing());
    QCOMPARE(view->callsModel()->rowCount(), 3);

    // The server ends the session: the view says how, and it leaves the Live list.
    QVERIFY((*writer)->close(QStringLiteral("client closed the connection")));
    QTRY_VERIFY_WITH_TIMEOUT(!view->isFollowing(), kFollowTimeoutMs);
    QCOMPARE(view->stateLabel()->text(), QStringLiteral("ended: client closed the connection"));
    QTRY_COMPARE_WITH_TIMEOUT(live->paths(), QStringList(), kFollowTimeoutMs);
    QCOMPARE(list->count(), 0);
}

void TestAgentSessions::finishedSessionShowsCallsAndDetails()
{
    auto writer = AgentSessionWriter::create(m_dir->path(), header());
    QVERIFY(writer);
    QVERIFY((*writer)->append(initialize(QStringLiteral("claude-code"))));
    QJsonObject run = call(1, QStringLiteral("code.run"), {{QStringLiteral("code"), QStringLiteral("console.log('hi')")}},
                           {{QStringLiteral("isError"), false},
                            {QStringLiteral("structuredContent"), QJsonObject{{QStringLiteral("stdout"), QStringLiteral("hi\n")},
                                                                              {QStringLiteral("exitCode"), 0}}}});
    run.insert(QStringLiteral("decisions"), QJsonArray{decision(QStringLiteral("/etc/hostname"), true), decision(QStringLiteral("/etc/passwd"), false)});
    QVERIFY((*writer)->append(run));
    QVERIFY((*writer)->append(call(2, QStringLiteral("box.exec"), {{QStringLiteral("command"), QStringLiteral("false")}},
                                   {{QStringLiteral("isError"), true}, {QStringLiteral("text"), QStringLiteral("exit 1")}})));
    QJsonObject refused = call(3, QStringLiteral("nope"), {}, {});
    refused.remove(QStringLiteral("result"));
    refused.insert(QStringLiteral("refused"), QJsonObject{{QStringLiteral("code"), -32602}, {QStringLiteral("message"), QStringLiteral("unknown tool: nope")}});
    QVERIFY((*writer)->append(refused));
    QJsonObject shot = call(4, QStringLiteral("box.screenshot"), {},
                            {{QStringLiteral("isError"), false},
                             {QStringLiteral("images"), QJsonArray{QJsonObject{{QStringLiteral("mimeType"), QStringLiteral("image/png")},
                                                                               {QStringLiteral("data"), pngBase64({64, 40})}}}}});
    QVERIFY((*writer)->append(shot));
    const QString path = (*writer)->path();
    QVERIFY((*writer)->close(QStringLiteral("client closed the connection")));

    QSignalSpy opened(m_panel.get(), &SessionsPanel::sessionOpened);
    m_panel->openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 10000);
    AgentSessionView *view = m_panel->agentView();
    QVERIFY(view->isVisible());
    QVERIFY(!view->isFollowing());
    const QString head = view->headerLabel()->text();
    for (const char *fact : {"client claude-code 1.2", "protocol 2025-06-18", "over stdio", "tool sets: box (exec)", "image sandbench/base:1", "network none", "4 call"})
        QVERIFY2(head.contains(QLatin1String(fact)), qPrintable(head));
    QCOMPARE(view->stateLabel()->text(), QStringLiteral("ended: client closed the connection"));
    QVERIFY(m_panel->replayButton()->isEnabled() == false); // no Workbench to replay through

    const AgentCallsModel *model = view->callsModel();
    QCOMPARE(model->rowCount(), 4);
    QCOMPARE(cell(model, 0, AgentCallsModel::OutcomeColumn), QStringLiteral("ok"));
    QCOMPARE(cell(model, 0, AgentCallsModel::DecisionsColumn), QStringLiteral("1 allowed, 1 denied"));
    QCOMPARE(cell(model, 0, AgentCallsModel::DurationColumn), QStringLiteral("12 ms"));
    QCOMPARE(cell(model, 1, AgentCallsModel::OutcomeColumn), QStringLiteral("error: exit 1"));
    QCOMPARE(cell(model, 1, AgentCallsModel::DecisionsColumn), QString());
    QCOMPARE(cell(model, 2, AgentCallsModel::OutcomeColumn), QStringLiteral("refused (-32602): unknown tool: nope"));

    clickRow(view->callsView(), 0);
    QVERIFY(view->argumentsView()->toPlainText().contains(QStringLiteral("\"code\": \"console.log('hi')\"")));
    QVERIFY(view->resultView()->toPlainText().contains(QStringLiteral("\"stdout\": \"hi\\n\"")));
    QTreeWidget *decisions = view->decisionsView();
    QVERIFY(decisions->isVisible());
    QCOMPARE(decisions->topLevelItemCount(), 2);
    QCOMPARE(decisions->topLevelItem(0)->text(2), QStringLiteral("/etc/hostname"));
    QCOMPARE(decisions->topLevelItem(0)->text(3), QStringLiteral("allow"));
    QCOMPARE(decisions->topLevelItem(1)->text(3), QStringLiteral("deny"));
    QCOMPARE(decisions->topLevelItem(1)->text(4), QStringLiteral("default deny"));

    clickRow(view->callsView(), 2);
    QCOMPARE(view->resultView()->toPlainText(), QStringLiteral("refused (-32602): unknown tool: nope"));
    QVERIFY(!decisions->isVisible());

    QSignalSpy image(view, &AgentSessionView::imageShown);
    clickRow(view->callsView(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(image.size(), 1, 5000);
    QVERIFY(view->imageView()->isVisible());
    QCOMPARE(view->imageView()->pixmap().size(), QSize(64, 40));
    // The base64 is not dumped into the result's text.
    QVERIFY(view->resultView()->toPlainText().contains(QStringLiteral("characters of base64>")));
    QVERIFY(view->resultView()->toPlainText().size() < 1000);
}

void TestAgentSessions::hostileTextIsShownAsText()
{
    const QString tool = QStringLiteral("<b>bold</b>\x1b[31mred\u202e");
    auto writer = AgentSessionWriter::create(m_dir->path(), header());
    QVERIFY(writer);
    QVERIFY((*writer)->append(initialize(QStringLiteral("<img src=x onerror=alert(1)>\x1b]0;title\x07"))));
    QVERIFY((*writer)->append(call(1, tool, {{QStringLiteral("x"), QStringLiteral("<a href='file:///etc'>link</a>\u202etxt.exe")}},
                                   {{QStringLiteral("isError"), true}, {QStringLiteral("text"), QStringLiteral("<h1>boom</h1>\nsecond line")}})));
    // A screenshot that is not a PNG, and one that claims to be huge.
    QJsonObject notPng = call(2, QStringLiteral("box.screenshot"), {},
                              {{QStringLiteral("images"), QJsonArray{QJsonObject{{QStringLiteral("data"), QStringLiteral("PGh0bWw+")}}}}});
    QVERIFY((*writer)->append(notPng));
    const QString path = (*writer)->path();
    QVERIFY((*writer)->close(QStringLiteral("<script>end</script>")));

    m_panel->openFile(path);
    QTRY_VERIFY_WITH_TIMEOUT(m_panel->agentSession() != nullptr, 10000);
    AgentSessionView *view = m_panel->agentView();
    for (QLabel *label : {view->headerLabel(), view->stateLabel()})
        QCOMPARE(label->textFormat(), Qt::PlainText);
    QVERIFY(view->headerLabel()->text().contains(QStringLiteral("<img src=x onerror=alert(1)>")));
    QVERIFY(!view->headerLabel()->text().contains(QChar(0x1b)));
    QVERIFY(!view->headerLabel()->text().contains(QChar(0x07)));
    QCOMPARE(view->stateLabel()->text(), QStringLiteral("ended: <script>end</script>"));

    const AgentCallsModel *model = view->callsModel();
    const QString shownTool = cell(model, 0, AgentCallsModel::ToolColumn);
    QVERIFY(shownTool.startsWith(QStringLiteral("<b>bold</b>")));
    QVERIFY2(!shownTool.contains(QChar(0x1b)) && !shownTool.contains(QChar(0x202e)), qPrintable(shownTool));
    QVERIFY(shownTool.contains(QStringLiteral("U+202E")));
    // Tool tips are rich text to Qt: the file's tags arrive escaped.
    const QString tip = cell(model, 0, AgentCallsModel::ArgumentsColumn, Qt::ToolTipRole);
    QVERIFY2(tip.contains(QStringLiteral("&lt;a href=")) && !tip.contains(QStringLiteral("<a href")), qPrintable(tip));
    QVERIFY(!cell(model, 0, AgentCallsModel::ToolColumn, Qt::ToolTipRole).contains(QStringLiteral("<b>")));
    // One line in the table; the whole message in the details.
    QCOMPARE(cell(model, 0, AgentCallsModel::OutcomeColumn), QStringLiteral("error: <h1>boom</h1>"));
    clickRow(view->callsView(), 0);
    QVERIFY(!view->argumentsView()->toPlainText().contains(QChar(0x202e)));
    QVERIFY(view->argumentsView()->toPlainText().contains(QStringLiteral("<a href='file:///etc'>link</a>")));

    QSignalSpy image(view, &AgentSessionView::imageShown);
    clickRow(view->callsView(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(image.size(), 1, 5000);
    QVERIFY(view->imageView()->pixmap().isNull());
    QVERIFY2(view->imageView()->text().contains(QStringLiteral("not a PNG")), qPrintable(view->imageView()->text()));

    // A PNG that claims more pixels than shown is refused before it is decoded.
    auto big = AgentSessionWriter::create(m_dir->path(), header());
    QVERIFY(big);
    QVERIFY((*big)->append(call(1, QStringLiteral("box.screenshot"), {},
                                {{QStringLiteral("images"), QJsonArray{QJsonObject{{QStringLiteral("data"), pngBase64({9000, 2})}}}}})));
    const QString bigPath = (*big)->path();
    QVERIFY((*big)->close(QStringLiteral("done")));
    QSignalSpy opened(m_panel.get(), &SessionsPanel::sessionOpened);
    m_panel->openFile(bigPath);
    QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 10000);
    QSignalSpy bigImage(view, &AgentSessionView::imageShown);
    clickRow(view->callsView(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(bigImage.size(), 1, 5000);
    QVERIFY(view->imageView()->pixmap().isNull());
    QVERIFY2(view->imageView()->text().contains(QStringLiteral("9000")), qPrintable(view->imageView()->text()));
}

void TestAgentSessions::badLinesAreNamed()
{
    // A finished file with a broken line: a clear error naming the line, nothing shown of it.
    auto writer = AgentSessionWriter::create(m_dir->path(), header());
    QVERIFY(writer);
    const QString path = (*writer)->path();
    QVERIFY((*writer)->append(initialize(QStringLiteral("c"))));
    writer->reset(); // the server is gone; what it left is appended to by someone else
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        file.write("{\"type\":\"call\",\"seq\":\"<b>1</b>\"}\n");
    }
    QSignalSpy failed(m_panel.get(), &SessionsPanel::openFailed);
    m_panel->openFile(path);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
    QVERIFY2(failed.first().first().toString().contains(QStringLiteral(":3:")), qPrintable(failed.first().first().toString()));
    QVERIFY(m_panel->errorLabel()->isVisible());
    QVERIFY(m_panel->agentSession() == nullptr);

    // A followed session that gets a bad line: following stops, saying which line.
    auto liveWriter = AgentSessionWriter::create(m_dir->path(), header());
    QVERIFY(liveWriter);
    const QString livePath = (*liveWriter)->path();
    QVERIFY((*liveWriter)->append(call(1, QStringLiteral("box.exec"), {}, {{QStringLiteral("isError"), false}})));
    m_panel->openFile(livePath);
    QTRY_VERIFY_WITH_TIMEOUT(m_panel->agentSession() != nullptr, 10000);
    AgentSessionView *view = m_panel->agentView();
    QVERIFY(view->isFollowing());
    {
        QFile file(livePath);
        QVERIFY(file.open(QIODevice::Append));
        file.write("not json at all\n");
    }
    QTRY_VERIFY_WITH_TIMEOUT(!view->isFollowing(), kFollowTimeoutMs);
    QVERIFY2(view->stateLabel()->text().contains(QStringLiteral(":3: not a JSON object")), qPrintable(view->stateLabel()->text()));
    QCOMPARE(view->callsModel()->rowCount(), 1);
}

void TestAgentSessions::crowdedFolderListsOnlyTheLiveNewest()
{
    // Ten thousand sessions no server holds, some with stale locks of a dead pid: one listing,
    // none of them shown; the one a live server holds is.
    for (int i = 0; i < 10000; ++i) {
        QFile file(m_dir->filePath(QStringLiteral("old-%1.sbagent").arg(i)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        if (i % 1000 == 0) {
            QFile lock(AgentSessionWriter::lockPathFor(file.fileName()));
            QVERIFY(lock.open(QIODevice::WriteOnly));
            lock.write("999999999\nsandbench-cli\nhost\n");
        }
    }
    auto writer = AgentSessionWriter::create(m_dir->path(), header());
    QVERIFY(writer);
    QTRY_COMPARE_WITH_TIMEOUT(m_panel->liveSessions()->paths(), QStringList{(*writer)->path()}, 5000);
    QCOMPARE(m_panel->liveSessions()->listView()->count(), 1);
}

void TestAgentSessions::callDivergenceIsShownFieldByField()
{
    ReplayReport report;
    report.identical = false;
    report.divergences << Divergence{ReplayStream::Call, 3, QStringLiteral("box.exec: {\"a\":1,\"b\":\"<b>2</b>\"}"),
                                     QStringLiteral("{\"a\":1,\"b\":\"3\"}")};
    SessionDiffView view;
    view.setCallComparison(report);
    // Indented on both sides, the tool's line on both: the field that differs is marked.
    QCOMPARE(view.recordedView()->toPlainText(), QStringLiteral("box.exec:\n{\n    \"a\": 1,\n    \"b\": \"<b>2</b>\"\n}"));
    QCOMPARE(view.replayedView()->toPlainText(), QStringLiteral("box.exec:\n{\n    \"a\": 1,\n    \"b\": \"3\"\n}"));
    QCOMPARE(view.highlightedLine(), 4);
    QVERIFY(view.streamBox()->currentText().contains(QStringLiteral("call 3")));
    // The summary quotes the recording: plain text, never markup.
    QCOMPARE(view.summaryLabel()->textFormat(), Qt::PlainText);
    QVERIFY(view.summaryLabel()->fullText().contains(QStringLiteral("<b>2</b>")));
}

void TestAgentSessions::hugeArgumentsAreShownCut()
{
    // 8 MiB of arguments: the cell, its tool tip and the detail view each show a bounded part.
    auto writer = AgentSessionWriter::create(m_dir->path(), header());
    QVERIFY(writer);
    const QString big(8 << 20, QLatin1Char('x'));
    QVERIFY((*writer)->append(call(1, QStringLiteral("box.write"), {{QStringLiteral("content"), big}}, {{QStringLiteral("isError"), false}})));
    const QString path = (*writer)->path();
    QVERIFY((*writer)->close(QStringLiteral("done")));
    QElapsedTimer t;
    t.start();
    m_panel->openFile(path);
    QTRY_VERIFY_WITH_TIMEOUT(m_panel->agentSession() != nullptr, 20000);
    qInfo("opened in %lld ms", t.restart());
    AgentSessionView *view = m_panel->agentView();
    const AgentCallsModel *model = view->callsModel();
    QCOMPARE(cell(model, 0, AgentCallsModel::ArgumentsColumn).size(), AgentCallsModel::kSummaryChars + 1);
    QVERIFY(cell(model, 0, AgentCallsModel::ArgumentsColumn, Qt::ToolTipRole).size() < AgentCallsModel::kToolTipChars + 100);
    clickRow(view->callsView(), 0);
    qInfo("shown in %lld ms", t.restart());
    const QString shown = view->argumentsView()->toPlainText();
    QVERIFY2(shown.size() < AgentSessionView::kMaxDetailChars + 100, qPrintable(QString::number(shown.size())));
    QVERIFY(shown.contains(QStringLiteral("(cut: ")));
    // No line longer than a text view lays out at once without stalling the event loop.
    for (const QString &line : shown.split(QLatin1Char('\n')))
        QVERIFY(line.size() < AgentSessionView::kMaxLineChars + 100);
}

QTEST_MAIN(TestAgentSessions)
#include "tst_agentsessions.moc"
