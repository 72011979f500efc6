#pragma once

#include "sandbox/sandboxtypes.h"

#include "sandbox/sandbox.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace Sandbench {

class Sandbox;

// Browses one sandbox's files: a folder's entries (double-click goes in), open a file into the
// editor and save it back, upload a local file into the folder, download or delete entries.
// Every call is an operation; the widget never waits, and says what it is doing in its status.
// Delete (the button or the Delete key) asks first, naming what goes; so does an upload over an
// existing name. The answer stays in the status line until the next action.
class SandboxFilesWidget : public QWidget
{
    Q_OBJECT
public:
    explicit SandboxFilesWidget(QWidget *parent = nullptr);
    // Rows of the file list shown at the least.
    static constexpr int minimumRows = 6;

    void setSandbox(Sandbox *sandbox);
    QString folder() const { return m_folder; }
    void setFolder(const QString &folder);
    void refresh();

    // What the buttons do, without the file dialogs.
    void openFile(const QString &name);
    void saveOpened();
    void upload(const QString &name, const QByteArray &bytes);
    // A local file into the folder, read off the GUI thread by the CLI's bounded reader (a
    // FIFO, a device or a folder is refused, so is a file over the pool's maxFileBytes);
    // idle() follows either way.
    void uploadLocal(const QString &localPath);
    // Deletes without asking (folders with everything in them); what the Delete button does
    // once the user said yes.
    void remove(const QString &name);
    void remove(const QStringList &names);
    // What the Delete button and key do: asks about the selected entries, then removes them.
    void deleteSelected();

    QStringList entryNames() const;
    QString openedPath() const { return m_opened; }
    QPlainTextEdit *editor() const { return m_editor; }
    QString status() const;

signals:
    // After a listing, open, save, upload or delete finished (ok or not).
    void idle();

private:
    QString pathOf(const QString &name) const;
    QString selectedName() const;
    QStringList selectedNames() const;
    bool isFolder(const QString &name) const;
    bool confirmDelete(const QStringList &names);
    void removeNext(QStringList names, QStringList done, QStringList failed);
    // A new listing that leaves `message` in the status line (empty: the entry count).
    void relist(const QString &message = {});
    void setStatus(const QString &text, bool error = false);
    void showListing(const QList<FileEntry> &entries);
    void download(const QString &name);

    QPointer<Sandbox> m_sandbox;
    QString m_folder;
    QString m_opened;
    QLineEdit *m_path;
    QTreeWidget *m_entries;
    QPlainTextEdit *m_editor;
    QPushButton *m_save;
    QLabel *m_status;
};

} // namespace Sandbench
