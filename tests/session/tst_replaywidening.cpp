// Whether a replay policy grants more than the contained one is decided on grants resolved as
// the replay's broker resolves them (from the recording's base folder, through links), not on
// their spelling: a narrower policy with relative grants does not warn, a wider one does, also
// when a relative grant only resolves outside (issue #24).
#include "session/exec/execreplaypolicy.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

class TestReplayWidening : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_real;  // the project, as it is on disk
    QString m_link;  // the same project through a link, as the recording named it
    ExecSessionManifest m_manifest;

    QStringList wider(const Policy &user) const
    {
        return englishNotes(wideningEntries(user, containedReplayPolicy(m_manifest), m_manifest));
    }

    static Policy sandboxed()
    {
        Policy p;
        p.sandbox = true;
        return p;
    }

private slots:
    void initTestCase()
    {
        const QString root = QDir(m_dir.path()).canonicalPath();
        m_real = root + QStringLiteral("/real");
        m_link = root + QStringLiteral("/link");
        QVERIFY(QDir().mkpath(m_real + QStringLiteral("/work")));
        QVERIFY(QDir().mkpath(root + QStringLiteral("/outside")));
        QVERIFY(QFile::link(m_real, m_link));
        // A link in the workdir that leads out of it.
        QVERIFY(QFile::link(root + QStringLiteral("/outside"), m_real + QStringLiteral("/work/escape")));
        QFile input(m_real + QStringLiteral("/in.txt"));
        QVERIFY(input.open(QIODevice::WriteOnly));
        input.write("x");

        m_manifest.baseDir = m_link;
        m_manifest.workdir = m_link + QStringLiteral("/work");
        // The broker logged the read where the file is.
        m_manifest.inputFiles.insert(m_real + QStringLiteral("/in.txt"), QStringLiteral("00"));
        m_manifest.policy = sandboxed();
        m_manifest.policy.workdir = QStringLiteral("work");
        m_manifest.policy.permissions.allowRead = {QStringLiteral("./in.txt")};
        m_manifest.policy.permissions.allowWrite = {QStringLiteral("./work/out")};
    }

    void aNarrowerPolicyWithRelativeGrantsDoesNotWarn_data()
    {
        QTest::addColumn<QStringList>("read");
        QTest::addColumn<QStringList>("write");
        QTest::addColumn<QString>("workdir");
        QTest::newRow("relative-input") << QStringList{QStringLiteral("./in.txt")} << QStringList{} << QString();
        QTest::newRow("relative-out-in-workdir") << QStringList{} << QStringList{QStringLiteral("./work/out")} << QStringLiteral("work");
        QTest::newRow("dot-dot-back-in") << QStringList{QStringLiteral("work/../in.txt")} << QStringList{QStringLiteral("./work/./out/../out")} << QStringLiteral("./work/");
        QTest::newRow("the-real-path") << QStringList{QStringLiteral("%REAL%/in.txt")} << QStringList{QStringLiteral("%REAL%/work/out")}
                                       << QStringLiteral("%REAL%/work");
        QTest::newRow("nothing") << QStringList{} << QStringList{} << QString();
    }

    void aNarrowerPolicyWithRelativeGrantsDoesNotWarn()
    {
        QFETCH(QStringList, read);
        QFETCH(QStringList, write);
        QFETCH(QString, workdir);
        Policy user = sandboxed();
        user.permissions.allowRead = read.replaceInStrings(QStringLiteral("%REAL%"), m_real);
        user.permissions.allowWrite = write.replaceInStrings(QStringLiteral("%REAL%"), m_real);
        user.workdir = workdir.replace(QStringLiteral("%REAL%"), m_real);
        const QStringList entries = wider(user);
        QVERIFY2(entries.isEmpty(), qPrintable(entries.join(QLatin1Char('\n'))));
    }

    void aWiderPolicyStillWarns_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("entry");
        QTest::newRow("out-beside-the-workdir") << "allow_write" << "./out";
        QTest::newRow("relative-out-of-base") << "allow_read" << "../outside";
        QTest::newRow("link-out-of-the-workdir-read") << "allow_read" << "./work/escape";
        QTest::newRow("link-out-of-the-workdir-write") << "allow_write" << "./work/escape/x";
        QTest::newRow("another-file") << "allow_read" << "./other.txt";
        QTest::newRow("the-base") << "allow_read" << ".";
        QTest::newRow("a-workdir-elsewhere") << "workdir" << "../outside";
        QTest::newRow("absolute-host") << "allow_read" << "/etc";
    }

    void aWiderPolicyStillWarns()
    {
        QFETCH(QString, key);
        QFETCH(QString, entry);
        Policy user = sandboxed();
        if (key == QLatin1String("allow_read"))
            user.permissions.allowRead = {entry};
        else if (key == QLatin1String("allow_write"))
            user.permissions.allowWrite = {entry};
        else
            user.workdir = entry;
        const QStringList entries = wider(user);
        QCOMPARE(entries.size(), 1);
        QVERIFY2(entries.first().startsWith(key + QLatin1Char(' ') + entry), qPrintable(entries.first()));
    }
};

QTEST_GUILESS_MAIN(TestReplayWidening)
#include "tst_replaywidening.moc"
