#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/policyform.h"
#include "panels/stringlistedit.h"
#include "policy/policyfile.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFrame>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QElapsedTimer>
#include <QTest>

using namespace Sandbench;

class TestPolicyEditor : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void formEditsRewriteTheText();
    void textEditsReachTheFormAfterAPause();
    void invalidJsonIsMarkedAtLineAndColumn();
    void semanticErrorsAreMarkedToo();
    void undoAndRedoCoverFormEdits();
    void templatesReplaceThePolicy();
    void saveAndLoadRoundTrip();
    void formIsLockedWhileTheTextDoesNotParse();
    void aFormClickNeverOverwritesUnreadTyping();
    void undoKeepsFormAndTextInStep();
    void bannerGoesToTheRealFault_data();
    void bannerGoesToTheRealFault();
    void plusAddsARowOnlyInTheForm();
    void emptiedRowLeavesThePolicy();
    void templateAsksBeforeReplacing();
    void lintMarksFollowTyping();
    void usageMarksUnusedGrantsAndDenials();
    void askListsAreInTheForm();

private:
    // Clicks the button `buttonName` of the next modal dialog, from the event loop the dialog
    // runs; polls (bounded) because exec() starts after the caller's call returns here.
    void answerNextDialog(const QString &buttonName);
    void typeAtEnd(const QString &text);
    std::unique_ptr<PolicyEditorPanel> m_panel;
};

void TestPolicyEditor::init()
{
    m_panel = std::make_unique<PolicyEditorPanel>();
    m_panel->resize(900, 600);
    m_panel->show();
}

void TestPolicyEditor::formEditsRewriteTheText()
{
    PolicyForm *form = m_panel->form();
    QSignalSpy changed(m_panel.get(), &PolicyEditorPanel::policyChanged);
    form->list(PolicyForm::ListKind::Read)->addValue(QStringLiteral("/srv/data"));
    form->denyFsBox()->setChecked(true);
    form->timeoutBox()->setValue(5000);
    QTest::keyClicks(form->seedEdit(), QStringLiteral("42"));
    QVERIFY(changed.size() >= 4);

    const auto parsed = parsePolicy(m_panel->text().toUtf8(), QStringLiteral("t"));
    QVERIFY(parsed);
    QCOMPARE(parsed->permissions.allowRead, QStringList{QStringLiteral("/srv/data")});
    QVERIFY(parsed->permissions.denyFs);
    QCOMPARE(parsed->timeoutMs, 5000);
    QCOMPARE(parsed->seed, 42u);
    QCOMPARE(m_panel->policy(), *parsed);
    QVERIFY(m_panel->isModified());
}

void TestPolicyEditor::textEditsReachTheFormAfterAPause()
{
    Policy policy;
    policy.sandbox = true;
    policy.permissions.allowNet = {QStringLiteral("api.example.com:443")};
    policy.freezeTimeMs = 1767225600000;
    const QString text = QString::fromUtf8(policyToJson(policy));
    // Typed, not set: the debounce path, as a person would edit.
    m_panel->editor()->selectAll();
    m_panel->editor()->insertPlainText(text);
    QVERIFY(m_panel->form()->list(PolicyForm::ListKind::Net)->values().isEmpty()); // not yet
    QTRY_COMPARE(m_panel->form()->list(PolicyForm::ListKind::Net)->values(),
                 QStringList{QStringLiteral("api.example.com:443")});
    QCOMPARE(m_panel->form()->freezeTimeEdit()->text(), QStringLiteral("2026-01-01T00:00:00.000Z"));
    QVERIFY(m_panel->form()->sandboxBox()->isChecked());
    QCOMPARE(m_panel->policy(), policy);
}

