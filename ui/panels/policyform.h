#pragma once

#include "policy/policy.h"

#include <QIcon>
#include <QWidget>

class QCheckBox;
class QLineEdit;
class QSpinBox;
class QTabWidget;

namespace Sandbench {

class StringListEdit;

// The policy as a form: the switches, a list per allow kind, and the run options. policy()
// reads the widgets over the policy last set (so options without a field are kept),
// setPolicy() fills them without emitting.
class PolicyForm : public QWidget
{
    Q_OBJECT
public:
    enum class ListKind { Read, Write, Net, Env, Run, Listen, ReadOnlyDirs, Packages, EnvValues, AskRead, AskWrite, AskNet, AskEnv, AskRun };

    explicit PolicyForm(QWidget *parent = nullptr);

    Policy policy() const;
    void setPolicy(const Policy &policy);

    StringListEdit *list(ListKind kind) const;

    // Notes beside the form's entries, by JSON Pointer ("/permissions/allow_read/1", "/sandbox",
    // "/options/env/HOME"): an icon and a tool tip on the list row or switch. Replaces the last set.
    struct EntryMark
    {
        QString pointer;
        QIcon icon;
        QString message;
    };
    void setEntryMarks(const QList<EntryMark> &marks);
    // The tool tip of the entry a pointer names; empty when it has no mark (for tests).
    QString entryMarkText(const QString &pointer) const;
    QCheckBox *sandboxBox() const { return m_sandbox; }
    QCheckBox *denyFsBox() const { return m_denyFs; }
    QCheckBox *denyNetBox() const { return m_denyNet; }
    QSpinBox *timeoutBox() const { return m_timeout; }
    QLineEdit *seedEdit() const { return m_seed; }
    QLineEdit *freezeTimeEdit() const { return m_freezeTime; }

signals:
    void changed();

private:
    QWidget *buildPermissionsPage();
    QWidget *buildLimitsPage();
    QWidget *buildEnvironmentPage();
    void emitChanged();
    QCheckBox *switchFor(const QString &pointer) const;
    StringListEdit *listFor(const QString &pointer, int *index) const;

    QTabWidget *m_tabs;
    QCheckBox *m_sandbox;
    QCheckBox *m_denyFs;
    QCheckBox *m_denyNet;
    QCheckBox *m_denyEnv;
    QCheckBox *m_denyRun;
    QList<StringListEdit *> m_lists;
    QSpinBox *m_timeout;
    QSpinBox *m_memory;
    QSpinBox *m_outputCap;
    QLineEdit *m_seed;
    QLineEdit *m_freezeTime;
    QLineEdit *m_workdir;
    Policy m_shown; // the policy last set, for the parts the form has no field for
    bool m_updating = false;
};

} // namespace Sandbench
