#pragma once

#include "policy/policy.h"

#include <QWidget>

class QLabel;
class QSplitter;
class QTimer;
class QToolButton;

namespace Sandbench {

class CodeEditor;
class PolicyForm;

// The policy as JSON text and as a form, kept in step both ways. The text is the truth: form
// edits rewrite it (as one undoable edit), and text edits are parsed after a short pause and
// shown in the form. While the text does not parse, the form keeps the last good policy and
// the error is marked at its line and column.
class PolicyEditorPanel : public QWidget
{
    Q_OBJECT
public:
    explicit PolicyEditorPanel(QWidget *parent = nullptr);

    CodeEditor *editor() const { return m_editor; }
    PolicyForm *form() const { return m_form; }
    QLabel *statusLabel() const { return m_status; }

    // The last policy that parsed; isValid() says whether the text is that policy right now.
    Policy policy() const { return m_policy; }
    bool isValid() const { return m_valid; }
    QString errorText() const { return m_error; }
    // Replaces the text with `policy` (undoable).
    void setPolicy(const Policy &policy);
    QString text() const;
    void setText(const QString &text);
    // Parses now instead of after the pause (before a run, in tests).
    void validateNow();

    QString filePath() const { return m_filePath; }
    // The folder relative paths of the policy resolve against.
    QString baseDir() const;
    bool isModified() const;
    bool loadFile(const QString &path, QString *error = nullptr);
    bool saveFile(const QString &path, QString *error = nullptr);
    bool open();
    bool save();
    bool saveAs();
    bool maybeSave();

    // Templates shipped in resources: "deny-everything", "read-only-workdir", "one-host".
    static QStringList templateNames();
    static QString templateTitle(const QString &name);
    bool applyTemplate(const QString &name);

    void undo();
    void redo();

signals:
    void policyChanged(const Sandbench::Policy &policy);
    void validityChanged(bool valid);
    void modificationChanged(bool modified);
    void fileChanged(const QString &path);

private:
    void onFormChanged();
    void parseText();
    void replaceText(const QString &text);

    CodeEditor *m_editor;
    PolicyForm *m_form;
    QLabel *m_status;
    QTimer *m_debounce;
    Policy m_policy;
    bool m_valid = true;
    QString m_error;
    QString m_filePath;
    bool m_writingText = false;
};

} // namespace Sandbench
