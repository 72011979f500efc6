// Reading a sandbox session costs its manifest, not its members (#13: three nearly-1-GiB members
// were held in memory at once). The test writes a session with three 64 MiB outputs, generated
// one at a time so that writing holds one at most, then measures the peak resident size (VmHWM,
// reset before reading through /proc/self/clear_refs) while the session is read, its steps
// walked and each payload loaded and dropped in turn. As a check that the measurement can see
// what it is looking for, loading all three and keeping them must show their sum.
#include "session/sandbox/sandboxsession.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

namespace {

constexpr qint64 kMemberBytes = qint64(64) << 20;
constexpr int kMembers = 3;

// Member i: distinct bytes, quick to make and to compress.
QByteArray member(int i)
{
    QByteArray data(kMemberBytes, char('a' + i));
    for (qint64 at = 0; at < data.size(); at += 4096)
        data[at] = char(at / 4096 % 251);
    return data;
}

// A field of /proc/self/status in bytes ("VmHWM", "VmRSS").
qint64 status(const char *field)
{
    QFile file(QStringLiteral("/proc/self/status"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith(QByteArray(field) + ':'))
            return line.mid(qstrlen(field) + 1).trimmed().split(' ').first().toLongLong() * 1024;
    }
    return -1;
}

// Starts a new peak: from here VmHWM is the highest resident size since this call.
bool resetPeak()
{
    QFile file(QStringLiteral("/proc/self/clear_refs"));
    return file.open(QIODevice::WriteOnly) && file.write("5") == 1;
}

} // namespace

class TestSandboxSessionMemory : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_path;

    // The growth of the peak resident size while `work` runs.
    template<typename Work>
    qint64 peakGrowth(Work work)
    {
        if (!resetPeak())
            return -1;
        const qint64 before = status("VmRSS");
        work();
        return status("VmHWM") - before;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(resetPeak());
        QVERIFY(status("VmHWM") > 0);
        // Written as SandboxSession::write writes, each member made when it is written.
        QJsonArray steps;
        QList<ArchiveMember> members{{QStringLiteral("manifest.json"), {}, {}}};
        const QString empty = QString::fromLatin1(QCryptographicHash::hash({}, QCryptographicHash::Sha256).toHex());
        for (int i = 0; i < kMembers; ++i) {
            const QString sha = QString::fromLatin1(QCryptographicHash::hash(member(i), QCryptographicHash::Sha256).toHex());
            steps.append(QJsonObject{{QStringLiteral("kind"), QStringLiteral("exec")},
                                     {QStringLiteral("argv"), QJsonArray{QStringLiteral("cat"), QStringLiteral("big")}},
                                     {QStringLiteral("exitCode"), 0},
                                     {QStringLiteral("stdout"), sha},
                                     {QStringLiteral("stderr"), empty}});
            members.append({QStringLiteral("files/") + sha, {}, {}, [i]() -> Result<QByteArray> { return member(i); }});
        }
        members.append({QStringLiteral("files/") + empty, {}, {}});
        const QJsonObject manifest{{QStringLiteral("kind"), QStringLiteral("sandbox")},
                                   {QStringLiteral("formatVersion"), 1},
                                   {QStringLiteral("sandbox"), QJsonObject{{QStringLiteral("image"), QStringLiteral("sandbench/base:1")},
                                                                           {QStringLiteral("network"), QStringLiteral("none")}}},
                                   {QStringLiteral("steps"), steps}};
        members[0].data = QJsonDocument(manifest).toJson();
        m_path = m_dir.filePath(QStringLiteral("large.sbsession"));
        auto written = writeArchive(m_path, members, QStringLiteral("SHA256SUMS"));
        QVERIFY2(written, qPrintable(written ? QString() : written.error().message));
    }

    void readingAndWalkingStepsHoldsNoMember()
    {
        std::optional<Result<SandboxSession>> read;
        const qint64 growth = peakGrowth([&] { read = SandboxSession::read(m_path); });
        QVERIFY2(*read, qPrintable(*read ? QString() : (*read).error().message));
        const SandboxSession &session = **read;
        QCOMPARE(session.steps.size(), kMembers);
        for (const SandboxStep &step : session.steps)
            QCOMPARE(step.as<SandboxExecStep>()->stdoutData.size, kMemberBytes);
        qInfo("reading a session of %d x %lld MiB members: peak grew by %.1f MiB", kMembers, kMemberBytes >> 20,
              double(growth) / (1 << 20));
        // Far below one member, let alone their sum (192 MiB): what is held is buffers, not data.
        QVERIFY2(growth >= 0 && growth < kMemberBytes / 4, qPrintable(QString::number(growth)));
        QCOMPARE(session.payloads->bytesInMemory(), 0);
    }

    void loadingOneAtATimeHoldsOneAtATime()
    {
        auto session = SandboxSession::read(m_path);
        QVERIFY(session);
        const qint64 growth = peakGrowth([&] {
            for (int i = 0; i < kMembers; ++i) {
                auto bytes = session->load(i, SandboxPayloadKind::Stdout);
                QVERIFY(bytes);
                QCOMPARE(bytes->size(), kMemberBytes);
            }
        });
        qInfo("loading each member in turn: peak grew by %.1f MiB", double(growth) / (1 << 20));
        QVERIFY2(growth < kMemberBytes * 3 / 2, qPrintable(QString::number(growth)));
    }

    void theMeasurementSeesEagerLoading()
    {
        auto session = SandboxSession::read(m_path);
        QVERIFY(session);
        QList<QByteArray> held;
        const qint64 growth = peakGrowth([&] {
            for (int i = 0; i < kMembers; ++i)
                held << session->load(i, SandboxPayloadKind::Stdout).value_or(QByteArray());
        });
        qInfo("holding all members: peak grew by %.1f MiB", double(growth) / (1 << 20));
        QVERIFY2(growth > kMembers * kMemberBytes * 9 / 10, qPrintable(QString::number(growth)));
    }
};

QTEST_GUILESS_MAIN(TestSandboxSessionMemory)
#include "tst_sandboxsessionmemory.moc"
