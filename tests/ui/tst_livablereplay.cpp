// The recorded policy of a session is shown, and "Replay under the editor's policy" replays
// under the text in the policy editor (a wider one still asks first), against the real Deno
// runtime.
#include "mainwindow.h"
#include "models/runhistorymodel.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/runhistorypanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessiondiffview.h"
#include "panels/sessionspanel.h"
#include "policy/policyfile.h"
#include "session/exec/execsession.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

namespace {
constexpr int kRunTimeoutMs = 60000;
// A window's exposure on a loaded 2-core machine under ASan: generous, only a failure waits.
constexpr int kStateTimeoutMs = 30000;
} // namespace

class TestLivableReplay : public QObject
{
    Q_OBJECT
    QTemporaryDir m_data;
    QString m_input;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_livablereplay"));
        QSettings().clear();
        m_input = m_data.filePath(QStringLiteral("input.txt"));
        QFile file(m_input);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("recorded input\n");
    }

    // The welcome page's offline examples run as they say: one needs nothing, the other is
    // denied three times. (The npm one downloads its package, so it is only opened, in tst_livable.)
    void offlineExamplesRunAsDescribed()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w, kStateTimeoutMs));
        RunHistoryModel *history = w.historyPanel()->model();
        struct Expect { QString name; QByteArray out; int denied; };
        for (const Expect &e : {Expect{QStringLiteral("hello-safe"), "Hello from the sandbox!", 0},
                                Expect{QStringLiteral("denied-reads"), "fetch https://example.com: denied", 3}}) {
            QVERIFY(w.openExample(e.name));
            const int row = history->rowCount();
            QVERIFY(w.runScript());
            // The run ended in the history, and the engine let go of it (from the event loop, a
            // moment later): until then the workbench is busy and the next runScript() refuses.
            QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() > row && !history->run(row).running && !w.workbench()->isRunning(), kRunTimeoutMs);
            const RunRecord &run = history->run(row);
            QVERIFY2(run.result, qPrintable(run.error ? run.error->message : QString()));
            QVERIFY2(run.result->stdoutData.contains(e.out), run.result->stdoutData.constData());
            QCOMPARE(run.result->denyCount, e.denied);
            QCOMPARE(run.result->exitCode, std::optional<int>(0));
        }
        w.scriptPanel()->editor()->document()->setModified(false);
        w.policyPanel()->editor()->document()->setModified(false);
    }

    void recordedPolicyIsShownAndEditorPolicyReplays()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w, kStateTimeoutMs));
        w.scriptPanel()->setCode(QStringLiteral("console.log('input ' + (await Deno.readTextFile(\"%1\")).trim());\n").arg(m_input));
        Policy recorded = w.policyPanel()->policy();
        recorded.seed = 7;
        recorded.permissions.allowRead = {m_input};
        w.policyPanel()->setPolicy(recorded);
        RunHistoryModel *history = w.historyPanel()->model();
        QVERIFY(w.runScript());
        QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() == 1 && !history->run(0).running && !w.workbench()->isRunning(), kRunTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(history->run(0).session, 30000);
        w.historyPanel()->view()->selectRow(0);
        QTest::mouseClick(w.historyPanel()->openSessionButton(), Qt::LeftButton);
        SessionsPanel *sessions = w.sessionsPanel();
        QVERIFY(sessions->bundle());

        // The recorded policy, as JSON, read-only, in a tab of its own.
        CodeEditor *policyView = sessions->recordedPolicyView();
        QVERIFY(sessions->tabs()->isTabVisible(sessions->tabs()->indexOf(policyView)));
        QVERIFY(policyView->isReadOnly());
        auto shown = parsePolicy(policyView->toPlainText().toUtf8(), QStringLiteral("shown"));
        QVERIFY2(shown, qPrintable(policyView->toPlainText()));
        QCOMPARE(shown->permissions.allowRead, QStringList{m_input});
        QCOMPARE(shown->seed, std::optional<quint64>(7));

        // The editor now denies the read: the replay under it diverges, under the recorded one not.
        Policy strict = recorded;
        strict.permissions.allowRead.clear();
        w.policyPanel()->setPolicy(strict);
        QSignalSpy replayed(sessions, &SessionsPanel::replayFinished);
        QAction *action = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->objectName() == QLatin1String("replayEditorPolicyAction"))
                action = a;
        QVERIFY(action);
        action->trigger();
        QVERIFY(sessions->usesEditorPolicy());
        QCOMPARE(sessions->replayPolicyBox()->currentIndex(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(replayed.count(), 1, kRunTimeoutMs);
        QVERIFY(!sessions->lastReport()->identical);

        sessions->replayPolicyBox()->setCurrentIndex(0);
        emit sessions->replayPolicyBox()->activated(0);
        QVERIFY(!sessions->usesEditorPolicy());
        sessions->replay();
        QTRY_COMPARE_WITH_TIMEOUT(replayed.count(), 2, kRunTimeoutMs);
        QVERIFY(sessions->lastReport()->identical);

        // A wider editor policy (a host folder) asks first, as a wider policy file does.
        Policy wider = recorded;
        wider.permissions.allowRead << m_data.path();
        w.policyPanel()->setPolicy(wider);
        QStringList asked;
        sessions->setWiderPolicyConfirmation([&](const QStringList &entries) {
            asked = entries;
            return false;
        });
        sessions->replayUnderEditorPolicy();
        QVERIFY2(asked.join(QLatin1Char('\n')).contains(m_data.path()), qPrintable(asked.join(QLatin1Char('\n'))));
        QVERIFY(!sessions->isReplaying());

        // An editor policy that does not parse is refused, not replaced by the recorded one.
        w.policyPanel()->setText(QStringLiteral("{ not json"));
        sessions->replayUnderEditorPolicy();
        QVERIFY(!sessions->isReplaying());
        QVERIFY(sessions->errorLabel()->isVisibleTo(sessions));
        QVERIFY(sessions->errorLabel()->text().contains(QStringLiteral("editor")));
        QCOMPARE(replayed.count(), 2);
        w.scriptPanel()->editor()->document()->setModified(false);
        w.policyPanel()->editor()->document()->setModified(false);
    }
};

QTEST_MAIN(TestLivableReplay)
#include "tst_livablereplay.moc"
