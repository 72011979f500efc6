// Text from a run, a bundle or a log is shown, never obeyed: a right-to-left override, a
// zero-width or other invisible character, a control character never reaches what a view draws.
// Every model is walked role by role, and the whole window (every label, button, tab, item view,
// read-only text view, menu and tooltip) after a real run whose file name, output and denied
// path carry such characters, with its audit log, its session and its Allow this dialog open.
#include "mainwindow.h"

#include "allowscopedialog.h"
#include "common/terminaltext.h"
#include "models/allowscope.h"
#include "models/auditlogmodel.h"
#include "models/runhistorymodel.h"
#include "panels/agentcallsmodel.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/runhistorypanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>

using namespace Sandbench;

namespace {

constexpr int kRunTimeoutMs = 60000;

// Every class of character visibleText() replaces; file names cannot hold the lone surrogate.
const QString kHostile = QStringLiteral("report\u202egnp.sh") + QChar(0x202a) + QChar(0x202b) + QChar(0x202c)
                         + QChar(0x202d) + QChar(0x2066) + QChar(0x2067) + QChar(0x2068) + QChar(0x2069)
                         + QChar(0x200e) + QChar(0x200f) + QChar(0x061c) + QChar(0x200b) + QChar(0x200c)
                         + QChar(0x200d) + QChar(0x2060) + QChar(0xfeff) + QChar(0x0600) + QChar(0x00ad)
                         + QChar(0x3164) + QChar(0x0007) + QChar(0x001b) + QChar(0x0085);
const QString kHostileInMemory = kHostile + QChar(0xd800) + QStringLiteral("end");

const QList<int> kTextRoles = {Qt::DisplayRole, Qt::ToolTipRole, Qt::StatusTipRole, Qt::WhatsThisRole,
                               Qt::AccessibleTextRole, Qt::AccessibleDescriptionRole};

QString describe(const QObject *o)
{
    QStringList chain;
    for (const QObject *p = o; p; p = p->parent())
        chain << QStringLiteral("%1(%2)").arg(QString::fromLatin1(p->metaObject()->className()), p->objectName());
    return chain.mid(0, 4).join(QStringLiteral(" < "));
}

// Where a raw hidden character was found, one line each.
class Walker
{
public:
    QStringList found;

    void text(const QObject *where, const QString &what, const QString &value, bool lines = false)
    {
        if (hasHiddenCharacters(value, lines))
            found << QStringLiteral("%1 %2: %3").arg(describe(where), what, terminalSafe(value.left(160)));
    }

    void model(const QObject *where, const QAbstractItemModel *model, const QModelIndex &parent = {})
    {
        if (!model)
            return;
        for (int row = 0; row < model->rowCount(parent); ++row) {
            for (int column = 0; column < model->columnCount(parent); ++column) {
                const QModelIndex index = model->index(row, column, parent);
                for (const int role : kTextRoles) {
                    const QVariant v = index.data(role);
                    const bool lines = role == Qt::ToolTipRole || role == Qt::WhatsThisRole;
                    if (v.typeId() == QMetaType::QString)
                        text(where, QStringLiteral("row %1 column %2 role %3").arg(row).arg(column).arg(role), v.toString(), lines);
                }
                if (column == 0 && model->hasChildren(index))
                    this->model(where, model, index);
            }
        }
        for (int column = 0; column < model->columnCount(parent); ++column)
            text(where, QStringLiteral("header %1").arg(column), model->headerData(column, Qt::Horizontal).toString());
    }

    void menu(const QMenu *menu)
    {
        for (const QAction *a : menu->actions()) {
            text(menu, QStringLiteral("action"), a->text());
            text(menu, QStringLiteral("action tooltip"), a->toolTip(), true);
            if (a->menu())
                this->menu(a->menu());
        }
    }

