// The audit browser's "Allow this" grown up: several denials at once, a scope per resource, the
// policy diff, the result in the editor; and the browser's Reason column, "#" width and status.
#include "mainwindow.h"

#include "allowscopedialog.h"
#include "models/auditlogmodel.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTimer>

#include <functional>

using namespace Sandbench;
using namespace Qt::StringLiterals;

namespace {

AuditEvent makeEvent(quint64 seq, const QString &kind, const QString &action, const QString &resource, bool allowed)
{
    AuditEvent e;
    e.seq = seq;
    e.timeMs = 1767225600000 + qint64(seq);
    e.kind = kind;
    e.action = action;
    e.resource = resource;
    e.allowed = allowed;
    e.rule = allowed ? QStringLiteral("allow_read[0]") : QStringLiteral("sandbox default");
    e.reason = allowed ? QString()
                       : QStringLiteral("permission denied: %1 access to \"%2\" is not allowed (not in any allow list)").arg(action, resource);
    return e;
}

// Runs `answer` on the scope dialog once it is up (it runs modal), then leaves it to `answer`
// to apply or cancel it.
void onScopeDialog(QObject *context, const std::function<void(AllowScopeDialog *)> &answer, bool *seen)
{
    auto *timer = new QTimer(context);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, context, [timer, answer, seen] {
        auto *dialog = qobject_cast<AllowScopeDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        timer->stop();
        timer->deleteLater();
        *seen = true;
        answer(dialog);
        if (dialog->isVisible())
            dialog->reject(); // a failed check must not leave the test waiting on a modal dialog
    });
    timer->start();
}

int rowOf(AllowScopeDialog *dialog, const QString &resource)
{
    for (int row = 0; row < dialog->table()->rowCount(); ++row)
        if (dialog->table()->item(row, AllowScopeDialog::ResourceColumn)->text() == resource)
            return row;
    return -1;
}

// Whether the diff adds a line that holds the JSON string `value`.
bool adds(const QString &diff, const QString &value)
{
    for (const QString &line : diff.split(QLatin1Char('\n')))
        if (line.startsWith(QLatin1String("+ ")) && line.contains(QLatin1Char('"') + value + QLatin1Char('"')))
            return true;
    return false;
}

QStringList items(QComboBox *box)
{
    QStringList out;
    for (int i = 0; box && i < box->count(); ++i)
        out << box->itemText(i);
    return out;
}

} // namespace

class TestAuditAllow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void reasonColumnShowsWhyAndDetailsExplain();
    void multiSelectionScopesChangeTheDiffAndApply();
    void allDenialsOfTheRunIgnoreTheFilter();
    void sensitiveScopesAreNotOffered();
    void riskyRulesAreFlaggedBeforeApply();
    void seqColumnFitsAMillion();
    void decisionColumnFitsABoldDenyInEveryLanguage();
    void statusSaysShownOfTotalWithSeparators();
    void logPathIsShownElidedWithTheWholePathInItsTooltip();

private:
    void selectRows(const QList<int> &rows);

    QTemporaryDir m_dir;
    QString m_home;
    QString m_log;
    std::unique_ptr<MainWindow> m_window;
    AuditPanel *m_panel = nullptr;
};

void TestAuditAllow::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_auditallow"));
    QSettings().clear();
    // A home of our own, so that u"its folder"_s of a file in it is the home folder, refused.
    m_home = m_dir.filePath(QStringLiteral("home"));
    QVERIFY(QDir().mkpath(m_home + QStringLiteral("/proj")));
    qputenv("HOME", m_home.toLocal8Bit());
    QCOMPARE(QDir::homePath(), m_home);

    m_log = m_dir.filePath(QStringLiteral("run.audit.jsonl"));
    QFile file(m_log);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QList<AuditEvent> events{
        makeEvent(1, u"read"_s, u"read"_s, u"/etc/hostname"_s, true),
        makeEvent(2, u"read"_s, u"read"_s, m_home + u"/proj/data.csv"_s, false),
        makeEvent(3, u"net"_s, u"connect"_s, u"api.github.com:443"_s, false),
        makeEvent(4, u"read"_s, u"read"_s, m_home + u"/.npmrc"_s, false),
        makeEvent(5, u"read"_s, u"read"_s, m_home + u"/proj/data.csv"_s, false),
        makeEvent(6, u"env"_s, u"get"_s, u"SECRET_TOKEN"_s, false),
        makeEvent(7, u"sys"_s, u"info"_s, u"hostname"_s, false),
        makeEvent(8, u"run"_s, u"spawn"_s, u"git"_s, false),
        makeEvent(9, u"read"_s, u"read"_s, u"/proc/self/environ"_s, false),
    };
    for (const AuditEvent &e : events)
        file.write(e.toJsonLine() + '\n');
}

