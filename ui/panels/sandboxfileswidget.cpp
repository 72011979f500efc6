#include "sandboxfileswidget.h"
#include "textroles.h"

#include "confirmations.h"
#include "common/terminaltext.h"
#include "common/background.h"
#include "common/boundedfile.h"
#include "sandbox/sandbox.h"

#include <QAction>
#include <QDir>
#include <QSaveFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>

namespace Sandbench {

namespace {
constexpr int kNameRole = Qt::UserRole + 1;
} // namespace

SandboxFilesWidget::SandboxFilesWidget(QWidget *parent)
    : QWidget(parent)
    , m_path(new QLineEdit(this))
    , m_entries(new QTreeWidget(this))
    , m_editor(new QPlainTextEdit(this))
    , m_save(new QPushButton(tr("Save"), this))
    , m_status(new QLabel(this))
{
    m_path->setObjectName(QStringLiteral("filesPath"));
    m_entries->setObjectName(QStringLiteral("filesList"));
    m_editor->setObjectName(QStringLiteral("fileEditor"));
    m_save->setObjectName(QStringLiteral("fileSave"));
    m_status->setObjectName(QStringLiteral("filesStatus"));
    m_entries->setHeaderLabels({tr("Name"), tr("Size"), tr("Modified")});
    m_entries->setRootIsDecorated(false);
    // Several entries can go at once (Shift/Ctrl+click); Delete asks about all of them.
    m_entries->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_entries->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    // Enough rows to browse a folder however small the dock is.
    m_entries->setMinimumHeight(m_entries->header()->sizeHint().height()
                                + minimumRows * (m_entries->fontMetrics().height() + 6) + 2 * m_entries->frameWidth());
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlaceholderText(tr("Double-click a file to open it here"));
    m_save->setEnabled(false);

    auto *up = new QPushButton(tr("Up"), this);
    auto *reload = new QPushButton(tr("Refresh"), this);
    auto *uploadButton = new QPushButton(tr("Upload…"), this);
    auto *downloadButton = new QPushButton(tr("Download…"), this);
    auto *deleteButton = new QPushButton(tr("Delete"), this);
    deleteButton->setObjectName(QStringLiteral("fileDelete"));
    deleteButton->setToolTip(tr("Delete the selected files and folders from the sandbox (asks first)"));
    uploadButton->setObjectName(QStringLiteral("fileUpload"));
    // One row of buttons, so that the list gets the height: a docked panel is short.
    auto *bar = new QHBoxLayout;
    bar->addWidget(up);
    bar->addWidget(m_path, 1);
    bar->addWidget(reload);
    bar->addSpacing(8);
    for (QWidget *w : {static_cast<QWidget *>(uploadButton), static_cast<QWidget *>(downloadButton),
                       static_cast<QWidget *>(deleteButton), static_cast<QWidget *>(m_save)})
        bar->addWidget(w);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_entries);
    split->addWidget(m_editor);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);

    connect(m_path, &QLineEdit::returnPressed, this, [this] { setFolder(m_path->text()); });
    connect(reload, &QPushButton::clicked, this, &SandboxFilesWidget::refresh);
    connect(up, &QPushButton::clicked, this, [this] {
        setFolder(QDir::cleanPath(m_folder + QStringLiteral("/..")));
    });
    connect(m_entries, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        if (item->data(0, Qt::UserRole).toInt() == int(FileType::Directory))
            setFolder(pathOf(item->data(0, kNameRole).toString()));
        else
            openFile(item->data(0, kNameRole).toString());
    });
    connect(m_save, &QPushButton::clicked, this, &SandboxFilesWidget::saveOpened);
    connect(deleteButton, &QPushButton::clicked, this, &SandboxFilesWidget::deleteSelected);
    // The Delete key in the list does what the button does, question included.
    auto *deleteKey = new QAction(tr("Delete"), m_entries);
    deleteKey->setShortcut(QKeySequence::Delete);
    deleteKey->setShortcutContext(Qt::WidgetShortcut);
    connect(deleteKey, &QAction::triggered, this, &SandboxFilesWidget::deleteSelected);
    m_entries->addAction(deleteKey);
    connect(downloadButton, &QPushButton::clicked, this, [this] {
        if (!selectedName().isEmpty())
            download(selectedName());
    });
    connect(uploadButton, &QPushButton::clicked, this, [this] {
        const QString local = QFileDialog::getOpenFileName(this, tr("Upload into the sandbox"));
        if (local.isEmpty())
            return;
        // The sandbox's file of that name would be replaced for good.
        const QString name = QFileInfo(local).fileName();
        if (entryNames().contains(name)
            && !confirmLoss(this, {.objectName = QStringLiteral("uploadReplaceConfirmation"),
                                   .title = tr("Replace File"),
                                   .text = tr("%1 already exists in the sandbox. Replace it with the uploaded file?")
                                               .arg(visibleText(pathOf(name))),
                                   .acceptText = tr("&Replace"),
                                   .note = tr("The sandbox's file cannot be brought back.")}))
            return;
        uploadLocal(local);
    });
}

