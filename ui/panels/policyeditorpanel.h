#pragma once

#include "audit/auditevent.h"
#include "policy/policy.h"
#include "policy/policydiff.h"
#include "policy/policylint.h"

#include <optional>

#include <QWidget>

class QFrame;
class QLabel;
class QPushButton;
class QSplitter;
class QTimer;
class QToolButton;

namespace Sandbench {

class CodeEditor;
class PolicyForm;

// The policy as JSON text and as a form, kept in step both ways. The text is the truth: form
// edits rewrite it (as one undoable edit), and text edits (typing, undo, redo) are parsed after
// a short pause and shown in the form. While the text does not parse, the form is read-only
// with a banner saying why and where, so it never rewrites (and so drops) text it could not
// read; the error is also marked at its line and column.
class PolicyEditorPanel : public QWidget
{
    Q_OBJECT
public:
    explicit PolicyEditorPanel(QWidget *parent = nullptr);

    CodeEditor *editor() const { return m_editor; }
    PolicyForm *form() const { return m_form; }
    QLabel *statusLabel() const { return m_status; }
    QFrame *errorBanner() const { return m_banner; }
    QLabel *errorBannerLabel() const { return m_bannerText; }
    QPushButton *goToErrorButton() const { return m_goToError; }
    // Where the error is (1-based); line 0 while the text is valid.
    int errorLine() const { return m_errorLine; }
    int errorColumn() const { return m_errorColumn; }
    // Moves the text cursor to the error and focuses the text.
    void goToError();

    // The last policy that parsed; isValid() says whether the text is that policy right now.
    Policy policy() const { return m_policy; }
    bool isValid() const { return m_valid; }
    QString errorText() const { return m_error; }
    // Changes the text into `policy` by minimal edits (editPolicyText: only the entries that
    // differ, everything else byte for byte as written; one undoable step). False, with the
    // text left alone and the reason in the status line, when the text does not parse.
    bool setPolicy(const Policy &policy, QString *error = nullptr);
    // Puts `edited` in place of `base` (an edit made from the text, as "Allow this" previews
    // it), changing only the bytes that differ; false when the text is no longer `base`.
    bool applyEdit(const QString &base, const QString &edited);
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
    // Asks first (Replace, Merge, Cancel) when the text holds work a replace would lose: it
    // is modified, or it is a file's non-empty text. False when cancelled or unknown.
    bool applyTemplate(const QString &name);
    enum class TemplateAction { Replace, Merge, Cancel };

    void undo();
    void redo();

    // Lint findings of the text, marked beside its lines and the form's entries a pause after
    // the text last changed (lintNow: at once, for tests).
    QList<LintFinding> lintFindings() const { return m_lint; }
    void lintNow();
    // The decisions of a run (or an opened log): each grant that allowed nothing is marked
    // "unused in this run", each denial beside the list whose entry would allow it. An empty
    // list removes the marks.
    void setAuditEvidence(const QList<AuditEvent> &events);
    std::optional<PolicyUsage> usage() const { return m_usage; }
    QString marksSummary() const { return m_marksSummary; }

signals:
    void policyChanged(const Sandbench::Policy &policy);
    void validityChanged(bool valid);
    void modificationChanged(bool modified);
    void fileChanged(const QString &path);

protected:
    void changeEvent(QEvent *event) override;

private:
    void colourBanner();
    TemplateAction askTemplateAction(const QString &name, bool canMerge);
    void onFormChanged();
    void parseText();
    void replaceText(const QString &text);
    void updateMarks();
    void showValidStatus();

    CodeEditor *m_editor;
    PolicyForm *m_form;
    QLabel *m_status;
    QFrame *m_banner;
    QLabel *m_bannerText;
    QPushButton *m_goToError;
    int m_errorLine = 0;
    int m_errorColumn = 0;
    // The text as last parsed: when the text differs (typing, undo, not yet read after the
    // pause), the form is behind it and must not write.
    QString m_parsedText;
    QTimer *m_debounce;
    QTimer *m_lintTimer;
    QList<LintFinding> m_lint;
    QList<AuditEvent> m_evidence;
    std::optional<PolicyUsage> m_usage;
    QString m_marksSummary;
    Policy m_policy;
    bool m_valid = true;
    QString m_error;
    QString m_filePath;
    bool m_crlf = false;         // the opened file's line ending, kept on save
    bool m_finalNewline = true; // whether the opened file ended with one
    bool m_writingText = false;
};

} // namespace Sandbench
