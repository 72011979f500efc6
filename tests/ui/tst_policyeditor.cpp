#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/policyform.h"
#include "panels/stringlistedit.h"
#include "policy/policyfile.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextBlock>
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

private:
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
    QVERIFY(m_panel->applyTemplate(QStringLiteral("deny-everything")));
    QVERIFY(m_panel->isValid());
    const Policy p = m_panel->policy();
    QVERIFY(p.sandbox && p.permissions.denyFs && p.permissions.denyNet && p.permissions.denyEnv
            && p.permissions.denyRun);
    QVERIFY(m_panel->applyTemplate(QStringLiteral("one-host")));
    QCOMPARE(m_panel->policy().permissions.allowNet, QStringList{QStringLiteral("api.example.com:443")});
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

QTEST_MAIN(TestPolicyEditor)
#include "tst_policyeditor.moc"