void TestPolicyEditor::invalidJsonIsMarkedAtLineAndColumn()
{
    QSignalSpy validity(m_panel.get(), &PolicyEditorPanel::validityChanged);
    const Policy before = m_panel->policy();
    m_panel->setText(QStringLiteral("{\n  \"sandbox\": true,\n  \"permissions\": {\n    \"allow_read\": [\"/a\" \"/b\"]\n  }\n}\n"));
    QVERIFY(!m_panel->isValid());
    QCOMPARE(validity.size(), 1);
    QVERIFY(m_panel->editor()->hasErrorMarker());
    QCOMPARE(m_panel->editor()->errorLine(), 4);
    const QString status = m_panel->statusLabel()->text();
    QVERIFY2(status.startsWith(QStringLiteral("Line 4, column ")), qPrintable(status));
    QVERIFY2(m_panel->errorText().contains(QStringLiteral("policy.json:4:")), qPrintable(m_panel->errorText()));
    // The marker is a real underline in the text.
    bool underlined = false;
    for (const QTextEdit::ExtraSelection &s : m_panel->editor()->extraSelections())
        underlined |= s.format.underlineStyle() == QTextCharFormat::WaveUnderline
                      && s.cursor.block().blockNumber() == 3;
    QVERIFY(underlined);
    // The form keeps the last good policy.
    QCOMPARE(m_panel->policy(), before);
    m_panel->setText(QString::fromUtf8(policyToJson(before)));
    QVERIFY(m_panel->isValid());
    QVERIFY(!m_panel->editor()->hasErrorMarker());
}

void TestPolicyEditor::semanticErrorsAreMarkedToo()
{
    m_panel->setText(QStringLiteral("{\n  \"sandbox\": true,\n  \"permissions\": {\n    \"alow_read\": []\n  }\n}\n"));
    QVERIFY(!m_panel->isValid());
    QCOMPARE(m_panel->editor()->errorLine(), 4);
    QVERIFY(m_panel->statusLabel()->text().contains(QStringLiteral("alow_read")));
    m_panel->setText(QStringLiteral("{\"options\": {\"timeout_ms\": \"soon\"}}"));
    QVERIFY(!m_panel->isValid());
    QVERIFY(m_panel->statusLabel()->text().contains(QStringLiteral("timeout_ms")));
}

void TestPolicyEditor::undoAndRedoCoverFormEdits()
{
    const Policy original = m_panel->policy();
    m_panel->form()->list(PolicyForm::ListKind::Write)->addValue(QStringLiteral("/tmp/out"));
    QCOMPARE(m_panel->policy().permissions.allowWrite, QStringList{QStringLiteral("/tmp/out")});
    m_panel->undo();
    QCOMPARE(m_panel->policy(), original);
    QVERIFY(m_panel->form()->list(PolicyForm::ListKind::Write)->values().isEmpty());
    m_panel->redo();
    QCOMPARE(m_panel->form()->list(PolicyForm::ListKind::Write)->values(),
             QStringList{QStringLiteral("/tmp/out")});
}

void TestPolicyEditor::templatesReplaceThePolicy()
{
    // An unmodified new policy holds no work: replaced without a question.
    QVERIFY(m_panel->applyTemplate(QStringLiteral("deny-everything")));
    QVERIFY(m_panel->isValid());
    const Policy p = m_panel->policy();
    QVERIFY(p.sandbox && p.permissions.denyFs && p.permissions.denyNet && p.permissions.denyEnv
            && p.permissions.denyRun);
    m_panel->editor()->document()->setModified(false);
    QVERIFY(m_panel->applyTemplate(QStringLiteral("one-host")));
    QCOMPARE(m_panel->policy().permissions.allowNet, QStringList{QStringLiteral("api.example.com:443")});
    m_panel->editor()->document()->setModified(false);
    QVERIFY(m_panel->applyTemplate(QStringLiteral("read-only-workdir")));
    QCOMPARE(m_panel->policy().readOnlyDirs, QStringList{QStringLiteral(".")});
    QVERIFY(!m_panel->applyTemplate(QStringLiteral("no-such-template")));
}

void TestPolicyEditor::saveAndLoadRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("policy.json"));
    m_panel->form()->list(PolicyForm::ListKind::Env)->addValue(QStringLiteral("HOME"));
    QString error;
    QVERIFY2(m_panel->saveFile(path, &error), qPrintable(error));
    QVERIFY(!m_panel->isModified());
    const auto onDisk = readPolicyFile(path);
    QVERIFY(onDisk);
    QCOMPARE(*onDisk, m_panel->policy());

    PolicyEditorPanel other;
    QVERIFY(other.loadFile(path, &error));
    QCOMPARE(other.policy(), m_panel->policy());
    QCOMPARE(other.baseDir(), dir.path());
    QVERIFY(!other.isModified());
}