void TestAuditAllow::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_panel = m_window->auditPanel();
    QString error;
    QVERIFY2(m_panel->openLog(m_log, &error), qPrintable(error));
    QTRY_VERIFY(!m_panel->model()->isLoading() && m_panel->model()->rowCount() == 9);
}

void TestAuditAllow::cleanup()
{
    if (m_window)
        m_window->policyPanel()->editor()->document()->setModified(false);
    m_window.reset();
}

void TestAuditAllow::selectRows(const QList<int> &rows)
{
    // As a person does it: a click, then ctrl-clicks.
    QTableView *view = m_panel->view();
    for (int i = 0; i < rows.size(); ++i) {
        const QRect rect = view->visualRect(m_panel->model()->index(rows[i], int(AuditLogModel::Column::Resource)));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, i == 0 ? Qt::NoModifier : Qt::ControlModifier, rect.center());
    }
    QCOMPARE(m_panel->selectedEvents().size(), rows.size());
}

void TestAuditAllow::reasonColumnShowsWhyAndDetailsExplain()
{
    AuditLogModel *model = m_panel->model();
    const int reason = int(AuditLogModel::Column::Reason);
    QCOMPARE(model->headerData(reason, Qt::Horizontal).toString(), QStringLiteral("Reason"));
    QVERIFY(!m_panel->view()->isColumnHidden(reason));
    QVERIFY(m_panel->view()->columnWidth(reason) >= 150);
    // Without the path again (the Resource column has it), so that why stays in view.
    QCOMPARE(model->index(1, reason).data().toString(), u"read access is not allowed (not in any allow list)"_s);
    QCOMPARE(model->index(0, reason).data().toString(), QStringLiteral("allowed by allow_read[0]"));
    // The whole message stays in the tooltip.
    QVERIFY(model->index(1, reason).data(Qt::ToolTipRole).toString().startsWith(u"permission denied: "_s));

    m_panel->selectRow(1);
    const QString details = m_panel->detailsLabel()->toolTip();
    QVERIFY2(details.contains(u"denied by sandbox default"_s) && details.contains(u"\"allow_read\": \""_s + m_home + u"/proj/data.csv\""_s),
             qPrintable(details));
    // Explained against the policy in the editor too: it denies it, and adding the file would
    // allow it.
    QVERIFY2(details.contains(u"The policy in the editor denies it"_s)
                 && details.contains(u"to change that: add \"allow_read\": \""_s + m_home + u"/proj/data.csv\""_s),
             qPrintable(details));
    m_panel->selectRow(0);
    QVERIFY2(m_panel->detailsLabel()->toolTip().contains(u"allowed by allow_read[0]"_s), qPrintable(m_panel->detailsLabel()->toolTip()));

    // The editor's policy changes: the explanation follows at once.
    m_panel->selectRow(1);
    Policy policy = m_window->policyPanel()->policy();
    policy.sandbox = true;
    policy.permissions.allowRead = QStringList{m_home + u"/proj"_s};
    m_window->policyPanel()->setPolicy(policy);
    const QString now = m_panel->detailsLabel()->toolTip();
    QVERIFY2(now.contains(u"The policy in the editor allows it"_s) && now.contains(u"allow_read[0]"_s)
                 && now.contains(u"remove"_s), qPrintable(now));
    // The recorded decision is still what the first line says.
    QVERIFY(now.startsWith(u"#2 denied by sandbox default"_s));
    // A broken policy explains nothing.
    m_window->policyPanel()->setText(u"{ not json"_s);
    m_window->policyPanel()->validateNow();
    QVERIFY(!m_panel->detailsLabel()->toolTip().contains(u"The policy in the editor"_s));
    // Plain text, not HTML: a resource named like markup shows as it is.
    QCOMPARE(m_panel->detailsLabel()->textFormat(), Qt::PlainText);
    QCOMPARE(m_panel->pathLabel()->textFormat(), Qt::PlainText);
}

