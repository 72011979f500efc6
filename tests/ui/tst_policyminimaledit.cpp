// "Allow this" and the policy form change a hand-formatted policy only where the entry goes:
// driven by real clicks and keys, the editor's text is compared byte for byte with the text as
// loaded, and the preview's diff with the change that was applied (issue #24).
#include "mainwindow.h"
#include "allowscopedialog.h"
#include "models/auditlogmodel.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/policyform.h"
#include "panels/stringlistedit.h"
#include "policy/allowrule.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextCursor>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace Sandbench;

namespace {

// Hand-formatted as people write them: odd spacing, a tab-indented block, an inline array, an
// empty list, keys in no particular order, an option the form has no field for, an entry
// with spaces around it (the form shows it trimmed).
const char kPolicy[] =
        "{\n"
        "  \"permissions\": {\n"
        "    \"allow_net\": [ \"api.example.com:443\" ],\n"
        "    \"allow_read\": [\n"
        "        \"/srv/data\"   ,\n"
        "        \" /srv/spaced \",\n"
        "        \"/srv/more\"\n"
        "    ],\n"
        "    \"allow_write\": []\n"
        "  },\n"
        "  \"sandbox\" : true,\n"
        "\t\"options\": {\"timeout_ms\": 30000,\n"
        "\t            \"max_tasks\": 64}\n"
        "}\n";

// `after` is `before` with one run of bytes inserted: that run, or a marker of what else changed.
QString insertedRun(const QString &before, const QString &after)
{
    if (after.size() < before.size())
        return QStringLiteral("<shorter>");
    qsizetype p = 0;
    while (p < before.size() && before.at(p) == after.at(p))
        ++p;
    const qsizetype length = after.size() - before.size();
    if (after.left(p) + after.mid(p + length) != before)
        return QStringLiteral("<changed elsewhere>");
    return after.mid(p, length);
}

} // namespace