// The open row editor of a list; a closed one is hidden until it is deleted later.
static QLineEdit *rowEditor(StringListEdit *edit)
{
    for (QLineEdit *line : edit->list()->viewport()->findChildren<QLineEdit *>()) {
        if (line->isVisible())
            return line;
    }
    return nullptr;
}

void TestPolicyEditor::answerNextDialog(const QString &buttonName)
{
    auto *timer = new QTimer(this);
    auto *deadline = new QElapsedTimer;
    deadline->start();
    connect(timer, &QTimer::timeout, this, [timer, deadline, buttonName] {
        QWidget *modal = QApplication::activeModalWidget();
        if (auto *button = modal ? modal->findChild<QPushButton *>(buttonName) : nullptr) {
            QTest::mouseClick(button, Qt::LeftButton);
        } else if (deadline->elapsed() < 5000) {
            return;
        } else if (modal) {
            modal->close(); // the test then fails on what it expected the button to do
        }
        timer->stop();
        timer->deleteLater();
        delete deadline;
    });
    timer->start(10);
}

void TestPolicyEditor::typeAtEnd(const QString &text)
{
    m_panel->editor()->setFocus();
    m_panel->editor()->moveCursor(QTextCursor::End);
    QTest::keyClicks(m_panel->editor(), text);
}

// Issue #17: with the JSON invalid, a click in the form rewrote the text from the form and so
// dropped what did not parse.
void TestPolicyEditor::formIsLockedWhileTheTextDoesNotParse()
{
    const QString broken = QStringLiteral("{\n  \"sandbox\": true,\n  \"permissions\": {\n    \"allow_read\": [\"/a\"\n"
                                          "      \"/b\"],\n    \"deny_net\": true\n  }\n}\n");
    m_panel->setText(broken);
    QVERIFY(!m_panel->isValid());
    QVERIFY(!m_panel->form()->isEnabled());
    QVERIFY(m_panel->errorBanner()->isVisible());
    const QString banner = m_panel->errorBannerLabel()->text();
    QVERIFY2(banner.contains(QStringLiteral("line 4, column 24: missing comma after the value on line 4")), qPrintable(banner));
    QVERIFY2(banner.contains(QStringLiteral("read-only")), qPrintable(banner));

    // A real click on a form control does nothing to the text...
    QTest::mouseClick(m_panel->form()->denyFsBox(), Qt::LeftButton);
    QCOMPARE(m_panel->text(), broken);
    QVERIFY(!m_panel->form()->denyFsBox()->isChecked());
    // ...and neither does a change that reaches the form some other way.
    m_panel->form()->denyFsBox()->setChecked(true);
    m_panel->form()->list(PolicyForm::ListKind::Write)->addValue(QStringLiteral("/x"));
    QCOMPARE(m_panel->text(), broken);
    QVERIFY(!m_panel->form()->denyFsBox()->isChecked());
    QVERIFY(m_panel->form()->list(PolicyForm::ListKind::Write)->values().isEmpty());

    // Fixed, the form is editable again and the banner is gone.
    m_panel->setText(QString(broken).replace(QStringLiteral("\"/a\"\n"), QStringLiteral("\"/a\",\n")));
    QVERIFY(m_panel->isValid());
    QVERIFY(m_panel->form()->isEnabled());
    QVERIFY(!m_panel->errorBanner()->isVisible());
    QCOMPARE(m_panel->form()->list(PolicyForm::ListKind::Read)->values(),
             (QStringList{QStringLiteral("/a"), QStringLiteral("/b")}));
}

void TestPolicyEditor::aFormClickNeverOverwritesUnreadTyping()
{
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    const QString before = m_panel->text();
    typeAtEnd(QStringLiteral("oops"));
    const QString typed = m_panel->text();
    QCOMPARE(typed, before + QStringLiteral("oops"));
    // Within the pause, before the text is read: the form must not write over it.
    QVERIFY(m_panel->form()->isEnabled());
    m_panel->form()->denyNetBox()->setChecked(true);
    QCOMPARE(m_panel->text(), typed);
    QVERIFY(!m_panel->isValid());
    QVERIFY(!m_panel->form()->isEnabled());
    QVERIFY(!m_panel->form()->denyNetBox()->isChecked());
}