void SandboxFilesWidget::setSandbox(Sandbox *sandbox)
{
    m_sandbox = sandbox;
    m_entries->clear();
    m_editor->clear();
    m_opened.clear();
    m_save->setEnabled(false);
    setEnabled(sandbox != nullptr);
    if (sandbox)
        setFolder(sandbox->workdir());
}

void SandboxFilesWidget::setFolder(const QString &folder)
{
    m_folder = folder.isEmpty() ? QStringLiteral("/") : folder;
    m_path->setText(m_folder); // an editable field: what is typed here is the path used
    refresh();
}

QString SandboxFilesWidget::pathOf(const QString &name) const
{
    return m_folder.endsWith(QLatin1Char('/')) ? m_folder + name : m_folder + QLatin1Char('/') + name;
}

QString SandboxFilesWidget::selectedName() const
{
    const QTreeWidgetItem *item = m_entries->currentItem();
    return item ? item->data(0, kNameRole).toString() : QString();
}

QStringList SandboxFilesWidget::selectedNames() const
{
    QStringList names;
    // In list order, not in the order they were clicked.
    for (int i = 0; i < m_entries->topLevelItemCount(); ++i) {
        if (m_entries->topLevelItem(i)->isSelected())
            names << m_entries->topLevelItem(i)->data(0, kNameRole).toString();
    }
    if (names.isEmpty() && !selectedName().isEmpty())
        names << selectedName();
    return names;
}

bool SandboxFilesWidget::isFolder(const QString &name) const
{
    for (int i = 0; i < m_entries->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_entries->topLevelItem(i);
        if (item->data(0, kNameRole).toString() == name)
            return item->data(0, Qt::UserRole).toInt() == int(FileType::Directory);
    }
    return false;
}

QStringList SandboxFilesWidget::entryNames() const
{
    QStringList names;
    for (int i = 0; i < m_entries->topLevelItemCount(); ++i)
        names << m_entries->topLevelItem(i)->data(0, kNameRole).toString();
    return names;
}

QString SandboxFilesWidget::status() const
{
    return m_status->text();
}

void SandboxFilesWidget::setStatus(const QString &text, bool error)
{
    error ? setTextRole(m_status, TextRole::Error) : clearTextRole(m_status);
    // Statuses quote the sandbox (names, paths, messages): shown, not obeyed.
    m_status->setText(visibleLines(text));
}

void SandboxFilesWidget::refresh()
{
    if (!m_sandbox)
        return;
    setStatus(tr("Listing %1…").arg(m_folder));
    relist();
}

void SandboxFilesWidget::relist(const QString &message)
{
    if (!m_sandbox)
        return;
    m_sandbox->listFiles(m_folder)->then(this, [this, message](const auto &r) {
        if (!r)
            setStatus(r.error().message, true);
        else if (!*r)
            setStatus(tr("%1 does not exist").arg(m_folder), true);
        else {
            showListing(**r);
            if (message.isEmpty())
                setStatus(tr("%n entries", nullptr, int((*r)->size())));
        }
        emit idle();
    });
}

