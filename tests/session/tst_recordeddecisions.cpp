// Recordings from someone else for policy analysis: bounded, and every refusal says where.
#include "session/recordeddecisions.h"

#include "session/agent/agentsessionwriter.h"

#include "testsupport.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Sandbench;
using Sandbench::Test::writeFile;

class TestRecordedDecisions : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.path() + QLatin1Char('/') + name; }

    static QByteArray line(quint64 seq, const char *resource, bool allowed)
    {
        AuditEvent e;
        e.seq = seq;
        e.kind = QStringLiteral("read");
        e.action = QStringLiteral("read");
        e.resource = QLatin1String(resource);
        e.allowed = allowed;
        e.rule = allowed ? QStringLiteral("allow_read[0]") : QStringLiteral("sandbox");
        return e.toJsonLine() + '\n';
    }

private slots:
    void readsAnAuditLog()
    {
        QVERIFY(writeFile(path(QStringLiteral("a.jsonl")), line(1, "/a", true) + "\n" + line(2, "/b", false)));
        auto read = readRecordedDecisions(path(QStringLiteral("a.jsonl")));
        QVERIFY2(read, read ? "" : qPrintable(read.error().message));
        QCOMPARE(read->source, RecordedDecisions::Source::AuditLog);
        QCOMPARE(read->events.size(), 2);
        QCOMPARE(read->events.at(1).resource, QStringLiteral("/b"));
        QVERIFY(!read->events.at(1).allowed);
    }

    void aLineThatIsNoEventIsRefusedWithItsLineNumber()
    {
        QVERIFY(writeFile(path(QStringLiteral("bad.jsonl")), line(1, "/a", true) + "{\"seq\":2}\n" + line(3, "/c", true)));
        auto read = readRecordedDecisions(path(QStringLiteral("bad.jsonl")));
        QVERIFY(!read);
        QCOMPARE(read.error().code, ErrorCode::Parse);
        QVERIFY2(read.error().message.startsWith(path(QStringLiteral("bad.jsonl:2:"))), qPrintable(read.error().message));
    }

    void aCutLastLineIsLeftOutAndSaidSo()
    {
        const QByteArray whole = line(1, "/a", true);
        QVERIFY(writeFile(path(QStringLiteral("cut.jsonl")), whole + line(2, "/b", true).left(20)));
        auto read = readRecordedDecisions(path(QStringLiteral("cut.jsonl")));
        QVERIFY(read);
        QCOMPARE(read->events.size(), 1);
        QVERIFY(read->notes.value(0).contains(QStringLiteral("cut.jsonl:2")));
    }

    void limitsHold()
    {
        QByteArray many;
        for (int i = 1; i <= 10; ++i)
            many += line(quint64(i), "/a", true);
        QVERIFY(writeFile(path(QStringLiteral("many.jsonl")), many));
        RecordedDecisionLimits limits;
        limits.maxEvents = 9;
        auto tooMany = readRecordedDecisions(path(QStringLiteral("many.jsonl")), limits);
        QVERIFY(!tooMany);
        QVERIFY2(tooMany.error().message.contains(QStringLiteral("many.jsonl:10: more than 9 events")), qPrintable(tooMany.error().message));
        limits = {};
        limits.maxAuditLogBytes = many.size() - 1;
        QVERIFY(!readRecordedDecisions(path(QStringLiteral("many.jsonl")), limits));
        limits = {};
        limits.maxLineBytes = 40;
        auto longLine = readRecordedDecisions(path(QStringLiteral("many.jsonl")), limits);
        QVERIFY(!longLine);
        QVERIFY2(longLine.error().message.contains(QStringLiteral("many.jsonl:1: a line of more than 40 bytes")), qPrintable(longLine.error().message));
        // One line with no newline, longer than the cap: refused too, not held whole.
        QVERIFY(writeFile(path(QStringLiteral("one.jsonl")), QByteArray(4096, 'x')));
        QVERIFY(!readRecordedDecisions(path(QStringLiteral("one.jsonl")), limits));
    }

    void aFifoOrADeviceIsRefusedAtOnce()
    {
        const QString fifo = path(QStringLiteral("fifo"));
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        auto read = readRecordedDecisions(fifo);
        QVERIFY(!read);
        QVERIFY(!readRecordedDecisions(QStringLiteral("/dev/zero")));
        auto missing = readRecordedDecisions(path(QStringLiteral("nothing")));
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ErrorCode::Io);
    }

    void aSandboxSessionOrGarbageArchiveIsRefused()
    {
        QVERIFY(writeFile(path(QStringLiteral("x.sbsession")), QByteArray("\x1f\x8b\x08\x00garbage", 12)));
        QVERIFY(!readRecordedDecisions(path(QStringLiteral("x.sbsession"))));
    }

    void readsTheDecisionsOfAnAgentSession()
    {
        auto w = AgentSessionWriter::create(path(QStringLiteral("agent")),
                                            {{QStringLiteral("transport"), QStringLiteral("stdio")},
                                             {QStringLiteral("recordedAtMs"), 5},
                                             {QStringLiteral("applicationVersion"), QStringLiteral("t")},
                                             {QStringLiteral("server"), QJsonObject()}});
        QVERIFY2(w, w ? "" : qPrintable(w.error().message));
        const QJsonObject decision = QJsonDocument::fromJson(line(7, "/data/x", false)).object();
        QVERIFY((*w)->append({{QStringLiteral("type"), QStringLiteral("call")}, {QStringLiteral("seq"), 1}, {QStringLiteral("atMs"), 1},
                              {QStringLiteral("durationMs"), 2}, {QStringLiteral("tool"), QStringLiteral("code.run")},
                              {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("code"), QStringLiteral("1")}}},
                              {QStringLiteral("result"), QJsonObject{{QStringLiteral("isError"), false}}},
                              {QStringLiteral("decisions"), QJsonArray{decision, decision}}}));
        QVERIFY((*w)->close(QStringLiteral("done")));
        auto read = readRecordedDecisions((*w)->path());
        QVERIFY2(read, read ? "" : qPrintable(read.error().message));
        QCOMPARE(read->source, RecordedDecisions::Source::AgentSession);
        QCOMPARE(read->events.size(), 2);
        QCOMPARE(read->events.at(0).resource, QStringLiteral("/data/x"));
        QCOMPARE(read->events.at(0).seq, 7u);
    }

    void aLogHasTheCandidateAsItsSetup()
    {
        RecordedDecisions log;
        Policy candidate;
        candidate.sandbox = true;
        candidate.permissions.allowRead = {QStringLiteral("/x")};
        auto setup = decisionSetupFor(log, candidate, QStringLiteral("/base"));
        QVERIFY(setup);
        QCOMPARE(setup->policy, candidate);
        QCOMPARE(setup->baseDir, QStringLiteral("/base"));
    }
};

QTEST_GUILESS_MAIN(TestRecordedDecisions)
#include "tst_recordeddecisions.moc"
