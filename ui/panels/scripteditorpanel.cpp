#include "scripteditorpanel.h"

#include "common/terminaltext.h"
#include "codeeditor.h"
#include "common/boundedfile.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QSaveFile>
#include <QSettings>
#include <QVBoxLayout>

namespace Sandbench {

namespace {
constexpr int kMaxRecent = 8;
const char kRecentKey[] = "script/recentFiles";
// Scripts are small; refusing huge files keeps a mistaken drop from freezing the editor.
constexpr qint64 kMaxScriptBytes = 8 * 1024 * 1024;
} // namespace

ScriptEditorPanel::ScriptEditorPanel(QWidget *parent)
    : QWidget(parent)
    , m_editor(new CodeEditor(this))
{
    m_editor->setObjectName(QStringLiteral("scriptEditor"));
    m_editor->setSyntax(QStringLiteral("JavaScript"));
    m_editor->setPlaceholderText(tr("// Write JavaScript or TypeScript here, or drop a file."));
    m_editor->viewport()->installEventFilter(this);
    m_editor->setAcceptDrops(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_editor);
    connect(m_editor->document(), &QTextDocument::modificationChanged, this,
            &ScriptEditorPanel::modificationChanged);
}

QString ScriptEditorPanel::code() const
{
    return m_editor->toPlainText();
}

void ScriptEditorPanel::setCode(const QString &code, const QString &fileNameForSyntax)
{
    m_editor->setPlainText(code);
    if (!fileNameForSyntax.isEmpty())
        m_editor->setSyntaxForFile(fileNameForSyntax);
    m_editor->document()->setModified(false);
}

QString ScriptEditorPanel::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    return m_untitledName.isEmpty() ? tr("untitled") : m_untitledName;
}

void ScriptEditorPanel::setUntitled(const QString &code, const QString &name, const QString &suggestedFileName)
{
    // A new text must not keep the old file behind it: Save would write it over that file.
    m_filePath.clear();
    m_untitledName = name;
    m_suggestedFileName = suggestedFileName;
    setCode(code, suggestedFileName);
    emit fileChanged({});
}

bool ScriptEditorPanel::isModified() const
{
    return m_editor->document()->isModified();
}

bool ScriptEditorPanel::openFile(const QString &path, QString *error)
{
    // The CLI's reader: a FIFO, a device or a folder is refused on the opened descriptor at once
    // (a FIFO's open does not wait for a writer), a file past the cap is not read.
    const auto bytes = readRegularFile(path, kMaxScriptBytes, tr("the script"));
    if (!bytes) {
        if (error)
            *error = bytes.error().message;
        return false;
    }
    setCode(QString::fromUtf8(*bytes), path);
    m_filePath = QFileInfo(path).absoluteFilePath();
    m_untitledName.clear();
    m_suggestedFileName.clear();
    addRecent(m_filePath);
    emit fileChanged(m_filePath);
    return true;
}

bool ScriptEditorPanel::saveFile(const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(code().toUtf8()) < 0 || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_filePath = QFileInfo(path).absoluteFilePath();
    m_untitledName.clear();
    m_suggestedFileName.clear();
    m_editor->setSyntaxForFile(path);
    m_editor->document()->setModified(false);
    addRecent(m_filePath);
    emit fileChanged(m_filePath);
    return true;
}

QStringList ScriptEditorPanel::recentFiles() const
{
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void ScriptEditorPanel::addRecent(const QString &path)
{
    QStringList recent = recentFiles();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings().setValue(QLatin1String(kRecentKey), recent);
    emit recentFilesChanged();
}

bool ScriptEditorPanel::open()
{
    if (!maybeSave())
        return false;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Script"), QFileInfo(m_filePath).absolutePath(),
        tr("Scripts (*.js *.mjs *.ts *.mts *.jsx *.tsx);;All files (*)"));
    if (path.isEmpty())
        return false;
    QString error;
    if (!openFile(path, &error)) {
        QMessageBox::warning(this, tr("Open Script"), visibleLines(tr("Cannot open %1: %2").arg(path, error)));
        return false;
    }
    return true;
}

bool ScriptEditorPanel::save()
{
    if (m_filePath.isEmpty())
        return saveAs();
    QString error;
    if (!saveFile(m_filePath, &error)) {
        QMessageBox::warning(this, tr("Save Script"), visibleLines(tr("Cannot save %1: %2").arg(m_filePath, error)));
        return false;
    }
    return true;
}

bool ScriptEditorPanel::saveAs()
{
    const QString start = m_filePath.isEmpty() && !m_suggestedFileName.isEmpty()
                              ? QFileInfo(QDir::homePath(), m_suggestedFileName).filePath()
                              : m_filePath;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Script As"), start,
                                                      tr("Scripts (*.js *.ts);;All files (*)"));
    if (path.isEmpty())
        return false;
    QString error;
    if (!saveFile(path, &error)) {
        QMessageBox::warning(this, tr("Save Script"), visibleLines(tr("Cannot save %1: %2").arg(path, error)));
        return false;
    }
    return true;
}

bool ScriptEditorPanel::maybeSave()
{
    if (!isModified())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved Script"), tr("The script %1 has unsaved changes. Save them?").arg(displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool ScriptEditorPanel::eventFilter(QObject *watched, QEvent *event)
{
    // Dropped files open as files; dropped text still goes into the editor as usual.
    if (watched == m_editor->viewport()
        && (event->type() == QEvent::DragEnter || event->type() == QEvent::Drop)) {
        auto *drop = static_cast<QDropEvent *>(event);
        const QMimeData *mime = drop->mimeData();
        if (mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().first().isLocalFile()) {
            drop->acceptProposedAction();
            if (event->type() == QEvent::Drop && maybeSave()) {
                QString error;
                const QString path = mime->urls().first().toLocalFile();
                if (!openFile(path, &error))
                    QMessageBox::warning(this, tr("Open Script"),
                                         visibleLines(tr("Cannot open %1: %2").arg(path, error)));
            }
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace Sandbench
