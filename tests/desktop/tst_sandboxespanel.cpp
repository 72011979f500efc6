// The sandboxes panel against the real engine: create through the panel, a command's live
// output, the file browser, and a lifetime that runs out while the panel watches.
#include "desktoptestsupport.h"

#include "models/sandboxlistmodel.h"
#include "panels/lifetimedelegate.h"
#include "panels/sandboxcreatedialog.h"
#include "panels/sandboxespanel.h"
#include "panels/sandboxexecwidget.h"
#include "panels/sandboxfileswidget.h"

#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestSandboxesPanel : public QObject
{
    Q_OBJECT
    std::unique_ptr<SandboxPool> m_pool;

    Sandbox *createThroughPanel(SandboxesPanel &panel, const SandboxOptions &o)
    {
        QSignalSpy created(&panel, &SandboxesPanel::sandboxCreated);
        panel.createSandbox(o);
        if (!created.wait(90'000)) {
            qWarning("not created: %s", qPrintable(panel.status()));
            return nullptr;
        }
        return created.first().first().value<Sandbox *>();
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DESKTOP();
        PoolOptions o;
        o.maxSandboxes = 3;
        o.maxLifetimeMs = 600'000;
        o.network = {NetworkKind::None, NetworkKind::All};
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        m_pool = std::move(*pool);
    }

    void cleanupTestCase()
    {
        if (m_pool)
            waitFor(m_pool->close(), 30'000);
    }

    void createDialogIsBoundedByThePool()
    {
        SandboxCreateDialog dialog(m_pool.get());
        dialog.setLifetimeSeconds(10'000'000);
        QCOMPARE(dialog.options().lifetimeMs, qint64(600'000)); // clamped to maxLifetimeMs
        QMap<QString, QString> env;
        QVERIFY(SandboxCreateDialog::parseEnv(QStringLiteral("A=1\n# note\nB=x=y\n"), &env).isEmpty());
        QCOMPARE(env.value(QStringLiteral("B")), QStringLiteral("x=y"));
        QVERIFY(!SandboxCreateDialog::parseEnv(QStringLiteral("nonsense"), &env).isEmpty());
        QList<int> ports;
        QVERIFY(SandboxCreateDialog::parsePorts(QStringLiteral("8080, 3000 8080"), &ports).isEmpty());
        QCOMPARE(ports, (QList<int>{8080, 3000}));
        QVERIFY(!SandboxCreateDialog::parsePorts(QStringLiteral("70000"), &ports).isEmpty());
    }

    void execFilesAndCountdown()
    {
        SandboxesPanel panel(m_pool.get());
        QCOMPARE(panel.objectName(), QStringLiteral("sandboxesPanel"));
        panel.resize(980, 620);
        panel.show();

        SandboxOptions longLived;
        longLived.image = QStringLiteral("sandbench/desktop:2");
        longLived.lifetimeMs = 540'000;
        longLived.network.kind = NetworkKind::All;
        longLived.ports = {8080};
        Sandbox *desk = createThroughPanel(panel, longLived);
        QVERIFY(desk);
        SandboxOptions shortLived;
        shortLived.image = QStringLiteral("sandbench/base:1");
        shortLived.lifetimeMs = 60'000;
        shortLived.env.insert(QStringLiteral("GREETING"), QStringLiteral("hello"));
        Sandbox *s = createThroughPanel(panel, shortLived);
        QVERIFY(s);
        QCOMPARE(panel.model()->rowCount(), 2);
        QCOMPARE(panel.currentSandbox(), s);

        // Live output: the first line is there before the command ends.
        SandboxExecWidget *exec = panel.execWidget();
        QSignalSpy done(exec, &SandboxExecWidget::finished);
        exec->run(QStringLiteral("echo \"$GREETING from $(id -u)\"; echo oops >&2; sleep 2; echo late"));
        QTRY_VERIFY_WITH_TIMEOUT(exec->outputText().contains(QStringLiteral("hello from 1000")), 20'000);
        QVERIFY(!exec->outputText().contains(QStringLiteral("\nlate"))); // the command line itself says "echo late"
        QVERIFY(done.wait(30'000));
        QVERIFY(exec->outputText().contains(QStringLiteral("oops")));
        QVERIFY(exec->outputText().contains(QStringLiteral("[exit 0")));

        // Files: upload, list, open, edit and save, delete.
        SandboxFilesWidget *files = panel.filesWidget();
        QTRY_COMPARE_WITH_TIMEOUT(files->folder(), QStringLiteral("/workspace"), 10'000);
        QSignalSpy idle(files, &SandboxFilesWidget::idle);
        files->upload(QStringLiteral("notes.txt"), "first line\n");
        QTRY_VERIFY_WITH_TIMEOUT(files->entryNames().contains(QStringLiteral("notes.txt")), 20'000);
        idle.clear();
        files->openFile(QStringLiteral("notes.txt"));
        QVERIFY(idle.wait(20'000));
        QCOMPARE(files->openedPath(), QStringLiteral("/workspace/notes.txt"));
        QCOMPARE(files->editor()->toPlainText(), QStringLiteral("first line\n"));
        files->editor()->setPlainText(QStringLiteral("first line\nsecond line"));
        idle.clear();
        files->saveOpened();
        QTRY_VERIFY_WITH_TIMEOUT(files->status().startsWith(QStringLiteral("Saved")), 20'000);
        auto back = waitFor(s->readFile(QStringLiteral("notes.txt")), 20'000);
        VERIFY_OK(back);
        QCOMPARE(back->value_or(QByteArray()), QByteArray("first line\nsecond line"));

        if (const QString dir = qEnvironmentVariable("SANDBENCH_SCREENSHOT_DIR"); !dir.isEmpty()) {
            // For docs/: both rows counting down, the exec tab with its output.
            QTest::qWait(1200);
            QVERIFY(panel.grab().save(QDir(dir).filePath(QStringLiteral("sandboxes-panel.png"))));
        }

        files->remove(QStringLiteral("notes.txt"));
        QTRY_VERIFY_WITH_TIMEOUT(!files->entryNames().contains(QStringLiteral("notes.txt")), 20'000);

        // Release from the panel takes the desktop sandbox off the list.
        panel.select(desk);
        QCOMPARE(panel.currentSandbox(), desk);
        panel.releaseCurrent();
        QTRY_COMPARE_WITH_TIMEOUT(panel.model()->rowCount(), 1, 30'000);
        QCOMPARE(desk->state(), Sandbox::State::Released);
    }

    void countdownReachesZeroAndTheSandboxGoes()
    {
        SandboxesPanel panel(m_pool.get());
        panel.show();
        SandboxOptions o;
        o.image = QStringLiteral("sandbench/base:1");
        o.lifetimeMs = 4000;
        Sandbox *s = createThroughPanel(panel, o);
        QVERIFY(s);
        const int row = panel.model()->rowOf(s);
        QVERIFY(row >= 0);
        const QModelIndex remaining = panel.model()->index(row, int(SandboxListModel::Column::Remaining));
        QVERIFY(qobject_cast<LifetimeDelegate *>(panel.view()->itemDelegateForColumn(remaining.column())));
        const qint64 start = remaining.data(SandboxListModel::RemainingMsRole).toLongLong();
        QVERIFY2(start > 0 && start <= 4000, qPrintable(QString::number(start)));
        // The countdown moves on its own, once a second.
        QSignalSpy ticks(panel.model(), &QAbstractItemModel::dataChanged);
        QVERIFY(ticks.wait(2500));
        QVERIFY(remaining.data(SandboxListModel::RemainingMsRole).toLongLong() < start);
        QTRY_VERIFY_WITH_TIMEOUT(panel.model()->rowOf(s) < 0, 10'000);
        QCOMPARE(s->state(), Sandbox::State::Gone);
        QCOMPARE(s->remainingMs(), 0);
        QVERIFY2(panel.status().contains(QStringLiteral("gone")), qPrintable(panel.status()));
        // The engine removes the container too.
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), s->id()), 15'000);
    }

    void extendGivesMoreTimeWithinThePoolMaximum()
    {
        SandboxesPanel panel(m_pool.get());
        panel.show();
        SandboxOptions o;
        o.image = QStringLiteral("sandbench/base:1");
        o.lifetimeMs = 120'000;
        Sandbox *s = createThroughPanel(panel, o);
        QVERIFY(s);
        panel.select(s);
        auto *extend = panel.findChild<QPushButton *>(QStringLiteral("sandboxExtend"));
        QVERIFY(extend && extend->isEnabled());
        const int row = panel.model()->rowOf(s);
        const QModelIndex total = panel.model()->index(row, int(SandboxListModel::Column::Remaining));
        const QDateTime before = s->expiresAt();
        // No tick during the test: only the extension itself may change what the row shows.
        panel.model()->setTickInterval(3'600'000);
        QSignalSpy rowChanged(panel.model(), &QAbstractItemModel::dataChanged);
        const QString shownBefore = total.data().toString();
        panel.extendCurrent(5 * 60'000);
        QTRY_VERIFY_WITH_TIMEOUT(panel.status().contains(QStringLiteral("now ends at")), 15'000);
        QVERIFY(!rowChanged.isEmpty());
        QVERIFY2(total.data().toString() != shownBefore, qPrintable(shownBefore));
        QCOMPARE(s->expiresAt(), before.addMSecs(5 * 60'000));
        QVERIFY(total.data(SandboxListModel::LifetimeMsRole).toLongLong() >= 7 * 60'000);
        // The row shows the new end at once, not at the next tick.
        QVERIFY2(total.data(Qt::ToolTipRole).toString().contains(s->expiresAt().toLocalTime().toString(QStringLiteral("HH:mm:ss"))),
                 qPrintable(total.data(Qt::ToolTipRole).toString()));
        // The pool allows 10 minutes in all: 4 more are refused, and say why.
        panel.extendCurrent(4 * 60'000);
        QTRY_VERIFY_WITH_TIMEOUT(panel.status().contains(QStringLiteral("Not extended")), 15'000);
        QCOMPARE(s->expiresAt(), before.addMSecs(5 * 60'000));
        QVERIFY(waitFor(s->release(), 30'000));
    }

    // Pause with the mouse, Resume from the keyboard, as a user would: the row's state, the
    // buttons and the engine's container follow, and the panel never waits for the engine.
    void pauseAndResumeFromThePanel()
    {
        SandboxesPanel panel(m_pool.get());
        panel.resize(1100, 620);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        SandboxOptions o;
        o.image = QStringLiteral("sandbench/base:1");
        o.lifetimeMs = 300'000;
        Sandbox *s = createThroughPanel(panel, o);
        QVERIFY(s);
        auto *pause = panel.findChild<QPushButton *>(QStringLiteral("sandboxPause"));
        auto *resume = pause; // the same button, reading Resume while paused
        auto *extend = panel.findChild<QPushButton *>(QStringLiteral("sandboxExtend"));
        QVERIFY(pause && resume && extend);
        // Select the row with the mouse.
        panel.view()->clearSelection();
        const int row = panel.model()->rowOf(s);
        const QModelIndex state = panel.model()->index(row, int(SandboxListModel::Column::State));
        QTest::mouseClick(panel.view()->viewport(), Qt::LeftButton, {}, panel.view()->visualRect(state).center());
        QCOMPARE(panel.currentSandbox(), s);
        QVERIFY(pause->isEnabled());
        QCOMPARE(pause->text(), QStringLiteral("Pause"));
        QCOMPARE(state.data().toString(), QStringLiteral("alive"));
        // A counter that must stand still while paused.
        auto started = waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"),
                                        QStringLiteral("setsid sh -c 'i=0; while :; do i=$((i+1)); echo $i > /workspace/counter.new; "
                                                       "mv /workspace/counter.new /workspace/counter; sleep 0.05; done' "
                                                       "</dev/null >/dev/null 2>&1 &")}), 60'000);
        QVERIFY(started && started->exitCode == 0);

        // The view repaints a row on dataChanged: with no tick, only the pause may send it.
        panel.model()->setTickInterval(3'600'000);
        QSignalSpy rowChanged(panel.model(), &QAbstractItemModel::dataChanged);
        QTest::mouseClick(pause, Qt::LeftButton);
        // The click returned before the engine answered: the status says it is under way.
        QVERIFY2(panel.status().contains(QStringLiteral("Pausing")), qPrintable(panel.status()));
        QTRY_VERIFY_WITH_TIMEOUT(s->isPaused(), 30'000);
        QTRY_COMPARE_WITH_TIMEOUT(state.data().toString(), QStringLiteral("paused"), 5'000);
        const auto coversState = [&rowChanged, state] {
            for (const QList<QVariant> &args : std::as_const(rowChanged)) {
                const QModelIndex from = args.at(0).toModelIndex(), to = args.at(1).toModelIndex();
                if (from.row() <= state.row() && to.row() >= state.row() && from.column() <= state.column() && to.column() >= state.column())
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(coversState(), 5'000);
        QTRY_VERIFY_WITH_TIMEOUT(resume->isEnabled() && resume->text() == QStringLiteral("Resume"), 5'000);
        QVERIFY(!extend->isEnabled());
        // The Exec tab's Run is off while paused and says why; Enter in the command line runs
        // nothing either.
        auto *run = panel.execWidget()->findChild<QPushButton *>(QStringLiteral("execRun"));
        auto *line = panel.execWidget()->findChild<QLineEdit *>();
        QVERIFY(run && line);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isEnabled(), 5'000);
        QVERIFY2(run->toolTip().contains(QStringLiteral("paused")), qPrintable(run->toolTip()));
        line->setText(QStringLiteral("echo while-paused"));
        QTest::keyClick(line, Qt::Key_Return);
        QVERIFY(!panel.execWidget()->isRunning());
        QVERIFY(!panel.execWidget()->outputText().contains(QStringLiteral("while-paused")));
        QVERIFY2(panel.status().contains(QStringLiteral("paused")), qPrintable(panel.status()));
        auto inspected = dockerCall(dockerSocket(), "GET", "/containers/" + s->id().toLatin1() + "/json");
        QVERIFY(inspected && inspected->body.contains("\"Paused\":true"));
        auto refused = waitFor(s->exec({QStringLiteral("true")}), 30'000);
        QVERIFY(!refused && refused.error().message.contains(QStringLiteral("paused")));

        resume->setFocus();
        QTest::keyClick(resume, Qt::Key_Space);
        QVERIFY2(panel.status().contains(QStringLiteral("Resuming")), qPrintable(panel.status()));
        QTRY_VERIFY_WITH_TIMEOUT(!s->isPaused(), 30'000);
        QTRY_COMPARE_WITH_TIMEOUT(state.data().toString(), QStringLiteral("alive"), 5'000);
        QTRY_VERIFY_WITH_TIMEOUT(pause->isEnabled() && pause->text() == QStringLiteral("Pause"), 5'000);
        QVERIFY(extend->isEnabled());
        // Run is back, without the tooltip, and runs.
        QTRY_VERIFY_WITH_TIMEOUT(run->isEnabled(), 5'000);
        QVERIFY(run->toolTip().isEmpty());
        QSignalSpy ran(panel.execWidget(), &SandboxExecWidget::finished);
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!ran.isEmpty(), 30'000);
        QVERIFY2(panel.execWidget()->outputText().contains(QStringLiteral("\nwhile-paused\n")), qPrintable(panel.execWidget()->outputText()));
        // Its processes carried on.
        auto count = [s] {
            auto r = waitFor(s->readFile(QStringLiteral("counter")), 30'000);
            return r && *r ? (*r)->trimmed().toLongLong() : -1;
        };
        qint64 before = -1;
        QTRY_VERIFY_WITH_TIMEOUT((before = count()) > 0, 20'000);
        QTRY_VERIFY_WITH_TIMEOUT(count() > before, 30'000);
        QVERIFY(waitFor(s->release(), 30'000));
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), s->id()), 15'000);
    }
};

QTEST_MAIN(TestSandboxesPanel)
#include "tst_sandboxespanel.moc"
