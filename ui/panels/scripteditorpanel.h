#pragma once

#include <QStringList>
#include <QWidget>

namespace Sandbench {

class CodeEditor;

// The script being worked on: a JavaScript/TypeScript editor with a file behind it (or none
// yet), the recent-files list, and files dropped onto it.
class ScriptEditorPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ScriptEditorPanel(QWidget *parent = nullptr);

    CodeEditor *editor() const { return m_editor; }
    QString code() const;
    void setCode(const QString &code, const QString &fileNameForSyntax = {});
    QString filePath() const { return m_filePath; }
    // The file's name; without a file, the name setUntitled gave (an example's), else "untitled".
    // The window title and each run's Script column show it.
    QString displayName() const;
    // Text with no file behind it (New Script, an example): Save asks where, starting from
    // `suggestedFileName`; `name` is what the script is called until then.
    void setUntitled(const QString &code, const QString &name = {}, const QString &suggestedFileName = {});
    bool isModified() const;

    bool openFile(const QString &path, QString *error = nullptr);
    bool saveFile(const QString &path, QString *error = nullptr);
    QStringList recentFiles() const;

    // Interactive versions with dialogs; false when the user cancels or it failed.
    bool open();
    bool save();
    bool saveAs();
    // Asks what to do with unsaved changes; false means "don't go on".
    bool maybeSave();

signals:
    void fileChanged(const QString &path);
    void modificationChanged(bool modified);
    void recentFilesChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void addRecent(const QString &path);

    CodeEditor *m_editor;
    QString m_filePath;
    QString m_untitledName;
    QString m_suggestedFileName;
};

} // namespace Sandbench