    void widget(QWidget *root)
    {
        QList<QWidget *> all = root->findChildren<QWidget *>();
        all.prepend(root);
        for (QWidget *w : std::as_const(all)) {
            text(w, QStringLiteral("window title"), w->windowTitle());
            text(w, QStringLiteral("tooltip"), w->toolTip(), true);
            text(w, QStringLiteral("accessible name"), w->accessibleName());
            if (auto *label = qobject_cast<QLabel *>(w))
                text(w, QStringLiteral("label"), label->text(), true);
            if (auto *button = qobject_cast<QAbstractButton *>(w))
                text(w, QStringLiteral("button"), button->text());
            if (auto *tabs = qobject_cast<QTabBar *>(w)) {
                for (int i = 0; i < tabs->count(); ++i) {
                    text(w, QStringLiteral("tab"), tabs->tabText(i));
                    text(w, QStringLiteral("tab tooltip"), tabs->tabToolTip(i), true);
                }
            }
            if (auto *combo = qobject_cast<QComboBox *>(w))
                model(w, combo->model());
            if (auto *view = qobject_cast<QAbstractItemView *>(w))
                model(w, view->model());
            // Editors the user writes in hold the user's own text; what only shows is checked.
            if (auto *plain = qobject_cast<QPlainTextEdit *>(w); plain && plain->isReadOnly())
                text(w, QStringLiteral("text"), plain->toPlainText(), true);
            if (auto *rich = qobject_cast<QTextEdit *>(w); rich && rich->isReadOnly())
                text(w, QStringLiteral("text"), rich->toPlainText(), true);
            if (auto *line = qobject_cast<QLineEdit *>(w); line && line->isReadOnly())
                text(w, QStringLiteral("line"), line->text());
            if (auto *bar = qobject_cast<QStatusBar *>(w))
                text(w, QStringLiteral("status"), bar->currentMessage());
            if (auto *m = qobject_cast<QMenu *>(w))
                menu(m);
        }
    }
};

AuditEvent hostileEvent(quint64 seq, bool allowed)
{
    AuditEvent e;
    e.seq = seq;
    e.timeMs = 1767225600000;
    e.kind = QStringLiteral("read") + QChar(0x202e);
    e.action = QStringLiteral("read") + QChar(0x200b);
    e.resource = QStringLiteral("/tmp/") + kHostileInMemory;
    e.allowed = allowed;
    e.rule = allowed ? QStringLiteral("allow_read[0]") + QChar(0x2066) : QStringLiteral("sandbox") + QChar(0xfeff);
    e.reason = allowed ? QString() : QStringLiteral("permission denied: read access to \"/tmp/%1\" is not allowed").arg(kHostileInMemory);
    e.pid = 1;
    return e;
}

} // namespace

