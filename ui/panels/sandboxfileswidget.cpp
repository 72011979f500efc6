#include "sandboxfileswidget.h"

#include "common/terminaltext.h"
#include "common/background.h"
#include "common/boundedfile.h"
#include "sandbox/sandbox.h"

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
    connect(deleteButton, &QPushButton::clicked, this, [this] {
        if (!selectedName().isEmpty())
            remove(selectedName());
    });
    connect(downloadButton, &QPushButton::clicked, this, [this] {
        if (!selectedName().isEmpty())
            download(selectedName());
    });
    connect(uploadButton, &QPushButton::clicked, this, [this] {
        const QString local = QFileDialog::getOpenFileName(this, tr("Upload into the sandbox"));
        if (!local.isEmpty())
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
    m_status->setStyleSheet(error ? QStringLiteral("color: #c0392b") : QString());
    // Statuses quote the sandbox (names, paths, messages): shown, not obeyed.
    m_status->setText(visibleLines(text));
}

void SandboxFilesWidget::refresh()
{
    if (!m_sandbox)
        return;
    setStatus(tr("Listing %1…").arg(m_folder));
    m_sandbox->listFiles(m_folder)->then(this, [this](const auto &r) {
        if (!r)
            setStatus(r.error().message, true);
        else if (!*r)
            setStatus(tr("%1 does not exist").arg(m_folder), true);
        else {
            showListing(**r);
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
        if (r)
            refresh();
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

void SandboxFilesWidget::remove(const QString &name)
{
    if (!m_sandbox)
        return;
    const QString path = pathOf(name);
    m_sandbox->removeFile(path, true)->then(this, [this, path](const auto &r) {
        setStatus(r ? tr("Deleted %1").arg(path) : r.error().message, !r);
        if (r && m_opened == path) {
            m_opened.clear();
            m_editor->clear();
            m_save->setEnabled(false);
        }
        if (r)
            refresh();
        else
            emit idle();
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
