#pragma once

#include "sandbox/sandbox.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QTabWidget;

namespace Sandbench {

class ElidedLabel;
class Sandbox;
class SandboxExecWidget;
class SandboxFilesWidget;
class SandboxListModel;
class SandboxPool;
struct SandboxOptions;

// Every live sandbox of a pool with its remaining lifetime counting down, and for the selected
// one a command box with live output and a file browser. New… asks for the options (bounded by
// the pool) and creates; Release ends the selected sandbox; Extend… gives it more time, up to
// the pool's maxLifetimeMs; Pause freezes its processes and the same button, then reading
// Resume, thaws them (the row's state says which; one button, so the status keeps its room). Every action runs on the engine asynchronously: the panel never waits for it.
//
// The main window shows the selected sandbox's desktop and ports when asked: connect
// desktopRequested and portPreviewRequested.
class SandboxesPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SandboxesPanel(SandboxPool *pool, QWidget *parent = nullptr);

    SandboxListModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    SandboxExecWidget *execWidget() const { return m_exec; }
    SandboxFilesWidget *filesWidget() const { return m_files; }
    Sandbox *currentSandbox() const { return m_current; }
    QString status() const;
    // The status line: elided to its width, the whole text in its tooltip.
    ElidedLabel *statusLabel() const { return m_status; }

    // What New… does once the dialog is accepted.
    void createSandbox(const SandboxOptions &options);
    void releaseCurrent();
    // More life for the current sandbox, within the pool's maximum; the status says how it went.
    void extendCurrent(qint64 byMs);
    // Freezes or thaws the current sandbox; the status says how it went.
    void pauseCurrent();
    void resumeCurrent();
    void select(Sandbox *sandbox);
    // "Allow this" on a sandbox's denied connections: the next New… opens with network allow
    // and `allowList` plus `hosts` (remembered until changed again).
    void allowForNextCreate(const QStringList &allowList, const QStringList &hosts);
    QStringList nextAllowList() const { return m_nextAllow; }

signals:
    void currentSandboxChanged(Sandbench::Sandbox *sandbox);
    void sandboxCreated(Sandbench::Sandbox *sandbox);
    void desktopRequested(Sandbench::Sandbox *sandbox);
    void portPreviewRequested(Sandbench::Sandbox *sandbox, int port);

private:
    void onCurrentChanged();
    void updateActions();
    static qint64 extendableMs(const Sandbox *sandbox);
    void setStatus(const QString &text, bool error = false);
    void setCurrentPaused(bool paused);

    QPointer<SandboxPool> m_pool;
    SandboxListModel *m_model;
    QTableView *m_view;
    QTabWidget *m_tabs;
    SandboxExecWidget *m_exec;
    SandboxFilesWidget *m_files;
    QPushButton *m_create;
    QPushButton *m_release;
    QPushButton *m_extend;
    QPushButton *m_pause; // Pause, or Resume for a paused sandbox
    bool m_pauseBusy = false; // a pause or resume of the current sandbox under way
    QPushButton *m_desktop;
    QPushButton *m_preview;
    ElidedLabel *m_status;
    QPointer<Sandbox> m_current;
    QStringList m_nextAllow;
};

} // namespace Sandbench