void TestPolicyEditor::undoKeepsFormAndTextInStep()
{
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    m_panel->form()->list(PolicyForm::ListKind::Write)->addValue(QStringLiteral("/tmp/out"));
    typeAtEnd(QStringLiteral("x"));
    m_panel->validateNow();
    QVERIFY(!m_panel->isValid());
    QTest::mouseClick(m_panel->form()->denyFsBox(), Qt::LeftButton); // locked: no effect
    // Undo in the text (Ctrl+Z, as a person does) twice: the typing, then the form's edit.
    for (int step = 0; step < 2; ++step) {
        QTest::keySequence(m_panel->editor(), QKeySequence::Undo);
        m_panel->validateNow();
        const auto parsed = parsePolicy(m_panel->text().toUtf8(), QStringLiteral("t"));
        QVERIFY2(parsed, qPrintable(m_panel->text()));
        QVERIFY(m_panel->isValid());
        QCOMPARE(m_panel->form()->policy(), *parsed);
        QCOMPARE(m_panel->policy(), *parsed);
    }
    QVERIFY(m_panel->form()->list(PolicyForm::ListKind::Write)->values().isEmpty());
    QVERIFY(!m_panel->form()->denyFsBox()->isChecked());
    // Redo: the form follows the text, never the other way.
    QTest::keySequence(m_panel->editor(), QKeySequence::Redo);
    QTRY_COMPARE(m_panel->form()->list(PolicyForm::ListKind::Write)->values(), QStringList{QStringLiteral("/tmp/out")});
}

void TestPolicyEditor::bannerGoesToTheRealFault_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("words");
    QTest::newRow("unclosed string")
            << QStringLiteral("{\n  \"options\": {\n    \"workdir\": \"/tmp/out,\n    \"seed\": 1\n  }\n}\n") << 3 << 16
            << QStringLiteral("unclosed string starting on line 3, column 16");
    QTest::newRow("value missing") << QStringLiteral("{\n  \"options\": {\n    \"seed\":\n  }\n}\n") << 4 << 3
                                   << QStringLiteral("unexpected '}' on line 4: a value is missing after ':'");
    QTest::newRow("trailing comma") << QStringLiteral("{\n  \"permissions\": {\n    \"allow_read\": [\"/a\",]\n  }\n}\n")
                                    << 3 << 24 << QStringLiteral("trailing comma before ']' on line 3");
    QTest::newRow("duplicate key")
            << QStringLiteral("{\n  \"permissions\": {\n    \"allow_read\": [],\n    \"allow_read\": []\n  }\n}\n") << 4 << 5
            << QStringLiteral("duplicate key \"allow_read\" on line 4 (first on line 3)");
}

void TestPolicyEditor::bannerGoesToTheRealFault()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, words);
    m_panel->setText(text);
    QCOMPARE(m_panel->errorLine(), line);
    QCOMPARE(m_panel->errorColumn(), column);
    QVERIFY2(m_panel->errorBannerLabel()->text().contains(words), qPrintable(m_panel->errorBannerLabel()->text()));
    QCOMPARE(m_panel->editor()->errorLine(), line);
    m_panel->editor()->moveCursor(QTextCursor::Start);
    QTest::mouseClick(m_panel->goToErrorButton(), Qt::LeftButton);
    const QTextCursor cursor = m_panel->editor()->textCursor();
    QCOMPARE(cursor.blockNumber() + 1, line);
    QCOMPARE(cursor.positionInBlock() + 1, column);
}