void TestAuditAllow::multiSelectionScopesChangeTheDiffAndApply()
{
    const Policy before = m_window->policyPanel()->policy();
    // An allowed row alone has nothing to allow.
    selectRows({0});
    QVERIFY(!m_panel->allowButton()->isEnabled());
    // The action stays enabled so that its key can say why (tst_auditfeedback).
    QVERIFY(!m_panel->allowBlocker().isEmpty());
    // Select all (one range), then a click: the selection is read by range, in row order.
    QTest::keyClick(m_panel->view(), Qt::Key_A, Qt::ControlModifier);
    QCOMPARE(m_panel->selectedEvents().size(), 9);
    QCOMPARE(m_panel->selectedEvents().last().seq, quint64(9));
    QCOMPARE(m_panel->selectedEvents(3).size(), 3);
    QVERIFY(m_panel->allowAction()->isEnabled());
    selectRows({4, 1, 2, 3});
    QCOMPARE(m_panel->selectedEvents().first().seq, quint64(2));
    QVERIFY(m_panel->allowAction()->isEnabled());
    QCOMPARE(m_panel->allowAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    QVERIFY(m_panel->allowButton()->toolTip().contains(m_panel->allowAction()->shortcut().toString(QKeySequence::NativeText)));

    bool seen = false;
    QStringList failures;
    const QString data = m_home + u"/proj/data.csv"_s;
    onScopeDialog(this, [&](AllowScopeDialog *dialog) {
        auto check = [&](bool ok, const QString &what) { if (!ok) failures << what; };
        // Rows 2 and 5 (the same file twice) are one row; 4 is the file in the home folder.
        check(dialog->table()->rowCount() == 3, QStringLiteral("rows: %1").arg(dialog->table()->rowCount()));
        const int file = rowOf(dialog, data), host = rowOf(dialog, u"api.github.com:443"_s),
                  npmrc = rowOf(dialog, m_home + u"/.npmrc"_s);
        check(file >= 0 && host >= 0 && npmrc >= 0, u"a resource is missing"_s);
        if (!failures.isEmpty())
            return;
        check(dialog->table()->item(file, AllowScopeDialog::DenialsColumn)->text() == u"2"_s, u"denials of the file"_s);
        const QString exactDiff = dialog->diffText();
        check(adds(exactDiff, data), u"exact file in diff: "_s + exactDiff);
        // The file's folder instead of the file.
        check(items(dialog->scopeBox(file)).size() == 2, items(dialog->scopeBox(file)).join(QLatin1Char('|')));
        dialog->scopeBox(file)->setCurrentIndex(1);
        check(!dialog->diffText().contains(data) && adds(dialog->diffText(), m_home + u"/proj"_s),
              u"folder diff: "_s + dialog->diffText());
        // The host: host:port, any port, *.github.com.
        check(items(dialog->scopeBox(host)).size() == 3, items(dialog->scopeBox(host)).join(QLatin1Char('|')));
        dialog->scopeBox(host)->setCurrentIndex(2);
        check(adds(dialog->diffText(), u"*.github.com"_s) && !dialog->diffText().contains(u"api.github.com"_s),
              u"wildcard diff: "_s + dialog->diffText());
        // The file in the home folder: the file only; the home is never offered.
        check(items(dialog->scopeBox(npmrc)).size() == 1, items(dialog->scopeBox(npmrc)).join(QLatin1Char('|')));
        check(dialog->scopeBox(npmrc)->toolTip().contains(u"home folder"_s), dialog->scopeBox(npmrc)->toolTip());
        // And the dialog says so in view, not only in a tooltip.
        check(!dialog->refusedNote()->isHidden() && dialog->refusedNote()->text().contains(u"home folder"_s),
              dialog->refusedNote()->text());
        // A credential file is offered but not ticked, and says why; ticking it is a choice.
        check(!dialog->isIncluded(npmrc), u".npmrc ticked as the dialog opened"_s);
        const QString npmrcTip = dialog->table()->item(npmrc, AllowScopeDialog::IncludeColumn)->toolTip();
        check(npmrcTip.contains(u"[secret-path]"_s), u"no reason for the unticked .npmrc: "_s + npmrcTip);
        check(!adds(dialog->diffText(), m_home + u"/.npmrc"_s), u".npmrc in the diff unticked: "_s + dialog->diffText());
        dialog->setIncluded(npmrc, true);
        check(adds(dialog->diffText(), m_home + u"/.npmrc"_s), u".npmrc not in the diff once ticked"_s);
        check(dialog->riskNote()->text().contains(u"[secret-path]"_s), u"risk note: "_s + dialog->riskNote()->text());
        // scripts/screenshots sets this to picture the dialog for docs/policies.md.
        if (const QString dir = qEnvironmentVariable("SANDBENCH_SCREENSHOT_DIR"); !dir.isEmpty())
            check(dialog->grab().save(dir + u"/policy-allow-scope.png"_s), u"screenshot not saved"_s);
        check(dialog->applyButton()->isEnabled(), u"apply disabled"_s);
        dialog->applyButton()->click();
    }, &seen);
    QTest::keyClick(m_panel->view(), Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY2(seen, "Ctrl+Shift+A on the table opened no scope dialog");
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));

    const Policy after = m_window->policyPanel()->policy();
    QVERIFY(m_window->policyPanel()->isValid());
    QCOMPARE(after.permissions.allowRead, before.permissions.allowRead + QStringList({m_home + u"/proj"_s, m_home + u"/.npmrc"_s}));
    QCOMPARE(after.permissions.allowNet, before.permissions.allowNet + QStringList{u"*.github.com"_s});
    Policy rest = after;
    rest.permissions.allowRead = before.permissions.allowRead;
    rest.permissions.allowNet = before.permissions.allowNet;
    rest.permissions.denyFs = before.permissions.denyFs;
    rest.permissions.denyNet = before.permissions.denyNet;
    QCOMPARE(rest, before); // nothing else changed
    QVERIFY(m_window->policyPanel()->text().contains(u"*.github.com"_s));
}

