// Run → Secrets… (issue #25): the window's own runs get API keys the code never sees. Driven by
// real keys against the real Deno runtime and mitmproxy: the dialog checks entries as they are
// typed, a run gets the placeholder, and the value is in no widget of the window.
#include "mainwindow.h"
#include "models/runhistorymodel.h"
#include "panels/consolepanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/runhistorypanel.h"
#include "panels/runsecretsdialog.h"
#include "panels/scripteditorpanel.h"
#include "panels/codeeditor.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Sandbench;
using namespace Qt::StringLiterals;

namespace {

constexpr char kValue[] = "sk-gui-7a6b5c4d3e2f-VALUE";
constexpr char kFileValue[] = "sk-file-1f2e3d4c5b6a-VALUE";

bool showAt1280(MainWindow &window)
{
    window.resize(1280, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    QApplication::setActiveWindow(&window);
    return true;
}

// F5 in the script editor, as a person presses it; true once run `row` has ended.
bool runByF5(MainWindow &window, int row)
{
    RunHistoryModel *history = window.historyPanel()->model();
    QApplication::setActiveWindow(&window);
    window.showPanel(window.scriptPanel());
    window.scriptPanel()->editor()->setFocus();
    QTest::keyClick(window.scriptPanel()->editor(), Qt::Key_F5);
    return QTest::qWaitFor([&] { return history->rowCount() == row + 1 && !history->run(row).running && !window.workbench()->isRunning(); }, 90000);
}

RunSecretsDialog *openDialogByKeys(MainWindow *window)
{
    QTest::keyClick(window, Qt::Key_K, Qt::ControlModifier | Qt::AltModifier);
    RunSecretsDialog *dialog = nullptr;
    const bool shown = QTest::qWaitFor([&] { return (dialog = window->findChild<RunSecretsDialog *>()) && dialog->isVisible(); }, 5000);
    return shown ? dialog : nullptr;
}

// Every text a person could read in the window and its dialogs.
QStringList everyText(QWidget *root)
{
    QStringList out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        out << w->toolTip() << w->windowTitle();
        if (auto *l = qobject_cast<QLabel *>(w))
            out << l->text();
        if (auto *e = qobject_cast<QLineEdit *>(w))
            out << e->text();
        if (auto *p = qobject_cast<QPlainTextEdit *>(w))
            out << p->toPlainText();
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            out << b->text();
        if (auto *v = qobject_cast<QAbstractItemView *>(w); v && v->model()) {
            for (int r = 0; r < v->model()->rowCount(); ++r) {
                for (int c = 0; c < v->model()->columnCount(); ++c) {
                    const QModelIndex i = v->model()->index(r, c);
                    out << i.data().toString() << i.data(Qt::ToolTipRole).toString();
                }
            }
        }
    }
    for (QAction *a : root->findChildren<QAction *>())
        out << a->text() << a->toolTip();
    return out;
}

} // namespace

