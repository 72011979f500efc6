// writeRunFile (core/common/runfile.h): a run's own files are written whole or not at all, never
// through a link planted at their path, and nothing of a failed write is left behind.
#include "common/runfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Sandbench;

class TestRunFile : public QObject
{
    Q_OBJECT

    static QByteArray contents(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
    }

private slots:
    void writesWholeFileOwnerOnly()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("preload.js"));
        QVERIFY(writeRunFile(path, "export {};\n"));
        QCOMPARE(contents(path), QByteArray("export {};\n"));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0600));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{u"preload.js"_qs});
    }

    void replacesAnExistingFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("code.ts"));
        QVERIFY(writeRunFile(path, "a much longer first version\n"));
        QVERIFY(writeRunFile(path, "short\n"));
        QCOMPARE(contents(path), QByteArray("short\n"));
        QVERIFY(writeRunFile(path, QByteArray()));
        QCOMPARE(contents(path), QByteArray());
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).size(), 1);
    }

    // The code file goes into a folder of the user's, where the code of an earlier run may have
    // left a link at that name: the link is replaced, what it points at is untouched.
    void replacesAPlantedLinkInsteadOfWritingThroughIt()
    {
        QTemporaryDir dir;
        const QString victim = dir.filePath(QStringLiteral("victim.txt"));
        QFile original(victim);
        QVERIFY(original.open(QIODevice::WriteOnly));
        original.write("keep me");
        original.close();
        const QString path = dir.filePath(QStringLiteral(".sandbench-main-abcdef.ts"));
        QVERIFY(QFile::link(victim, path));
        QVERIFY(writeRunFile(path, "console.log(1);\n"));
        QCOMPARE(contents(victim), QByteArray("keep me"));
        QVERIFY(!QFileInfo(path).isSymLink());
        QCOMPARE(contents(path), QByteArray("console.log(1);\n"));
    }

    void failsCleanly()
    {
        QTemporaryDir dir;
        QVERIFY(!writeRunFile(dir.filePath(QStringLiteral("missing/preload.js")), "x"));
        // A folder at the path: the rename fails, and the new file is not left beside it.
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("taken")));
        QDir(dir.filePath(QStringLiteral("taken"))).mkdir(QStringLiteral("inner"));
        QVERIFY(!writeRunFile(dir.filePath(QStringLiteral("taken")), "x"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{u"taken"_qs});
    }
};

QTEST_GUILESS_MAIN(TestRunFile)
#include "tst_runfile.moc"