class TestHostileText : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_hostiletext"));
        QSettings().clear();
    }

    // The one function: every class it must replace, and what it must leave alone.
    void visibleTextReplacesEveryHiddenClass()
    {
        QVERIFY(hasHiddenCharacters(kHostileInMemory));
        const QString shown = visibleText(kHostileInMemory);
        QVERIFY2(!hasHiddenCharacters(shown), qPrintable(terminalSafe(shown)));
        QVERIFY(shown.contains(QStringLiteral("\u27e6U+202E\u27e7")));
        QVERIFY(shown.contains(QStringLiteral("\u27e6U+D800\u27e7")));
        QVERIFY(shown.contains(QStringLiteral("\u27e6U+0600\u27e7"))); // a format character by category
        // Text as people write it stays as it is: accents, CJK, Arabic and Hebrew (drawn right to
        // left by their own letters, not by an override), emoji, a tab and newline where allowed.
        for (const QString &plain : {QStringLiteral("caf\u00e9 \u65e5\u672c \u0645\u0631\u062d\u0628\u0627 \u05e9\u05dc\u05d5\u05dd"),
                                     QStringLiteral("\U0001F600 /home/user/report.png")}) {
            QCOMPARE(visibleText(plain), plain);
            QVERIFY(!hasHiddenCharacters(plain));
        }
        QCOMPARE(visibleLines(QStringLiteral("a\tb\nc")), QStringLiteral("a\tb\nc"));
        QCOMPARE(visibleForRole(QStringLiteral("a\nb"), Qt::ToolTipRole).toString(), QStringLiteral("a\nb"));
        QVERIFY(visibleForRole(QStringLiteral("a\nb"), Qt::DisplayRole).toString() != QStringLiteral("a\nb"));
        QCOMPARE(visibleForRole(42, Qt::DisplayRole), QVariant(42));
        QCOMPARE(visibleForRole(kHostile, Qt::UserRole).toString(), kHostile); // data, not display
    }

    void modelsShowNoHiddenCharacters()
    {
        Walker walk;
        AuditLogModel audit;
        audit.setEvents({hostileEvent(1, true), hostileEvent(2, false)});
        walk.model(&audit, &audit);

        // A log file's lines take the other path through the model (indexed, parsed lazily, cached).
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("audit.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(hostileEvent(1, true).toJsonLine() + '\n' + hostileEvent(2, false).toJsonLine() + '\n'
                   + "not json " + kHostile.toUtf8() + '\n');
        file.close();
        AuditLogModel fromFile;
        QSignalSpy loaded(&fromFile, &AuditLogModel::loadingFinished);
        QVERIFY(fromFile.openFile(path));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(fromFile.rowCount(), 3);
        for (int pass = 0; pass < 2; ++pass) // the second pass reads the rows from the cache
            walk.model(&fromFile, &fromFile);

        RunHistory history;
        RunRecord record;
        record.title = kHostileInMemory;
        const int row = history.addRun(record);
        history.failRun(row, Error{ErrorCode::Io, kHostileInMemory});
        history.setSessionError(row, kHostileInMemory);
        RunHistoryModel runs(&history);
        walk.model(&runs, &runs);
        QVERIFY2(walk.found.isEmpty(), qPrintable(walk.found.join(QLatin1Char('\n'))));
    }

    // The whole window after a real run whose script name, output, denied path and audit log
    // carry hidden characters, with the run's session and an Allow this dialog open.
    void windowShowsNoHiddenCharacters()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(kHostile + QStringLiteral(".ts"));
        {
            QFile file(script);
            QVERIFY(file.open(QIODevice::WriteOnly));
            // ASCII source: the characters come from escapes, so the editor holds none of them.
            file.write(R"JS(const evil = "report\u202egnp.sh\u200b\u2066\u2069\u200e\u061c\u2060\ufeff\u0007\u0600";
console.log("out " + evil);
console.error("err " + evil);
try { await Deno.readTextFile("/tmp/" + evil); } catch (_) { console.log("denied"); }
try { Deno.env.get("X" + evil); } catch (_) { console.log("env denied"); }
)JS");
        }
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w, 30000));
        QString error;
        QVERIFY2(w.scriptPanel()->openFile(script, &error), qPrintable(error));
        RunHistoryModel *history = w.historyPanel()->model();
        QVERIFY(w.runScript());
        QTRY_VERIFY_WITH_TIMEOUT(history->rowCount() == 1 && !history->run(0).running && !w.workbench()->isRunning(), kRunTimeoutMs);
        QVERIFY2(history->run(0).result, "the run has a result");
        QVERIFY(history->run(0).result->denyCount >= 1);
        QTRY_VERIFY_WITH_TIMEOUT(history->run(0).session, 30000);

        // The denied row selected: the details line explains it.
        AuditPanel *audit = w.auditPanel();
        int denied = -1;
        for (int row = 0; row < audit->model()->rowCount() && denied < 0; ++row)
            if (!audit->model()->eventAt(row).allowed)
                denied = row;
        QVERIFY(denied >= 0);
        QVERIFY(audit->model()->eventAt(denied).resource.contains(QChar(0x202e)));
        audit->selectRow(denied);
        w.showRun(0);

        // The run's session, every tab of it.
        w.historyPanel()->view()->selectRow(0);
        QTest::mouseClick(w.historyPanel()->openSessionButton(), Qt::LeftButton);
        SessionsPanel *sessions = w.sessionsPanel();
        QVERIFY(sessions->bundle());

        Walker walk;
        for (int i = 0; i < sessions->tabs()->count(); ++i) {
            if (!sessions->tabs()->isTabVisible(i))
                continue;
            sessions->tabs()->setCurrentIndex(i);
            QCoreApplication::processEvents();
            walk.widget(&w);
        }
        for (QMenu *menu : w.menuBar()->findChildren<QMenu *>())
            walk.menu(menu);

        // Allow this, for the denied events of the run.
        const QList<AllowCandidate> candidates = allowCandidates(audit->model()->deniedEvents());
        QVERIFY(!candidates.isEmpty());
        AllowScopeDialog allow(w.policyPanel()->policy(), w.policyPanel()->baseDir(), candidates, &w);
        QCOMPARE(allow.table()->rowCount(), int(candidates.size()));
        allow.show();
        QCoreApplication::processEvents();
        walk.widget(&allow);
        allow.close();

        // A hostile log opened from a file with a hostile name: its path is shown too.
        const QString log = dir.filePath(kHostile + QStringLiteral(".jsonl"));
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(hostileEvent(1, true).toJsonLine() + '\n' + hostileEvent(2, false).toJsonLine() + '\n');
        file.close();
        QVERIFY2(audit->openLog(log, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(audit->model()->rowCount(), 2, 30000);
        audit->selectRow(1);
        QCoreApplication::processEvents();
        walk.widget(&w);

        QVERIFY2(walk.found.isEmpty(), qPrintable(walk.found.join(QLatin1Char('\n'))));
        w.scriptPanel()->editor()->document()->setModified(false);
        w.policyPanel()->editor()->document()->setModified(false);
    }
};

QTEST_MAIN(TestHostileText)
#include "tst_hostiletext.moc"