void SandboxFilesWidget::showListing(const QList<FileEntry> &entries)
{
    m_entries->clear();
    QList<FileEntry> sorted = entries;
    // Folders first, then by name: as every file manager does.
    std::sort(sorted.begin(), sorted.end(), [](const FileEntry &a, const FileEntry &b) {
        const bool da = a.type == FileType::Directory, db = b.type == FileType::Directory;
        return da != db ? da : a.name < b.name;
    });
    for (const FileEntry &e : sorted) {
        auto *item = new QTreeWidgetItem(m_entries);
        item->setText(0, visibleText(e.name));
        item->setData(0, kNameRole, e.name); // the name itself (the text is its visible form)
        item->setText(1, e.type == FileType::Directory ? QString() : QLocale().formattedDataSize(e.size));
        item->setText(2, e.modified.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
        item->setIcon(0, style()->standardIcon(e.type == FileType::Directory ? QStyle::SP_DirIcon
                                                                             : QStyle::SP_FileIcon));
        item->setData(0, Qt::UserRole, int(e.type));
    }
}

void SandboxFilesWidget::openFile(const QString &name)
{
    if (!m_sandbox)
        return;
    const QString path = pathOf(name);
    setStatus(tr("Opening %1…").arg(path));
    m_sandbox->readFile(path)->then(this, [this, path](const auto &r) {
        if (!r)
            setStatus(r.error().message, true);
        else if (!*r)
            setStatus(tr("%1 does not exist").arg(path), true);
        else {
            m_opened = path;
            m_editor->setPlainText(QString::fromUtf8(**r));
            m_save->setEnabled(true);
            setStatus(tr("%1 (%2 bytes)").arg(path).arg((*r)->size()));
        }
        emit idle();
    });
}

void SandboxFilesWidget::saveOpened()
{
    if (!m_sandbox || m_opened.isEmpty())
        return;
    const QString path = m_opened;
    setStatus(tr("Saving %1…").arg(path));
    m_sandbox->writeFile(path, m_editor->toPlainText().toUtf8())->then(this, [this, path](const auto &r) {
        // No new listing: it would replace the "Saved" the user is waiting for.
        setStatus(r ? tr("Saved %1").arg(path) : r.error().message, !r);
        emit idle();
    });
}

void SandboxFilesWidget::upload(const QString &name, const QByteArray &bytes)
{
    if (!m_sandbox)
        return;
    const QString path = pathOf(name);
    setStatus(tr("Uploading %1…").arg(path));
    m_sandbox->writeFile(path, bytes)->then(this, [this, path](const auto &r) {
        setStatus(r ? tr("Uploaded %1").arg(path) : r.error().message, !r);
        // The new listing leaves the answer in the status line.
        if (r)
            relist(status());
        else
            emit idle();
    });
}

void SandboxFilesWidget::uploadLocal(const QString &localPath)
{
    const qint64 cap = m_sandbox ? m_sandbox->limits().maxFileBytes : PoolOptions{}.maxFileBytes;
    setStatus(tr("Reading %1\u2026").arg(localPath));
    runInBackground(this, [localPath, cap] { return readRegularFile(localPath, cap, tr("the file to upload")); },
                    [this, localPath](const Result<QByteArray> &bytes) {
        if (!bytes) {
            setStatus(bytes.error().message, true);
            emit idle();
            return;
        }
        if (!m_sandbox) {
            setStatus(tr("No sandbox to upload into"), true);
            emit idle();
            return;
        }
        upload(QFileInfo(localPath).fileName(), *bytes);
    });
}

void SandboxFilesWidget::deleteSelected()
{
    const QStringList names = selectedNames();
    if (names.isEmpty()) {
        setStatus(tr("Select the files or folders to delete first"), true);
        return;
    }
    if (confirmDelete(names))
        remove(names);
    else
        setStatus(tr("Nothing was deleted"));
}

bool SandboxFilesWidget::confirmDelete(const QStringList &names)
{
    // Names are the sandbox's, anything at all: shown in their visible form.
    const auto shown = [this](const QString &name) { return visibleText(pathOf(name)); };
    int folders = 0;
    for (const QString &name : names)
        folders += isFolder(name) ? 1 : 0;
    LossQuestion question{.objectName = QStringLiteral("deleteConfirmation"),
                          .title = tr("Delete from Sandbox"),
                          .acceptText = tr("&Delete")};
    if (names.size() == 1) {
        question.text = folders ? tr("Delete the folder %1 and everything in it?").arg(shown(names.first()))
                                : tr("Delete the file %1?").arg(shown(names.first()));
    } else {
        question.text = tr("Delete these %n items?", nullptr, int(names.size()));
        // A long selection is listed in part, so the box fits the screen; the count is exact.
        constexpr int kListed = 12;
        for (const QString &name : names.mid(0, kListed))
            question.items << (isFolder(name) ? tr("%1 (folder, with everything in it)").arg(shown(name)) : shown(name));
        if (names.size() > kListed)
            question.items << tr("and %n more", nullptr, int(names.size() - kListed));
    }
    question.note = folders ? tr("Folders are deleted with everything in them. This cannot be undone.")
                            : tr("This cannot be undone.");
    return confirmLoss(this, question);
}

void SandboxFilesWidget::remove(const QString &name)
{
    remove(QStringList{name});
}

void SandboxFilesWidget::remove(const QStringList &names)
{
    if (!m_sandbox || names.isEmpty())
        return;
    setStatus(tr("Deleting %n item(s)…", nullptr, int(names.size())));
    removeNext(names, {}, {});
}

// One at a time, so that the engine is not sent a burst and each failure is known by name.
void SandboxFilesWidget::removeNext(QStringList names, QStringList done, QStringList failed)
{
    if (!m_sandbox) {
        setStatus(tr("The sandbox is gone; %n item(s) were not deleted", nullptr, int(names.size())), true);
        emit idle();
        return;
    }
    if (names.isEmpty()) {
        QString message;
        if (failed.isEmpty())
            message = done.size() == 1 ? tr("Deleted %1").arg(done.first())
                                       : tr("Deleted %n items from %1", nullptr, int(done.size())).arg(m_folder);
        else
            message = tr("Deleted %1 of %2; not deleted: %3")
                          .arg(done.size())
                          .arg(done.size() + failed.size())
                          .arg(failed.join(QStringLiteral("; ")));
        setStatus(message, !failed.isEmpty());
        relist(message);
        return;
    }
    const QString path = pathOf(names.takeFirst());
    m_sandbox->removeFile(path, true)->then(this, [this, path, names, done, failed](const auto &r) mutable {
        if (r) {
            done << path;
            if (m_opened == path || m_opened.startsWith(path + QLatin1Char('/'))) {
                m_opened.clear();
                m_editor->clear();
                m_save->setEnabled(false);
            }
        } else {
            failed << tr("%1 (%2)").arg(path, r.error().message);
        }
        removeNext(names, done, failed);
    });
}

void SandboxFilesWidget::download(const QString &name)
{
    if (!m_sandbox)
        return;
    const QString local = QFileDialog::getSaveFileName(this, tr("Download from the sandbox"), name);
    if (local.isEmpty())
        return;
    const QString path = pathOf(name);
    m_sandbox->readFile(path)->then(this, [this, path, local](const auto &r) {
        // Written beside and renamed over: a FIFO or a device at that name is replaced, never
        // opened (and waited on), and a failed write leaves what was there.
        QSaveFile f(local);
        if (!r)
            setStatus(r.error().message, true);
        else if (!*r)
            setStatus(tr("%1 does not exist").arg(path), true);
        else if (!f.open(QIODevice::WriteOnly) || f.write(**r) != (*r)->size() || !f.commit())
            setStatus(tr("Cannot write %1").arg(local), true);
        else
            setStatus(tr("Downloaded %1 to %2").arg(path, local));
        emit idle();
    });
}

} // namespace Sandbench