class TestPolicyMinimalEdit : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_log;
    QString m_policyPath;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_policyminimaledit"));
        QSettings().clear();
        m_policyPath = m_dir.filePath(QStringLiteral("policy.json"));
        QFile policy(m_policyPath);
        QVERIFY(policy.open(QIODevice::WriteOnly));
        policy.write(kPolicy);
        policy.close();
        m_log = m_dir.filePath(QStringLiteral("run.audit.jsonl"));
        QFile log(m_log);
        QVERIFY(log.open(QIODevice::WriteOnly));
        AuditEvent e;
        e.seq = 1;
        e.timeMs = 1767225600000;
        e.kind = QStringLiteral("read");
        e.action = QStringLiteral("read");
        e.resource = QStringLiteral("/srv/new.txt");
        e.rule = QStringLiteral("sandbox default");
        e.reason = QStringLiteral("permission denied: read access to \"/srv/new.txt\" is not allowed");
        log.write(e.toJsonLine() + '\n');
    }

    void allowThisAndFormEditsChangeOnlyTheEntry()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        PolicyEditorPanel *policy = w.policyPanel();
        QString error;
        QVERIFY2(policy->loadFile(m_policyPath, &error), qPrintable(error));
        const QString loaded = policy->text();
        QCOMPARE(loaded, QString::fromUtf8(kPolicy));

        // Allow this: a click on the denial, Ctrl+Shift+A, a click on Apply.
        AuditPanel *audit = w.auditPanel();
        QVERIFY2(audit->openLog(m_log, &error), qPrintable(error));
        QTRY_VERIFY(!audit->model()->isLoading() && audit->model()->rowCount() == 1);
        w.showPanel(audit);
        QTableView *view = audit->view();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier,
                          view->visualRect(audit->model()->index(0, int(AuditLogModel::Column::Resource))).center());
        QString previewed;
        bool seen = false;
        QTimer poll;
        poll.setInterval(20);
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *dialog = qobject_cast<AllowScopeDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            poll.stop();
            seen = true;
            previewed = dialog->diffText();
            QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
            if (dialog->isVisible())
                dialog->reject();
        });
        poll.start();
        QTest::keyClick(view, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY2(seen, "no scope dialog");
        const QString allowed = policy->text();
        // The new entry stands under its neighbours, with their indentation; nothing else moved.
        QCOMPARE(insertedRun(loaded, allowed), QStringLiteral(",\n        \"/srv/new.txt\""));
        // The preview showed this very change, no more and no less.
        QCOMPARE(previewed, lineDiff(loaded, allowed).join(QLatin1Char('\n')));
        QVERIFY(previewed.contains(QStringLiteral("+         \"/srv/new.txt\"")));

        // The form: "+" under Read, a path typed, Enter.
        w.showPanel(policy);
        StringListEdit *read = policy->form()->list(PolicyForm::ListKind::Read);
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::mouseClick(read->addButton(), Qt::LeftButton);
        QLineEdit *editor = nullptr;
        for (QLineEdit *line : read->list()->viewport()->findChildren<QLineEdit *>())
            if (line->isVisible())
                editor = line;
        QVERIFY(editor);
        QTest::keyClicks(editor, QStringLiteral("/srv/typed"));
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(policy->policy().permissions.allowRead.size(), 5);
        const QString typed = policy->text();
        QCOMPARE(insertedRun(allowed, typed), QStringLiteral(",\n        \"/srv/typed\""));

        // The timeout, typed into its box: only the number changes; max_tasks (no field) stays.
        auto *tabs = policy->form()->findChild<QTabWidget *>();
        QVERIFY(tabs);
        tabs->setCurrentIndex(1);
        QSpinBox *timeout = policy->form()->timeoutBox();
        QTest::mouseClick(timeout, Qt::LeftButton);
        QTest::keyClick(timeout, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(timeout, QStringLiteral("45000"));
        QTest::keyClick(timeout, Qt::Key_Return);
        QTRY_COMPARE(policy->policy().timeoutMs, std::optional<qint64>(45000));
        const QString timed = QString(typed).replace(QStringLiteral("30000"), QStringLiteral("45000"));
        QCOMPARE(policy->text(), timed);

        // The memory limit typed digit by digit: "5" on the way to "512" must not reach the
        // text (it is no valid limit and would lock the form); the new key follows the
        // tab-and-spaces alignment of its neighbour.
        QSpinBox *memory = nullptr;
        for (QSpinBox *box : policy->form()->findChildren<QSpinBox *>())
            if (box->suffix() == QLatin1String(" MB"))
                memory = box;
        QVERIFY(memory);
        QTest::mouseClick(memory, Qt::LeftButton);
        QTest::keyClick(memory, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(memory, QStringLiteral("512"));
        QTest::keyClick(memory, Qt::Key_Return);
        QTRY_COMPARE(policy->policy().maxMemoryMb, std::optional<int>(512));
        QVERIFY(policy->isValid());
        const QString current = policy->text();
        QCOMPARE(insertedRun(timed, current), QStringLiteral(",\n\t            \"max_memory_mb\": 512"));

        // A switch clicked off and on again gives back the very text.
        tabs->setCurrentIndex(0);
        QTest::mouseClick(policy->form()->sandboxBox(), Qt::LeftButton);
        QTRY_VERIFY(!policy->policy().sandbox);
        QCOMPARE(policy->text(), QString(current).replace(QStringLiteral("\"sandbox\" : true"), QStringLiteral("\"sandbox\" : false")));
        QTest::mouseClick(policy->form()->sandboxBox(), Qt::LeftButton);
        QTRY_VERIFY(policy->policy().sandbox);
        QCOMPARE(policy->text(), current);

        // Undo steps back over each edit; after them all the text is the file again.
        for (int i = 0; i < 50 && policy->text() != loaded; ++i)
            policy->undo();
        QCOMPARE(policy->text(), loaded);
        policy->editor()->document()->setModified(false);
    }

    // A text that does not parse is not rewritten by "Allow this": the dialog says where the
    // error is, Apply stays off.
    void aBrokenTextIsNotRewritten()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        PolicyEditorPanel *policy = w.policyPanel();
        const QString broken = QStringLiteral("{\n  \"permissions\": {\"allow_read\": [\"/a\" \"/b\"]}\n}\n");
        policy->setText(broken);
        QVERIFY(!policy->isValid());
        Policy wanted = policy->policy();
        wanted.permissions.allowRead << QStringLiteral("/x");
        QString error;
        QVERIFY(!policy->setPolicy(wanted, &error));
        QVERIFY2(error.contains(QStringLiteral("line 2, column")), qPrintable(error));
        QCOMPARE(policy->text(), broken);
        AuditEvent e;
        e.kind = QStringLiteral("read");
        e.action = QStringLiteral("read");
        e.resource = QStringLiteral("/srv/new.txt");
        AllowScopeDialog dialog(policy->policy(), policy->baseDir(), allowCandidates({e}), &w, policy->text());
        QVERIFY(!dialog.applyButton()->isEnabled());
        QVERIFY(dialog.resultText().isEmpty());
        QVERIFY(dialog.findChild<QWidget *>(QStringLiteral("allowScopeDiff")));
        policy->editor()->document()->setModified(false);
    }

    // Saving keeps the file's own line endings and its missing last newline: an entry typed
    // into a CRLF file saves as that entry, every other byte as it was.
    void savingKeepsTheFilesLineEndings()
    {
        const QByteArray crlf = "{\r\n  \"permissions\": {\r\n    \"allow_read\": [\"/a\"]\r\n  }\r\n}";
        const QString path = m_dir.filePath(QStringLiteral("crlf.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(crlf);
        file.close();
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        PolicyEditorPanel *policy = w.policyPanel();
        QString error;
        QVERIFY2(policy->loadFile(path, &error), qPrintable(error));
        // After "/a": a new entry, typed.
        QTextCursor cursor = policy->editor()->document()->find(QStringLiteral("\"/a\""));
        QVERIFY(!cursor.isNull());
        policy->editor()->setTextCursor(cursor);
        policy->editor()->setFocus();
        QTest::keyClick(policy->editor(), Qt::Key_End);
        QTest::keyClick(policy->editor(), Qt::Key_Left);
        QTest::keyClicks(policy->editor(), QStringLiteral(", \"/b\""));
        QVERIFY2(policy->saveFile(path, &error), qPrintable(error));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray(crlf).replace("[\"/a\"]", "[\"/a\", \"/b\"]"));
        file.close();
    }
};

QTEST_MAIN(TestPolicyMinimalEdit)
#include "tst_policyminimaledit.moc"
