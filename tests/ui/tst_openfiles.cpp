// Every file the workbench opens goes through the CLI's bounded, regular-file-checked reader:
// a FIFO (whose plain open waits for a writer for ever), /dev/zero (which never ends), a folder
// and a file over the reader's cap are refused at once, with an error naming the file, through
// every entry point: the command line (StartupActions, as app/gui's main() calls it), the
// Script and Policy editors, the audit browser, the Sessions panel and its replay policy, and a
// sandbox upload. Regular files still open, up to the cap.
#include "mainwindow.h"

#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/sandboxfileswidget.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"
#include "models/auditlogmodel.h"
#include "policy/policyfile.h"
#include "startupactions.h"

#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Sandbench;

namespace {

// A refusal is immediate; this only bounds a test that would otherwise wait for ever.
constexpr int kDeadlineMs = 30000;

} // namespace

class TestOpenFiles : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_fifo;
    QString m_folder;

    // The files no reader may read, and what its error says; `cap` > 0 adds a sparse file one
    // byte over it (costs no disk).
    QList<std::pair<QString, QString>> hostile(qint64 cap)
    {
        QList<std::pair<QString, QString>> out{{m_fifo, QStringLiteral("not a regular file")},
                                               {QStringLiteral("/dev/zero"), QStringLiteral("not a regular file")},
                                               {m_folder, QStringLiteral("not a regular file")}};
        if (cap > 0) {
            const QString big = m_dir.filePath(QStringLiteral("big-%1").arg(cap));
            QFile file(big);
            if (file.open(QIODevice::WriteOnly) && file.resize(cap + 1))
                out.append({big, QStringLiteral("larger than")});
        }
        return out;
    }

    QString regular(const QString &name, const QByteArray &data)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        file.open(QIODevice::WriteOnly);
        file.write(data);
        return path;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_openfiles"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_fifo = m_dir.filePath(QStringLiteral("fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(m_fifo).constData(), 0600), 0);
        m_folder = m_dir.filePath(QStringLiteral("folder"));
        QVERIFY(QDir().mkpath(m_folder));
    }

    void scriptEditorRefusesWhatTheCliRefuses()
    {
        ScriptEditorPanel panel;
        panel.setCode(QStringLiteral("kept"));
        for (const auto &[path, why] : hostile(8 << 20)) {
            QElapsedTimer clock;
            clock.start();
            QString error;
            QVERIFY2(!panel.openFile(path, &error), qPrintable(path));
            QVERIFY2(error.contains(path) && error.contains(why), qPrintable(error));
            QVERIFY(clock.elapsed() < kDeadlineMs);
            QCOMPARE(panel.code(), QStringLiteral("kept"));
        }
        // A regular script opens, also one of exactly the cap.
        QString error;
        QVERIFY2(panel.openFile(regular(QStringLiteral("a.ts"), "console.log(1);\n"), &error), qPrintable(error));
        QCOMPARE(panel.code(), QStringLiteral("console.log(1);\n"));
        QVERIFY2(panel.openFile(regular(QStringLiteral("cap.ts"), QByteArray(8 << 20, 'x')), &error), qPrintable(error));
        QCOMPARE(panel.code().size(), 8 << 20);
        panel.editor()->document()->setModified(false);
    }

    void policyEditorRefusesWhatTheCliRefuses()
    {
        PolicyEditorPanel panel;
        const QString before = panel.editor()->toPlainText();
        for (const auto &[path, why] : hostile(kMaxPolicyFileBytes)) {
            QString error;
            QVERIFY2(!panel.loadFile(path, &error), qPrintable(path));
            QVERIFY2(error.contains(path) && error.contains(why), qPrintable(error));
            QCOMPARE(panel.editor()->toPlainText(), before);
            // The CLI's reader says the same of the same file.
            auto cli = readPolicyFile(path);
            QVERIFY(!cli);
            QVERIFY2(cli.error().message.contains(why), qPrintable(cli.error().message));
        }
        QString error;
        QVERIFY2(panel.loadFile(regular(QStringLiteral("p.json"), R"({"sandbox": true})"), &error), qPrintable(error));
        QVERIFY(panel.isValid());
    }

    void auditBrowserRefusesWhatTheCliRefuses()
    {
        AuditPanel panel;
        // A log has no cap (it is indexed through bounded windows), so no oversized case.
        for (const auto &[path, why] : hostile(0)) {
            QString error;
            QVERIFY2(!panel.openLog(path, &error), qPrintable(path));
            QVERIFY2(error.contains(why), qPrintable(error));
        }
        QString error;
        QVERIFY2(panel.openLog(regular(QStringLiteral("a.jsonl"), "{}\n"), &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(panel.model()->rowCount(), 1, kDeadlineMs);
    }

    void sessionsPanelRefusesWhatTheCliRefuses()
    {
        SessionsPanel panel;
        for (const auto &[path, why] : hostile(0)) {
            QSignalSpy failed(&panel, &SessionsPanel::openFailed);
            panel.openFile(path);
            QVERIFY2(failed.wait(kDeadlineMs), qPrintable(path));
            QVERIFY2(failed.first().first().toString().contains(why), qPrintable(failed.first().first().toString()));
            QVERIFY(!panel.bundle());
        }
        // Past the manifest's cap: a 5 GiB sparse file is refused, not read.
        const QString big = m_dir.filePath(QStringLiteral("big.sbsession"));
        QFile file(big);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.resize(qint64(5) << 30));
        file.close();
        QSignalSpy failed(&panel, &SessionsPanel::openFailed);
        panel.openFile(big);
        QVERIFY(failed.wait(kDeadlineMs));

        // The replay policy (--replay-policy, Replay under another policy file).
        for (const auto &[path, why] : hostile(kMaxPolicyFileBytes)) {
            QString error;
            QVERIFY2(!panel.setReplayPolicyFile(path, &error), qPrintable(path));
            QVERIFY2(error.contains(why), qPrintable(error));
        }
    }

    void sandboxUploadRefusesWhatTheCliRefuses()
    {
        SandboxFilesWidget files;
        for (const auto &[path, why] : hostile(PoolOptions{}.maxFileBytes)) {
            QSignalSpy idle(&files, &SandboxFilesWidget::idle);
            files.uploadLocal(path);
            QVERIFY2(idle.wait(kDeadlineMs), qPrintable(path));
            QVERIFY2(files.status().contains(why), qPrintable(files.status()));
        }
        // A regular file is read, and only then is the missing sandbox the problem.
        QSignalSpy idle(&files, &SandboxFilesWidget::idle);
        files.uploadLocal(regular(QStringLiteral("up.txt"), "data"));
        QVERIFY(idle.wait(kDeadlineMs));
        QVERIFY2(files.status().contains(QStringLiteral("No sandbox")), qPrintable(files.status()));
    }

    // The command line as app/gui's main() hands it over: the window still comes up, at once,
    // with nothing of the refused files in it.
    void commandLineRefusesWhatTheCliRefuses()
    {
        for (const QString &path : {m_fifo, QStringLiteral("/dev/zero"), m_folder}) {
            MainWindow window;
            StartupOptions options;
            options.script = path;
            options.policy = path;
            options.auditLog = path;
            options.sessionFile = path;
            QElapsedTimer clock;
            clock.start();
            auto *actions = new StartupActions(&window, options);
            QCOMPARE(actions->openFiles(), 0);
            QVERIFY(window.scriptPanel()->filePath().isEmpty());
            QVERIFY(window.policyPanel()->filePath().isEmpty());
            QVERIFY(window.auditPanel()->model()->filePath().isEmpty());
            QSignalSpy failed(window.sessionsPanel(), &SessionsPanel::openFailed);
            actions->start();
            QVERIFY2(failed.wait(kDeadlineMs), qPrintable(path));
            QVERIFY(clock.elapsed() < kDeadlineMs);
            options.replayPolicy = path;
            options.auditLog.clear();
            QCOMPARE(StartupActions(&window, options).openFiles(), 2); // --replay-policy refused: a usage error
        }
    }
};

QTEST_MAIN(TestOpenFiles)
#include "tst_openfiles.moc"