// Issue #17: "+" wrote the hint ("/path/to/read") into the policy as a path.
void TestPolicyEditor::plusAddsARowOnlyInTheForm()
{
    m_panel->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_panel.get()));
    StringListEdit *reads = m_panel->form()->list(PolicyForm::ListKind::Read);
    const QString before = m_panel->text();
    QTest::mouseClick(reads->addButton(), Qt::LeftButton);
    QCOMPARE(reads->list()->count(), 1);
    auto *editor = rowEditor(reads);
    QVERIFY(editor);
    QCOMPARE(editor->text(), QString());
    QCOMPARE(editor->placeholderText(), reads->placeholder());
    m_panel->validateNow();
    QCOMPARE(m_panel->text(), before); // nothing written while the row is empty
    QVERIFY(!m_panel->text().contains(reads->placeholder()));

    QTest::keyClicks(editor, QStringLiteral("/srv/data"));
    QCOMPARE(m_panel->text(), before); // not committed yet
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(m_panel->policy().permissions.allowRead, QStringList{QStringLiteral("/srv/data")});
    const QString committed = m_panel->text();

    // Cancelled: the row goes away and the text stays.
    QTest::mouseClick(reads->addButton(), Qt::LeftButton);
    QCOMPARE(reads->list()->count(), 2);
    editor = rowEditor(reads);
    QVERIFY(editor);
    QTest::keyClicks(editor, QStringLiteral("/half"));
    QTest::keyClick(editor, Qt::Key_Escape);
    QTRY_COMPARE(reads->list()->count(), 1);
    // Committed empty: gone as well.
    QTest::mouseClick(reads->addButton(), Qt::LeftButton);
    editor = rowEditor(reads);
    QVERIFY(editor);
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(reads->list()->count(), 1);
    m_panel->validateNow();
    QCOMPARE(m_panel->text(), committed);
}

void TestPolicyEditor::emptiedRowLeavesThePolicy()
{
    StringListEdit *writes = m_panel->form()->list(PolicyForm::ListKind::Write);
    writes->addValue(QStringLiteral("/tmp/a"));
    writes->addValue(QStringLiteral("/tmp/b"));
    QCOMPARE(m_panel->policy().permissions.allowWrite, (QStringList{QStringLiteral("/tmp/a"), QStringLiteral("/tmp/b")}));
    m_panel->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_panel.get()));
    QListWidgetItem *first = writes->list()->item(0);
    writes->list()->setCurrentItem(first);
    writes->list()->editItem(first);
    auto *editor = rowEditor(writes);
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Delete);
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(writes->list()->count(), 1);
    QCOMPARE(m_panel->policy().permissions.allowWrite, QStringList{QStringLiteral("/tmp/b")});
}

// Issue #17: a template replaced the whole policy without asking.
void TestPolicyEditor::templateAsksBeforeReplacing()
{
    m_panel->form()->list(PolicyForm::ListKind::Read)->addValue(QStringLiteral("/srv/mine"));
    QVERIFY(m_panel->isModified());
    const QString mine = m_panel->text();

    answerNextDialog(QStringLiteral("templateCancel"));
    QVERIFY(!m_panel->applyTemplate(QStringLiteral("one-host")));
    QCOMPARE(m_panel->text(), mine);

    answerNextDialog(QStringLiteral("templateMerge"));
    QVERIFY(m_panel->applyTemplate(QStringLiteral("one-host")));
    QCOMPARE(m_panel->policy().permissions.allowRead, QStringList{QStringLiteral("/srv/mine")});
    QCOMPARE(m_panel->policy().permissions.allowNet, QStringList{QStringLiteral("api.example.com:443")});
    m_panel->undo(); // a merge is one undoable edit
    QCOMPARE(m_panel->text(), mine);

    answerNextDialog(QStringLiteral("templateReplace"));
    QVERIFY(m_panel->applyTemplate(QStringLiteral("one-host")));
    QVERIFY(m_panel->policy().permissions.allowRead.isEmpty());
    QCOMPARE(m_panel->policy().permissions.allowNet, QStringList{QStringLiteral("api.example.com:443")});

    // Invalid text cannot be merged: only Replace or Cancel.
    m_panel->setText(QStringLiteral("{\"sandbox\": tru"));
    bool mergeEnabled = true;
    auto *probe = new QTimer(this);
    connect(probe, &QTimer::timeout, this, [&mergeEnabled, probe] {
        if (QWidget *modal = QApplication::activeModalWidget()) {
            if (auto *merge = modal->findChild<QPushButton *>(QStringLiteral("templateMerge"))) {
                mergeEnabled = merge->isEnabled();
                QTest::mouseClick(modal->findChild<QPushButton *>(QStringLiteral("templateCancel")), Qt::LeftButton);
                probe->stop();
            }
        }
    });
    probe->start(10);
    QVERIFY(!m_panel->applyTemplate(QStringLiteral("one-host")));
    probe->deleteLater();
    QVERIFY(!mergeEnabled);
    QCOMPARE(m_panel->text(), QStringLiteral("{\"sandbox\": tru"));
}