void TestAuditAllow::allDenialsOfTheRunIgnoreTheFilter()
{
    const Policy before = m_window->policyPanel()->policy();
    // Only the allowed row in view: u"all denials of this run"_s still means the whole run.
    m_panel->decisionBox()->setCurrentIndex(m_panel->decisionBox()->findData(int(AuditFilter::Decision::Allow)));
    QTRY_COMPARE(m_panel->model()->rowCount(), 1);
    QVERIFY(m_panel->allowAllAction()->isEnabled());
    bool seen = false;
    QStringList resources;
    onScopeDialog(this, [&](AllowScopeDialog *dialog) {
        for (int row = 0; row < dialog->table()->rowCount(); ++row)
            resources << dialog->table()->item(row, AllowScopeDialog::ResourceColumn)->text();
        dialog->applyButton()->click();
    }, &seen);
    m_panel->allowAllAction()->trigger();
    QVERIFY(seen);
    // Every distinct denial that has an allow list (not sys), in order.
    QCOMPARE(resources, QStringList({m_home + u"/proj/data.csv"_s, u"api.github.com:443"_s, m_home + u"/.npmrc"_s,
                                     u"SECRET_TOKEN"_s, u"git"_s, u"/proc/self/environ"_s}));
    const Policy after = m_window->policyPanel()->policy();
    // Accepted as it opened: the credential file and the program that runs anything (lint
    // errors) were listed but not ticked, so they are not granted.
    QCOMPARE(after.permissions.allowRead, before.permissions.allowRead + QStringList({m_home + u"/proj/data.csv"_s}));
    QCOMPARE(after.permissions.allowNet, before.permissions.allowNet + QStringList{u"api.github.com:443"_s});
    QCOMPARE(after.permissions.allowEnv, before.permissions.allowEnv + QStringList{u"SECRET_TOKEN"_s});
    QCOMPARE(after.permissions.allowRun, before.permissions.allowRun);
}