class TestRunSecrets : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"SandbenchTest"_s);
        QCoreApplication::setApplicationName(u"tst_runsecrets"_s);
        QSettings().clear();
        qputenv("SB_GUI_KEY", kValue);
        qunsetenv("SB_GUI_MISSING");
    }

    void dialogChecksAsTypedAndRunsSeePlaceholders()
    {
        MainWindow window;
        QVERIFY(showAt1280(window));

        // ---- typed wrong, then right: the problem names the entry, OK waits for a good list
        RunSecretsDialog *dialog = openDialogByKeys(&window);
        QVERIFY(dialog);
        QVERIFY(dialog->field()->hasFocus() || (dialog->field()->setFocus(), true));
        QTest::keyClicks(dialog->field(), u"SB_GUI_MISSING@localhost"_s);
        QVERIFY(!dialog->okButton()->isEnabled());
        QVERIFY2(dialog->problemLabel()->text().contains(u"SB_GUI_MISSING"_s), qPrintable(dialog->problemLabel()->text()));
        dialog->field()->clear();
        QTest::keyClicks(dialog->field(), u"DENO_AUTH_TOKENS@localhost"_s);
        QVERIFY(!dialog->okButton()->isEnabled());
        dialog->field()->clear();
        QTest::keyClicks(dialog->field(), u"SB_GUI_KEY@api.example"_s);
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->problemLabel()->text()));
        QVERIFY(dialog->problemLabel()->isHidden());
        QVERIFY(!everyText(dialog).join(u'\n').contains(QLatin1String(kValue)));
        QTest::keyClick(dialog->field(), Qt::Key_Return);
        QTRY_VERIFY(!window.findChild<RunSecretsDialog *>());
        QVERIFY2(window.runSecretsAction()->toolTip().contains(u"SB_GUI_KEY"_s), qPrintable(window.runSecretsAction()->toolTip()));

        // ---- a run: the code reads its variable (the secret's own, without allow_env) and
        // sees the placeholder
        window.scriptPanel()->setCode(u"console.log('seen=' + Deno.env.get('SB_GUI_KEY'));\n"_s);
        RunHistoryModel *history = window.historyPanel()->model();
        QVERIFY2(runByF5(window, 0), qPrintable(u"rows %1, status \"%2\""_s.arg(history->rowCount()).arg(window.statusBar()->currentMessage())));
        const RunRecord &run = history->run(0);
        QVERIFY2(run.result, qPrintable(run.error ? run.error->message : QString()));
        QVERIFY2(QString::fromUtf8(run.result->stdoutData).contains(u"seen=sandbench-secret-SB_GUI_KEY-"_s), run.result->stdoutData.constData());
        // The console shows it as it came (its chunks arrive on their own).
        QTRY_VERIFY2_WITH_TIMEOUT(window.consolePanel()->text().contains(u"seen=sandbench-secret-SB_GUI_KEY-"_s),
                                  qPrintable(window.consolePanel()->text()), 10000);
        // By name in the history, never by value anywhere.
        const QString tip = history->index(0, int(RunHistoryModel::Column::Title)).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"SB_GUI_KEY for api.example"_s), qPrintable(tip));
        QTRY_VERIFY_WITH_TIMEOUT(window.workbench()->sessionsInProgress() == 0, 30000);
        const QString all = everyText(&window).join(u'\n');
        QVERIFY(!all.contains(QLatin1String(kValue)));
        QVERIFY(!QString::fromUtf8(run.result->stdoutData + run.result->stderrData).contains(QLatin1String(kValue)));

        // ---- emptied: the next run gets none
        dialog = openDialogByKeys(&window);
        QVERIFY(dialog);
        QCOMPARE(dialog->field()->text(), u"SB_GUI_KEY@api.example"_s);
        dialog->field()->clear();
        QVERIFY(dialog->okButton()->isEnabled());
        QTest::keyClick(dialog->field(), Qt::Key_Return);
        QTRY_VERIFY(!window.findChild<RunSecretsDialog *>());
        QVERIFY(runByF5(window, 1));
        QVERIFY(history->run(1).secrets.isEmpty());
        // Without the secret its name is a variable like any other: the policy denies it.
        QTRY_VERIFY2_WITH_TIMEOUT(window.consolePanel()->text().contains(u"\"SB_GUI_KEY\" is not allowed"_s), qPrintable(window.consolePanel()->text()), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.workbench()->sessionsInProgress() == 0, 30000);
        window.scriptPanel()->editor()->document()->setModified(false);
        window.policyPanel()->editor()->document()->setModified(false);
    }

    // A secret the policy in the editor also gives the code as a variable: refused as typed,
    // naming it, since the code would see the policy's value instead.
    void aNameThePolicyGivesIsRefusedAsTyped()
    {
        MainWindow window;
        QVERIFY(showAt1280(window));
        window.policyPanel()->editor()->setPlainText(u"{\"sandbox\": true, \"options\": {\"env\": {\"SB_GUI_KEY\": \"visible\"}}}"_s);
        RunSecretsDialog *dialog = openDialogByKeys(&window);
        QVERIFY(dialog);
        QTest::keyClicks(dialog->field(), u"SB_GUI_KEY@api.example"_s);
        QVERIFY(!dialog->okButton()->isEnabled());
        const QString problem = dialog->problemLabel()->text();
        QVERIFY2(problem.contains(u"SB_GUI_KEY"_s) && problem.contains(u"policy's env"_s), qPrintable(problem));
        dialog->reject();
        QTRY_VERIFY(!window.findChild<RunSecretsDialog *>());
        window.policyPanel()->editor()->document()->setModified(false);
    }

    // NAME@HOST=file:PATH: checked as typed without reading; read when OK is pressed, off the
    // window's thread, a regular file only: a FIFO nobody writes is refused, not waited on.
    void fileValuesAreReadWhenConfirmed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString keyFile = dir.filePath(u"key"_s);
        {
            QFile f(keyFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(kFileValue) + "\n");
        }
        const QString fifo = dir.filePath(u"fifo"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);

        MainWindow window;
        QVERIFY(showAt1280(window));
        RunSecretsDialog *dialog = openDialogByKeys(&window);
        QVERIFY(dialog);
        dialog->field()->setFocus();
        QTest::keyClicks(dialog->field(), u"SB_FILE_KEY@api.example=file:key"_s);
        QVERIFY(!dialog->okButton()->isEnabled());
        QVERIFY2(dialog->problemLabel()->text().contains(u"absolute"_s), qPrintable(dialog->problemLabel()->text()));
        dialog->field()->clear();
        QTest::keyClicks(dialog->field(), u"SB_FILE_KEY@api.example=file:"_s + fifo);
        QVERIFY(dialog->okButton()->isEnabled());
        QTest::keyClick(dialog->field(), Qt::Key_Return);
        QTRY_VERIFY2(dialog->problemLabel()->text().contains(u"not a regular file"_s), qPrintable(dialog->problemLabel()->text()));
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->okButton()->isEnabled());
        dialog->field()->clear();
        QTest::keyClicks(dialog->field(), u"SB_FILE_KEY@api.example=file:"_s + keyFile);
        QTest::keyClick(dialog->field(), Qt::Key_Return);
        QTRY_VERIFY(!window.findChild<RunSecretsDialog *>());

        window.scriptPanel()->setCode(u"console.log('seen=' + Deno.env.get('SB_FILE_KEY'));\n"_s);
        RunHistoryModel *history = window.historyPanel()->model();
        QVERIFY(runByF5(window, 0));
        const RunRecord &run = history->run(0);
        QVERIFY2(run.result, qPrintable(run.error ? run.error->message : QString()));
        QVERIFY2(QString::fromUtf8(run.result->stdoutData).contains(u"seen=sandbench-secret-SB_FILE_KEY-"_s), run.result->stdoutData.constData());
        QTRY_VERIFY_WITH_TIMEOUT(window.workbench()->sessionsInProgress() == 0, 30000);
        QVERIFY(!everyText(&window).join(u'\n').contains(QLatin1String(kFileValue)));
        window.scriptPanel()->editor()->document()->setModified(false);
        window.policyPanel()->editor()->document()->setModified(false);
    }
};

QTEST_MAIN(TestRunSecrets)
#include "tst_runsecrets.moc"