static QStringList markMessages(const CodeEditor *editor, int line)
{
    QStringList out;
    for (const CodeEditor::LineMark &mark : editor->lineMarks()) {
        if (mark.line == line)
            out << mark.message;
    }
    return out;
}

// Issue #16: lint findings beside the JSON lines and the form's entries as the user types.
void TestPolicyEditor::lintMarksFollowTyping()
{
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    m_panel->setText(QStringLiteral("{\n  \"sandbox\": true,\n  \"permissions\": {\n    \"allow_net\": [\"api.example.com:443\"]\n  }\n}\n"));
    m_panel->lintNow();
    QVERIFY(markMessages(m_panel->editor(), 4).isEmpty());

    // Type "*" over the host: a grant of every host.
    CodeEditor *editor = m_panel->editor();
    const int at = int(m_panel->text().indexOf(QStringLiteral("api.example.com:443")));
    QTextCursor cursor = editor->textCursor();
    cursor.setPosition(at);
    cursor.setPosition(at + 19, QTextCursor::KeepAnchor);
    editor->setTextCursor(cursor);
    editor->setFocus();
    QTest::keyClicks(editor, QStringLiteral("*"));
    QVERIFY(m_panel->text().contains(QStringLiteral("[\"*\"]")));
    QVERIFY(markMessages(editor, 4).isEmpty()); // not while typing: after the pause
    QTRY_VERIFY(markMessages(editor, 4).join(QLatin1Char('\n')).contains(QStringLiteral("allows every host")));
    QVERIFY(markMessages(editor, 4).join(QLatin1Char('\n')).contains(QStringLiteral("broad-grant")));
    // The mark is an underline in the text, and the form's row says the same with an icon.
    bool underlined = false;
    for (const QTextEdit::ExtraSelection &sel : editor->extraSelections())
        underlined |= sel.format.underlineStyle() == QTextCharFormat::WaveUnderline && sel.cursor.block().blockNumber() == 3;
    QVERIFY(underlined);
    QVERIFY(m_panel->form()->entryMarkText(QStringLiteral("/permissions/allow_net/0")).contains(QStringLiteral("allows every host")));
    QListWidgetItem *row = m_panel->form()->list(PolicyForm::ListKind::Net)->itemForValue(0);
    QVERIFY(row && !row->icon().isNull());

    // Fixed by typing: the marks go away.
    const int star = int(m_panel->text().indexOf(QStringLiteral("\"*\"")));
    cursor.setPosition(star + 1);
    cursor.setPosition(star + 2, QTextCursor::KeepAnchor);
    editor->setTextCursor(cursor);
    QTest::keyClicks(editor, QStringLiteral("api.example.com:443"));
    QTRY_VERIFY(markMessages(editor, 4).isEmpty());
    QVERIFY(m_panel->form()->entryMarkText(QStringLiteral("/permissions/allow_net/0")).isEmpty());
    row = m_panel->form()->list(PolicyForm::ListKind::Net)->itemForValue(0);
    QVERIFY(row && row->icon().isNull());
}

