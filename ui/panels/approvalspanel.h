#pragma once

#include <QHash>
#include <QJsonObject>
#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace Sandbench {

class ApprovalWatcher;

// The calls local agent servers hold for a person (sandbench-cli mcp --approve), from every
// server at once, oldest first. Keyboard first, on the list (no Alt mnemonics: docked, they
// would clash with the menus'): A approves the selected call, R
// asks for a reason and refuses it (Enter sends), E edits its arguments (Ctrl+Enter approves
// the edit, Escape drops it), F approves a run's held permission check for the rest of that run,
// N goes to the next call. Arguments come from an agent: shown as
// plain text with hidden characters made visible, never as markup.
class ApprovalsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ApprovalsPanel(QWidget *parent = nullptr);

    // The watcher the Workbench gives (Workbench::approvalWatcher), started here.
    void setWatcher(ApprovalWatcher *watcher);
    int pendingCount() const;
    QString selectedId() const;
    // A server's decision word (approve, edit, refuse, end) in the user's language.
    static QString decisionText(const QString &decision);
    // Each argument an edit changes, as "key: old → new" (values as compact JSON, cut short).
    static QStringList changes(const QJsonObject &asked, const QJsonObject &edited);

public slots:
    void approveSelected();
    // A run's held permission check only (its "scopes" hold "run"): the same kind and resource
    // are allowed for the rest of that run without asking again.
    void approveSelectedForRun();
    void refuseSelected();
    void editSelected();
    void next();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    void showSelected();
    void sendEdit();
    void cancelEdit();
    void showChanges();
    QJsonObject selected() const;

    QPointer<ApprovalWatcher> m_watcher; // the Workbench's: it may go first when the window closes
    QListWidget *m_list;
    QPlainTextEdit *m_arguments;
    QLineEdit *m_reason;
    QLabel *m_status;
    QLabel *m_heldBy;
    QLabel *m_changes;
    QPushButton *m_approve;
    QPushButton *m_approveForRun;
    QPushButton *m_refuse;
    QPushButton *m_edit;
    bool m_editing = false;
    QHash<QString, QString> m_editChanges; // id -> what the edit sent changes, until the reply
    QStringList m_askedForRun; // answered "for this run", until the server's reply says how it went
    bool m_unwatched = false; // the watcher could not start: its error stays shown
};

} // namespace Sandbench