void TestAuditAllow::sensitiveScopesAreNotOffered()
{
    selectRows({3, 8});
    bool seen = false;
    QStringList failures;
    onScopeDialog(this, [&](AllowScopeDialog *dialog) {
        const int proc = rowOf(dialog, u"/proc/self/environ"_s);
        const int npmrc = rowOf(dialog, m_home + u"/.npmrc"_s);
        if (proc < 0 || npmrc < 0) {
            failures << u"rows missing"_s;
            return;
        }
        // /proc: nothing at all, unchecked and disabled, the reason in the tooltip.
        if (dialog->scopeBox(proc))
            failures << u"a scope offered for /proc: "_s + items(dialog->scopeBox(proc)).join(QLatin1Char('|'));
        dialog->setIncluded(proc, true);
        if (dialog->isIncluded(proc))
            failures << u"/proc row can be included"_s;
        const QTableWidgetItem *none = dialog->table()->item(proc, AllowScopeDialog::ScopeColumn);
        const QString tip = none ? none->toolTip() : QString();
        if (!tip.contains(u"/proc"_s))
            failures << u"no reason: "_s + tip;
        // No offered scope anywhere names the home folder itself.
        for (const QString &item : items(dialog->scopeBox(npmrc)))
            if (item.endsWith(QStringLiteral(" ") + m_home))
                failures << u"home offered: "_s + item;
        for (const AllowRule &rule : dialog->chosenRules())
            if (rule.value == m_home || rule.value.startsWith(u"/proc"_s))
                failures << u"chosen: "_s + rule.value;
        // Unchecking the last row leaves nothing to apply.
        dialog->setIncluded(npmrc, false);
        if (dialog->applyButton()->isEnabled() || !dialog->diffText().isEmpty())
            failures << u"apply enabled with nothing chosen: "_s + dialog->diffText();
        dialog->reject();
    }, &seen);
    const Policy before = m_window->policyPanel()->policy();
    m_panel->allowButton()->click();
    QVERIFY(seen);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
    QCOMPARE(m_window->policyPanel()->policy(), before); // cancelled: no change
}

void TestAuditAllow::riskyRulesAreFlaggedBeforeApply()
{
    // A shell runs whatever it is told: lint says so in the dialog, in view, before Apply.
    m_panel->model()->setEvents({makeEvent(1, u"run"_s, u"spawn"_s, u"bash"_s, false),
                                 makeEvent(2, u"env"_s, u"get"_s, u"LANG"_s, false)});
    // The details line says it too, for the one row.
    m_panel->selectRow(0);
    QVERIFY2(m_panel->detailsLabel()->toolTip().contains(u"[leaves-sandbox]"_s), qPrintable(m_panel->detailsLabel()->toolTip()));
    m_panel->selectRow(1);
    QVERIFY(!m_panel->detailsLabel()->toolTip().contains(u"look again"_s));
    bool seen = false;
    QString risks, safeRisks;
    bool hiddenWhenSafe = false, tickedAtOpen = true;
    onScopeDialog(this, [&](AllowScopeDialog *dialog) {
        // Not ticked as it opens (a lint error); ticking it brings the note up.
        tickedAtOpen = dialog->isIncluded(rowOf(dialog, u"bash"_s));
        dialog->setIncluded(rowOf(dialog, u"bash"_s), true);
        risks = dialog->riskNote()->isHidden() ? QString() : dialog->riskNote()->text();
        dialog->setIncluded(rowOf(dialog, u"bash"_s), false);
        hiddenWhenSafe = dialog->riskNote()->isHidden();
        safeRisks = dialog->riskNote()->text();
        dialog->reject();
    }, &seen);
    m_panel->allowAllAction()->trigger();
    QVERIFY(seen);
    QVERIFY(!tickedAtOpen);
    QVERIFY2(risks.contains(u"[leaves-sandbox]"_s) && risks.contains(u"bash"_s), qPrintable(risks));
    QVERIFY2(hiddenWhenSafe, qPrintable(safeRisks));
}

void TestAuditAllow::decisionColumnFitsABoldDenyInEveryLanguage()
{
    for (const QString &lang : {u"de"_s, u"ja"_s}) {
        QTranslator translator;
        QVERIFY(translator.load(u":/i18n/sandbench_%1.qm"_s.arg(lang)));
        QCoreApplication::installTranslator(&translator);
        AuditPanel panel;
        QCoreApplication::removeTranslator(&translator);
        panel.model()->setEvents({makeEvent(1, u"read"_s, u"read"_s, u"/x"_s, false),
                                  makeEvent(2, u"read"_s, u"read"_s, u"/y"_s, true)});
        const int column = int(AuditLogModel::Column::Decision);
        // What the delegate asks for (bold for a denial) fits in what the column has.
        const QAbstractItemView *view = panel.view();
        const int needed = view->sizeHintForColumn(column);
        QVERIFY2(panel.view()->columnWidth(column) >= needed,
                 qPrintable(u"%1: %2 < %3"_s.arg(lang).arg(panel.view()->columnWidth(column)).arg(needed)));
    }
}

