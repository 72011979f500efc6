// Network allow in the window, on the real engine, with real keys and clicks: the create dialog
// checks the list as it is typed (a bad entry named, Create disabled), the sandbox's row shows
// its list, the audit browser shows its connections live, and "Allow this" on a denied one
// opens the next New… with that host added. Wired as the main window wires it.
#include "desktoptestsupport.h"

#include "models/auditlogmodel.h"
#include "net/egressproxy.h"
#include "sandbox/docker/dockerbackend.h"
#include "models/sandboxlistmodel.h"
#include "panels/auditpanel.h"
#include "panels/sandboxcreatedialog.h"
#include "panels/sandboxespanel.h"
#include "workbench/runhistory.h"
#include "workbench/sandboxproviders.h"
#include "workbench/workbench.h"
#include "mainwindow.h"
#include "theme.h"

#include <QApplication>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QSplitter>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// Runs `inside` on the modal dialog New… opens, once it is up.
void whenDialogOpens(std::function<void(SandboxCreateDialog *)> inside)
{
    auto tries = std::make_shared<int>(0);
    auto poll = std::make_shared<std::function<void()>>();
    *poll = [inside, tries, poll] {
        auto *d = qobject_cast<SandboxCreateDialog *>(QApplication::activeModalWidget());
        if (d && d->isVisible())
            return inside(d);
        if (++*tries < 200)
            QTimer::singleShot(50, *poll);
    };
    QTimer::singleShot(0, *poll);
}