// Issue #16: with a run's decisions, grants it never used and denials it hit are marked.
void TestPolicyEditor::usageMarksUnusedGrantsAndDenials()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("used")) && QDir(dir.path()).mkpath(QStringLiteral("idle")));
    const QString used = dir.filePath(QStringLiteral("used"));
    const QString idle = dir.filePath(QStringLiteral("idle"));
    m_panel->setText(QStringLiteral("{\n  \"sandbox\": true,\n  \"permissions\": {\n    \"allow_read\": [\n      \"%1\",\n      \"%2\"\n    ]\n  }\n}\n")
                             .arg(used, idle));
    QVERIFY2(m_panel->isValid(), qPrintable(m_panel->errorText()));
    AuditEvent read;
    read.seq = 1;
    read.kind = QStringLiteral("read");
    read.action = QStringLiteral("read");
    read.resource = used + QStringLiteral("/data.txt");
    read.allowed = true;
    read.rule = QStringLiteral("allow_read[0]");
    AuditEvent net;
    net.seq = 2;
    net.kind = QStringLiteral("net");
    net.action = QStringLiteral("connect");
    net.resource = QStringLiteral("evil.example:443");
    net.rule = QStringLiteral("sandbox default");
    m_panel->setAuditEvidence({read, net});
    QVERIFY(m_panel->usage().has_value());

    const QString idleLine = markMessages(m_panel->editor(), 6).join(QLatin1Char('\n'));
    QVERIFY2(idleLine.contains(QStringLiteral("Unused in this run")), qPrintable(idleLine));
    QVERIFY(!markMessages(m_panel->editor(), 5).join(QLatin1Char('\n')).contains(QStringLiteral("Unused")));
    QVERIFY(m_panel->form()->entryMarkText(QStringLiteral("/permissions/allow_read/1")).contains(QStringLiteral("Unused in this run")));
    QVERIFY(m_panel->form()->entryMarkText(QStringLiteral("/permissions/allow_read/0")).isEmpty());
    // The denial stands beside "permissions" (there is no allow_net yet) and on the form's "+",
    // naming the entry that would allow it.
    QStringList all;
    for (const CodeEditor::LineMark &mark : m_panel->editor()->lineMarks())
        all << mark.message;
    const QString denial = all.filter(QStringLiteral("evil.example:443")).join(QLatin1Char('\n'));
    QVERIFY2(denial.contains(QStringLiteral("allow_net")), qPrintable(all.join(QLatin1Char('\n'))));
    QVERIFY(m_panel->form()->entryMarkText(QStringLiteral("/permissions/allow_net/-")).contains(QStringLiteral("evil.example:443")));
    QVERIFY(m_panel->statusLabel()->text().contains(QStringLiteral("1 unused grant")));

    // No evidence, no usage marks.
    m_panel->setAuditEvidence({});
    QVERIFY(!m_panel->usage().has_value());
    QVERIFY(m_panel->form()->entryMarkText(QStringLiteral("/permissions/allow_read/1")).isEmpty());
}

// The ask_* lists are shown and edited in the form like the allow lists: a reviewer sees what
// a run will hold for a person, and an entry added in the form is one line more in the text.
void TestPolicyEditor::askListsAreInTheForm()
{
    const QString text = QStringLiteral("{\n  \"sandbox\": true,\n  \"permissions\": {\n    \"ask_read\": [\"/data/a\"],\n"
                                        "    \"ask_net\": [\"api.example.com:443\"]\n  }\n}\n");
    m_panel->setText(text);
    QCOMPARE(m_panel->form()->list(PolicyForm::ListKind::AskRead)->values(), QStringList{QStringLiteral("/data/a")});
    QCOMPARE(m_panel->form()->list(PolicyForm::ListKind::AskNet)->values(), QStringList{QStringLiteral("api.example.com:443")});
    QVERIFY(m_panel->form()->list(PolicyForm::ListKind::AskRun)->values().isEmpty());
    m_panel->form()->list(PolicyForm::ListKind::AskRead)->addValue(QStringLiteral("/data/b"));
    QCOMPARE(m_panel->policy().permissions.askRead, (QStringList{QStringLiteral("/data/a"), QStringLiteral("/data/b")}));
    QCOMPARE(m_panel->text(), QString(text).replace(QStringLiteral("[\"/data/a\"]"), QStringLiteral("[\"/data/a\", \"/data/b\"]")));
    m_panel->form()->list(PolicyForm::ListKind::AskEnv)->addValue(QStringLiteral("TOKEN"));
    QCOMPARE(m_panel->policy().permissions.askEnv, QStringList{QStringLiteral("TOKEN")});
    QVERIFY(m_panel->text().contains(QStringLiteral("\"ask_env\"")));
    QVERIFY(m_panel->isValid());
}

QTEST_MAIN(TestPolicyEditor)
#include "tst_policyeditor.moc"
