#include "livesessionslist.h"

#include "common/background.h"
#include "common/boundedfile.h"
#include "common/terminaltext.h"
#include "session/agent/agentsession.h"
#include "session/agent/agentsessionwriter.h"

#include <QDateTime>
#include <QDirIterator>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace Sandbench {

namespace {

// A folder of more files than this is looked at no further (its newest may be missed; it does
// not stall the scan).
constexpr int kMaxScanned = 20000;
constexpr qint64 kHeadBytes = 64 * 1024;

// The client's name from the initialize line, when it is within the file's first bytes.
QString clientOf(const QString &path)
{
    // Whatever the folder holds by now: a FIFO swapped in after the scan must not hold the scan.
    const auto file = RegularFile::open(path);
    if (!file)
        return {};
    const QList<QByteArray> lines = file->readAt(0, kHeadBytes).split('\n');
    if (lines.size() < 3) // the header, the initialize line, and what follows its newline
        return {};
    const QJsonObject init = QJsonDocument::fromJson(lines.at(1)).object();
    if (init.value(QStringLiteral("type")).toString() != QLatin1String("initialize"))
        return {};
    const QJsonObject client = init.value(QStringLiteral("client")).toObject();
    return (client.value(QStringLiteral("name")).toString().left(80) + QLatin1Char(' ')
            + client.value(QStringLiteral("version")).toString().left(40)).trimmed();
}

} // namespace

LiveSessionsList::LiveSessionsList(QWidget *parent)
    : QWidget(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_timer(new QTimer(this))
    , m_title(new QLabel(tr("Live"), this))
    , m_list(new QListWidget(this))
{
    m_title->setObjectName(QStringLiteral("liveSessionsTitle"));
    m_title->setToolTip(tr("Agent sessions whose server (sandbench-cli mcp) is running; choose one to follow it"));
    m_list->setObjectName(QStringLiteral("liveSessions"));
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // elided, the whole path in the tip
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_list, 1);

    m_timer->setInterval(kRescanMs);
    connect(m_timer, &QTimer::timeout, this, &LiveSessionsList::rescan);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &LiveSessionsList::rescan);
    // A click (or Enter) opens it, also the one already current, after another file was opened.
    const auto choose = [this](QListWidgetItem *item) {
        if (item)
            emit sessionChosen(item->data(Qt::UserRole).toString());
    };
    connect(m_list, &QListWidget::itemClicked, this, choose);
    connect(m_list, &QListWidget::itemActivated, this, choose);
}

void LiveSessionsList::setFolder(const QString &folder)
{
    if (!m_watcher->directories().isEmpty())
        m_watcher->removePaths(m_watcher->directories());
    m_folder = folder;
    m_scans.invalidate();
    m_scanning = false;
    show({});
    if (folder.isEmpty()) {
        m_timer->stop();
        return;
    }
    m_timer->start();
    rescan();
}

void LiveSessionsList::rescan()
{
    if (m_folder.isEmpty())
        return;
    if (m_scanning) {
        m_again = true;
        return;
    }
    // The folder may be made after the list started looking at it.
    if (m_watcher->directories().isEmpty() && QFileInfo(m_folder).isDir())
        m_watcher->addPath(m_folder);
    m_scanning = true;
    m_again = false;
    const StaleGuard::Ticket ticket = m_scans.ticket();
    runInBackground(this, [folder = m_folder] { return scan(folder); }, [this, ticket](const QList<Entry> &entries) {
        if (!m_scans.isCurrent(ticket))
            return;
        m_scanning = false;
        show(entries);
        emit scanned();
        if (m_again)
            rescan();
    });
}

QList<LiveSessionsList::Entry> LiveSessionsList::scan(const QString &folder)
{
    QList<Entry> all;
    QDirIterator it(folder, {QStringLiteral("*") + AgentSession::fileExtension()}, QDir::Files | QDir::NoDotAndDotDot);
    while (it.hasNext() && all.size() < kMaxScanned) {
        it.next();
        all.append({it.filePath(), {}, it.fileInfo().lastModified().toMSecsSinceEpoch()});
    }
    std::sort(all.begin(), all.end(), [](const Entry &a, const Entry &b) { return a.modifiedMs > b.modifiedMs; });
    QList<Entry> live;
    for (const Entry &entry : all.mid(0, kMaxListed)) {
        if (!AgentSessionWriter::isLive(entry.path))
            continue;
        live.append(entry);
        live.last().client = clientOf(entry.path);
    }
    return live;
}

void LiveSessionsList::show(const QList<Entry> &entries)
{
    QStringList paths;
    for (const Entry &entry : entries)
        paths << entry.path;
    m_title->setText(entries.isEmpty() ? tr("Live: none") : tr("Live (%1)").arg(entries.size()));
    const QString current = m_list->currentItem() ? m_list->currentItem()->data(Qt::UserRole).toString() : QString();
    // Rebuilt only when it changed: the user's selection and scroll stay put between scans.
    bool same = paths == m_paths;
    for (int i = 0; same && i < m_list->count(); ++i)
        same = m_list->item(i)->data(Qt::UserRole + 1).toString() == entries.at(i).client;
    if (same)
        return;
    m_paths = paths;
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const Entry &entry : entries) {
        const QString name = QFileInfo(entry.path).fileName();
        // Names come from a folder and a file anyone may have written: shown as plain text.
        auto *item = new QListWidgetItem(visibleText(entry.client.isEmpty() ? name : entry.client + QStringLiteral(" \u2014 ") + name));
        item->setData(Qt::UserRole, entry.path);
        item->setData(Qt::UserRole + 1, entry.client);
        item->setToolTip(QStringLiteral("<pre>%1</pre>").arg(visibleText(entry.path).toHtmlEscaped()));
        m_list->addItem(item);
        if (entry.path == current)
            m_list->setCurrentItem(item);
    }
}

} // namespace Sandbench