// SANDBENCH_SCREENSHOT_DIR, when set: the screen as the user sees it at that step (run under
// Xvfb at 1280x800 with SANDBENCH_SCREENSHOT_THEME light or dark).
void shot(const QString &name)
{
    const QString dir = qEnvironmentVariable("SANDBENCH_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(400);
    const QString theme = qEnvironmentVariable("SANDBENCH_SCREENSHOT_THEME", QStringLiteral("light"));
    QGuiApplication::primaryScreen()->grabWindow(0).save(QStringLiteral("%1/%2-%3.png").arg(dir, theme, name));
}

// The fields the secrets' tests type into, and where the dialog says what is wrong.
struct SecretFields
{
    QComboBox *network;
    QLineEdit *allow;
    QLineEdit *secrets;
    QLabel *problem;

    static SecretFields of(SandboxCreateDialog *d)
    {
        return {d->findChild<QComboBox *>(QStringLiteral("networkCombo")), d->findChild<QLineEdit *>(QStringLiteral("allowEdit")),
                d->findChild<QLineEdit *>(QStringLiteral("secretsEdit")), d->findChild<QLabel *>(QStringLiteral("problemLabel"))};
    }
};

QPushButton *createButton(SandboxCreateDialog *d)
{
    return d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

} // namespace

class TestSandboxEgressUi : public QObject
{
    Q_OBJECT
    std::unique_ptr<Workbench> m_workbench;
    SandboxPool *m_pool = nullptr;

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sandboxegressui"));
        QSettings().clear();
        if (!qEnvironmentVariableIsEmpty("SANDBENCH_SCREENSHOT_DIR"))
            applyTheme(qEnvironmentVariable("SANDBENCH_SCREENSHOT_THEME") == QLatin1String("dark") ? Theme::Dark : Theme::Light);
        WorkbenchOptions wo;
        wo.sandboxProviders = dockerProviderFactory();
        wo.pool.maxSandboxes = 2;
        wo.pool.maxLifetimeMs = 600'000;
        wo.pool.network = {NetworkKind::None, NetworkKind::All, NetworkKind::Domains};
        m_workbench = std::make_unique<Workbench>(wo);
        auto pool = m_workbench->sandboxPool();
        VERIFY_OK(pool);
        m_pool = *pool;
    }

    void cleanupTestCase()
    {
        if (m_workbench)
            waitFor(m_workbench->closeSandboxes(), 60'000);
    }

    void listCheckedAsTypedThenConnectionsLiveAndAllowThis()
    {
        // One window, as the main window docks them: the sandboxes beside the audit browser.
        QSplitter window;
        window.setWindowTitle(QStringLiteral("Sandbench"));
        auto *panelOwned = new SandboxesPanel(m_pool);
        auto *auditOwned = new AuditPanel;
        window.addWidget(panelOwned);
        window.addWidget(auditOwned);
        SandboxesPanel &panel = *panelOwned;
        AuditPanel &audit = *auditOwned;
        audit.follow(m_workbench.get());
        // As MainWindow::connectSandboxAudit wires them.
        connect(&panel, &SandboxesPanel::currentSandboxChanged, &audit, [&](Sandbox *s) {
            if (s && s->options().network.kind == NetworkKind::Domains)
                audit.showSandbox(m_workbench.get(), s->id(), s->options().network.domains);
        });
        connect(&audit, &AuditPanel::sandboxAllowRequested, &panel,
                [&](const QString &, const QStringList &list, const QStringList &hosts) { panel.allowForNextCreate(list, hosts); });
        window.setGeometry(0, 0, 1280, 800);
        window.setSizes({560, 720});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // ---- the dialog: network allow by keys, a bad entry named as it is typed
        QStringList problems;
        bool okWhileBad = true, okWhenGood = false, listOffWithoutAllow = false, listOnWithAllow = false;
        QString chosenKind;
        whenDialogOpens([&](SandboxCreateDialog *d) {
            auto *network = d->findChild<QComboBox *>(QStringLiteral("networkCombo"));
            auto *allow = d->findChild<QLineEdit *>(QStringLiteral("allowEdit"));
            auto *problem = d->findChild<QLabel *>(QStringLiteral("problemLabel"));
            // Nothing here may stop before the dialog is closed, or the test would hang in it.
            if (!network || !allow || !problem)
                return d->reject();
            listOffWithoutAllow = !allow->isEnabled(); // network none first: no list
            network->setFocus();
            QTest::keyClick(network, Qt::Key_End); // the last kind: allow
            chosenKind = network->currentText();
            listOnWithAllow = allow->isEnabled();
            problems << problem->text(); // empty list
            QTest::mouseClick(allow, Qt::LeftButton);
            QTest::keyClicks(allow, QStringLiteral("listed.invalid:443, *, ok.test"));
            problems << problem->text();
            okWhileBad = createButton(d)->isEnabled();
            shot(QStringLiteral("allow-dialog-bad-entry"));
            QTest::keyClick(allow, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(allow, QStringLiteral("listed.invalid:443 127.0.0.1"));
            problems << problem->text();
            okWhileBad = okWhileBad || createButton(d)->isEnabled();
            for (int i = 0; i < 9; ++i)
                QTest::keyClick(allow, Qt::Key_Backspace);
            okWhenGood = createButton(d)->isEnabled() && problem->text().isEmpty();
            QTest::mouseClick(createButton(d), Qt::LeftButton);
        });
        QSignalSpy created(&panel, &SandboxesPanel::sandboxCreated);
        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("sandboxCreate")), Qt::LeftButton);
        QVERIFY(listOffWithoutAllow && listOnWithAllow);
        QCOMPARE(chosenKind, QStringLiteral("allow"));
        QCOMPARE(problems.size(), 3);
        QVERIFY2(problems[0].contains(QLatin1String("at least one host")), qPrintable(problems[0]));
        QVERIFY2(problems[1].contains(QLatin1String("\"*\"")), qPrintable(problems[1]));
        QVERIFY2(problems[2].contains(QLatin1String("\"127.0.0.1\"")) && problems[2].contains(QLatin1String("127.0.0.1:PORT")), qPrintable(problems[2]));
        QVERIFY(!okWhileBad);
        QVERIFY(okWhenGood);
        QVERIFY2(created.wait(120'000), qPrintable(panel.status()));
        auto *sandbox = created.first().first().value<Sandbox *>();
        QCOMPARE(sandbox->options().network.domains, QStringList{QStringLiteral("listed.invalid:443")});

        // ---- its row shows the list; selecting it shows its connections in the audit browser
        const int row = panel.model()->rowOf(sandbox);
        const QModelIndex net = panel.model()->index(row, int(SandboxListModel::Column::Network));
        QCOMPARE(net.data().toString(), QStringLiteral("allow: listed.invalid:443"));
        QVERIFY(net.data(Qt::ToolTipRole).toString().contains(QLatin1String("listed.invalid:443")));
        QTest::mouseClick(panel.view()->viewport(), Qt::LeftButton, {}, panel.view()->visualRect(net).center());
        QCOMPARE(audit.sandboxId(), sandbox->id());
        QCOMPARE(audit.model()->rowCount(), 0);
        auto r = shell(sandbox, QStringLiteral("for h in listed.invalid:443 other.invalid:443; do "
                                               "(printf 'CONNECT %s HTTP/1.1\\r\\n\\r\\n' $h; sleep 1) | nc -w 3 ${http_proxy#http://} | head -1; done"),
                       60'000);
        VERIFY_OK(r);
        // Live: the three lines arrive without anything being reloaded: the listed connection
        // as it was decided and when it ended, and the refused one.
        for (QDeadlineTimer deadline(30'000); audit.model()->rowCount() < 3 && !deadline.hasExpired();)
            QTest::qWait(100);
        QCOMPARE(audit.model()->rowCount(), 3);
        int deniedRow = -1;
        int allowedRow = -1;
        int closedRow = -1;
        for (int i = 0; i < 3; ++i) {
            const AuditEvent e = audit.model()->eventAt(i);
            QVERIFY(e.kind == QLatin1String("net"));
            if (e.resource == QLatin1String("other.invalid:443") && !e.allowed && e.action == QLatin1String("connect"))
                deniedRow = i;
            if (e.resource == QLatin1String("listed.invalid:443") && e.allowed && e.action == QLatin1String("connect"))
                allowedRow = i;
            if (e.resource == QLatin1String("listed.invalid:443") && e.allowed && e.action == QLatin1String("close"))
                closedRow = i;
        }
        QVERIFY(allowedRow >= 0 && closedRow > allowedRow);
        // A connection's end is no second decision.
        QCOMPARE(audit.model()->allowCount(), 1);
        QCOMPARE(audit.model()->denyCount(), 1);
        QVERIFY2(audit.model()->index(closedRow, int(AuditLogModel::Column::Reason)).data().toString().startsWith(QLatin1String("closed")),
                 qPrintable(audit.model()->index(closedRow, int(AuditLogModel::Column::Reason)).data().toString()));
        QVERIFY(deniedRow >= 0);

        // ---- "Allow this" on the allowed row says why not; on the denied one it is remembered
        QTableView *view = audit.view();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(audit.model()->index(allowedRow, 0)).center());
        QVERIFY(!audit.allowButton()->isEnabled());
        QVERIFY2(audit.allowBlocker().contains(QLatin1String("was allowed")), qPrintable(audit.allowBlocker()));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(audit.model()->index(deniedRow, 0)).center());
        QVERIFY2(audit.allowButton()->isEnabled(), qPrintable(audit.allowBlocker()));
        // Explained as a sandbox's connection, not as a run's policy decision.
        const QString details = audit.detailsLabel()->text();
        QVERIFY2(details.contains(QLatin1String("network.allow:notlisted")) && details.contains(QLatin1String("The proxy's reason"))
                     && details.contains(QLatin1String("other.invalid:443")) && !details.contains(QLatin1String("allow_net")),
                 qPrintable(details));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        view->setFocus();
        QSignalSpy asked(&audit, &AuditPanel::sandboxAllowRequested);
        QTest::keyClick(view, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(asked.size(), 1);
        shot(QStringLiteral("allow-audit-connections"));
        QCOMPARE(panel.nextAllowList(), (QStringList{QStringLiteral("listed.invalid:443"), QStringLiteral("other.invalid:443")}));

        // The next New… opens on network allow with the host added; Escape leaves it.
        QString offered;
        QString kind;
        whenDialogOpens([&](SandboxCreateDialog *d) {
            offered = d->findChild<QLineEdit *>(QStringLiteral("allowEdit"))->text();
            kind = d->findChild<QComboBox *>(QStringLiteral("networkCombo"))->currentText();
            shot(QStringLiteral("allow-dialog-remembered"));
            QTest::keyClick(d, Qt::Key_Escape);
        });
        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("sandboxCreate")), Qt::LeftButton);
        QCOMPARE(kind, QStringLiteral("allow"));
        QCOMPARE(offered, QStringLiteral("listed.invalid:443, other.invalid:443"));

        // A run shown instead leaves the sandbox: its connections stop coming here.
        audit.showRun(RunRecord{});
        QVERIFY(audit.sandboxId().isEmpty());
        VERIFY_OK(waitFor(sandbox->release(), 60'000));
    }

    // The main window's own wiring (MainWindow::connectSandboxAudit): selecting a sandbox of
    // kind allow points its audit log there, and Allow this reaches its sandboxes panel.
    void mainWindowPointsTheAuditLogAtTheSelectedSandbox()
    {
        MainWindow w;
        auto *panel = w.findChild<SandboxesPanel *>();
        // The audit log's own panel (the Sessions panel has one of its own too).
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("auditDock"));
        auto *audit = dock ? qobject_cast<AuditPanel *>(dock->widget()) : nullptr;
        QVERIFY(panel && audit);
        SandboxOptions o;
        o.lifetimeMs = 300'000;
        o.network.kind = NetworkKind::Domains;
        o.network.domains = {QStringLiteral("listed.invalid:443")};
        QSignalSpy created(panel, &SandboxesPanel::sandboxCreated);
        panel->createSandbox(o);
        QVERIFY2(created.wait(120'000), qPrintable(panel->status()));
        auto *sandbox = created.first().first().value<Sandbox *>();
        QCOMPARE(panel->currentSandbox(), sandbox);
        QCOMPARE(audit->sandboxId(), sandbox->id());
        emit audit->sandboxAllowRequested(sandbox->id(), sandbox->options().network.domains, {QStringLiteral("b.invalid:443")});
        QCOMPARE(panel->nextAllowList(), (QStringList{QStringLiteral("listed.invalid:443"), QStringLiteral("b.invalid:443")}));
        VERIFY_OK(waitFor(sandbox->release(), 60'000));
    }

    // Secrets in the window: typed by name, checked as typed (an unset variable, a host outside
    // the list, a file named), the value taken from this process's environment; the sandbox's
    // row lists them by name and host, and the value is in no text of the dialog or the list.
    void secretsByNameNeverByValue()
    {
        const QByteArray value = "sk-window-" + QByteArray::number(QCoreApplication::applicationPid()) + "-do-not-show";
        qputenv("SB_WINDOW_TOKEN", value);
        qunsetenv("SB_WINDOW_UNSET");
        SandboxesPanel panel(m_pool);
        panel.resize(1000, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QStringList problems;
        QStringList dialogTexts;
        bool secretsOffWithoutAllow = false, okWhileBad = true, okWhenGood = false;
        whenDialogOpens([&](SandboxCreateDialog *d) {
            const auto [network, allow, secrets, problem] = SecretFields::of(d);
            if (!network || !allow || !secrets || !problem)
                return d->reject();
            secretsOffWithoutAllow = !secrets->isEnabled();
            network->setFocus();
            QTest::keyClick(network, Qt::Key_End);
            QTest::mouseClick(allow, Qt::LeftButton);
            QTest::keyClicks(allow, QStringLiteral("api.invalid:443"));
            QTest::mouseClick(secrets, Qt::LeftButton);
            for (const QString &typed : {QStringLiteral("SB_WINDOW_UNSET@api.invalid"), QStringLiteral("SB_WINDOW_TOKEN@other.invalid"),
                                         QStringLiteral("SB_WINDOW_TOKEN@api.invalid=file:relative/token")}) {
                QTest::keyClick(secrets, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(secrets, typed);
                problems << problem->text();
                okWhileBad = okWhileBad && createButton(d)->isEnabled();
            }
            QTest::keyClick(secrets, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(secrets, QStringLiteral("SB_WINDOW_TOKEN@api.invalid"));
            okWhenGood = createButton(d)->isEnabled() && problem->text().isEmpty();
            for (QLabel *label : d->findChildren<QLabel *>())
                dialogTexts << label->text();
            for (QLineEdit *edit : d->findChildren<QLineEdit *>())
                dialogTexts << edit->text() << edit->displayText();
            shot(QStringLiteral("secrets-dialog"));
            QTest::mouseClick(createButton(d), Qt::LeftButton);
        });
        QSignalSpy created(&panel, &SandboxesPanel::sandboxCreated);
        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("sandboxCreate")), Qt::LeftButton);
        QVERIFY(secretsOffWithoutAllow);
        QCOMPARE(problems.size(), 3);
        QVERIFY2(problems[0].contains(QLatin1String("SB_WINDOW_UNSET")), qPrintable(problems[0]));
        QVERIFY2(problems[1].contains(QLatin1String("other.invalid")) && problems[1].contains(QLatin1String("allow list")), qPrintable(problems[1]));
        QVERIFY2(problems[2].contains(QLatin1String("relative/token")) && problems[2].contains(QLatin1String("absolute")), qPrintable(problems[2]));
        QVERIFY2(!okWhileBad, "Create was enabled with a bad secret");
        QVERIFY(okWhenGood);
        QVERIFY2(created.wait(120'000), qPrintable(panel.status()));
        auto *sandbox = created.first().first().value<Sandbox *>();
        QCOMPARE(sandbox->options().secrets.size(), 1);
        QCOMPARE(sandbox->options().secrets.first().name, QStringLiteral("SB_WINDOW_TOKEN"));
        // The sandbox holds the placeholder, which the proxy replaces; the value is not kept.
        QVERIFY(sandbox->options().secrets.first().value.isEmpty());
        auto seen = shell(sandbox, QStringLiteral("printf %s \"$SB_WINDOW_TOKEN\""));
        VERIFY_OK(seen);
        QVERIFY2(seen->stdoutData.startsWith("sandbench-secret-SB_WINDOW_TOKEN-"), seen->stdoutData.constData());
        QVERIFY(!seen->stdoutData.contains(value));

        const int row = panel.model()->rowOf(sandbox);
        const QModelIndex net = panel.model()->index(row, int(SandboxListModel::Column::Network));
        QCOMPARE(net.data().toString(), QStringLiteral("allow: api.invalid:443 · secrets: SB_WINDOW_TOKEN"));
        QVERIFY2(net.data(Qt::ToolTipRole).toString().contains(QLatin1String("SB_WINDOW_TOKEN for api.invalid")),
                 qPrintable(net.data(Qt::ToolTipRole).toString()));
        shot(QStringLiteral("secrets-row"));
        for (int column = 0; column < panel.model()->columnCount(); ++column) {
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
                dialogTexts << panel.model()->index(row, column).data(role).toString();
        }
        dialogTexts << panel.status();
        QVERIFY2(!dialogTexts.join(QLatin1Char('\n')).contains(QString::fromLatin1(value)), "a secret's value was shown");
        VERIFY_OK(waitFor(sandbox->release(), 60'000));
        qunsetenv("SB_WINDOW_TOKEN");
    }

    // A value from a file is read when Create is pressed, off the window's thread: a file that
    // is not there keeps the dialog open, naming it; once named right, the sandbox's proxy holds
    // the file's content and the sandbox only the placeholder.
    void secretFromAFileReadWhenCreated()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray value = "sk-file-" + QByteArray::number(QCoreApplication::applicationPid()) + "-do-not-show";
        const QString path = dir.filePath(QStringLiteral("token"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(value + '\n');
        }
        SandboxesPanel panel(m_pool);
        panel.resize(1000, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QString missingProblem;
        bool stayedOpen = false;
        whenDialogOpens([&](SandboxCreateDialog *d) {
            const auto [network, allow, secrets, problem] = SecretFields::of(d);
            if (!network || !allow || !secrets || !problem)
                return d->reject();
            network->setFocus();
            QTest::keyClick(network, Qt::Key_End);
            QTest::mouseClick(allow, Qt::LeftButton);
            QTest::keyClicks(allow, QStringLiteral("api.invalid:443"));
            QTest::mouseClick(secrets, Qt::LeftButton);
            QTest::keyClicks(secrets, QStringLiteral("SB_FILE_TOKEN@api.invalid=file:") + path + QStringLiteral(".missing"));
            QTest::mouseClick(createButton(d), Qt::LeftButton);
            for (QDeadlineTimer deadline(10'000); !createButton(d)->isEnabled() && !deadline.hasExpired();)
                QTest::qWait(20);
            missingProblem = problem->text();
            stayedOpen = d->isVisible();
            shot(QStringLiteral("secrets-file-missing"));
            QTest::keyClick(secrets, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(secrets, QStringLiteral("SB_FILE_TOKEN@api.invalid=file:") + path);
            QTest::mouseClick(createButton(d), Qt::LeftButton);
        });
        QSignalSpy created(&panel, &SandboxesPanel::sandboxCreated);
        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("sandboxCreate")), Qt::LeftButton);
        QVERIFY2(created.wait(120'000), qPrintable(panel.status()));
        QVERIFY2(missingProblem.contains(QLatin1String("token.missing")), qPrintable(missingProblem));
        QVERIFY(stayedOpen);
        auto *sandbox = created.first().first().value<Sandbox *>();
        auto *backend = qobject_cast<DockerBackend *>(sandbox->backend());
        QVERIFY(backend && backend->egressProxy());
        const QList<EgressSecret> held = backend->egressProxy()->secrets();
        QCOMPARE(held.size(), 1);
        QCOMPARE(held.first().name, QStringLiteral("SB_FILE_TOKEN"));
        QCOMPARE(held.first().value, value);
        auto seen = shell(sandbox, QStringLiteral("printf %s \"$SB_FILE_TOKEN\""));
        VERIFY_OK(seen);
        QVERIFY2(seen->stdoutData.startsWith("sandbench-secret-SB_FILE_TOKEN-"), seen->stdoutData.constData());
        VERIFY_OK(waitFor(sandbox->release(), 60'000));
    }
};

QTEST_MAIN(TestSandboxEgressUi)
#include "tst_sandboxegressui.moc"