void TestAuditAllow::seqColumnFitsAMillion()
{
    QList<AuditEvent> events;
    for (quint64 seq : {quint64(999999), quint64(1000000), quint64(1234567)})
        events << makeEvent(seq, u"read"_s, u"read"_s, u"/x"_s, false);
    m_panel->model()->setEvents(events);
    QTableView *view = m_panel->view();
    const int width = view->columnWidth(int(AuditLogModel::Column::Seq));
    // What the view paints: u"1,234,567"_s needs its text width plus the item's margins.
    QVERIFY2(width >= view->fontMetrics().horizontalAdvance(QStringLiteral("1,234,567")) + 6,
             qPrintable(QString::number(width)));
    for (int row = 0; row < 3; ++row) {
        const QModelIndex index = m_panel->model()->index(row, int(AuditLogModel::Column::Seq));
        QStyleOptionViewItem option;
        option.initFrom(view);
        option.font = view->font();
        const int needed = view->itemDelegateForIndex(index)->sizeHint(option, index).width();
        QVERIFY2(needed <= width, qPrintable(QStringLiteral("row %1 needs %2, has %3").arg(row).arg(needed).arg(width)));
    }
}

void TestAuditAllow::statusSaysShownOfTotalWithSeparators()
{
    const QString text = m_panel->countsLabel()->text();
    QVERIFY2(QRegularExpression(QStringLiteral("^9 of 9 lines shown \u00b7 1 allowed \u00b7 8 denied \u00b7 indexed in [0-9,]+ ms$"))
                 .match(text).hasMatch(), qPrintable(text));
    QList<AuditEvent> events;
    for (quint64 seq = 1; seq <= 1234; ++seq)
        events << makeEvent(seq, u"read"_s, u"read"_s, u"/x"_s, seq % 2);
    m_panel->model()->setEvents(events);
    m_panel->decisionBox()->setCurrentIndex(m_panel->decisionBox()->findData(int(AuditFilter::Decision::Deny)));
    QTRY_VERIFY2(m_panel->countsLabel()->text().startsWith(QStringLiteral("617 of 1,234 decisions shown \u00b7 617 allowed \u00b7 617 denied \u00b7 filtered in ")),
                 qPrintable(m_panel->countsLabel()->text()));
}

void TestAuditAllow::logPathIsShownElidedWithTheWholePathInItsTooltip()
{
    QLabel *path = m_panel->pathLabel();
    QVERIFY(path->isVisible());
    QCOMPARE(path->text(), m_log);
    // A panel too narrow for the path: its start and its file name stay, the middle goes.
    const QString deep = m_dir.filePath(u"audit-logs-of-a-project-with-a-long-name/2026-12-02/nightly-build-and-report"_s);
    QVERIFY(QDir().mkpath(deep));
    const QString log = deep + u"/run.audit.jsonl"_s;
    QVERIFY(QFile::exists(log) || QFile::copy(m_log, log));
    AuditPanel narrow;
    QVERIFY(narrow.openLog(log));
    narrow.resize(narrow.minimumSizeHint().width(), 400);
    narrow.show();
    QVERIFY(QTest::qWaitForWindowExposed(&narrow));
    const QString shown = narrow.pathLabel()->text();
    QVERIFY2(shown.contains(QChar(0x2026)) && shown.endsWith(u"run.audit.jsonl"_s) && shown.startsWith(QLatin1Char('/')),
             qPrintable(shown));
    QCOMPARE(narrow.pathLabel()->toolTip(), log);
    // A cut path is read whole from the keyboard too, not only from its tooltip: Tab reaches
    // it, Enter unfolds it to the whole path, Escape folds it again.
    QWidget *label = narrow.pathLabel();
    QCOMPARE(label->focusPolicy() & Qt::TabFocus, Qt::TabFocus);
    narrow.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&narrow));
    label->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(label->hasFocus());
    QTest::keyClick(label, Qt::Key_Return);
    QTRY_VERIFY2(narrow.pathLabel()->text().remove(QLatin1Char('\n')).contains(log) || narrow.pathLabel()->text() == log,
                 qPrintable(narrow.pathLabel()->text()));
    QTest::keyClick(label, Qt::Key_Escape);
    QTRY_VERIFY(narrow.pathLabel()->text().contains(QChar(0x2026)));
    // Wide enough: the whole path.
    narrow.resize(narrow.pathLabel()->fontMetrics().horizontalAdvance(log) + 100, 400);
    QTRY_COMPARE(narrow.pathLabel()->text(), log);
    QTRY_VERIFY(!narrow.model()->isLoading());
}

QTEST_MAIN(TestAuditAllow)
#include "tst_auditallow.moc"
