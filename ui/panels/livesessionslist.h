#pragma once

#include "common/staleguard.h"

#include <QWidget>

class QFileSystemWatcher;
class QLabel;
class QListWidget;
class QTimer;

namespace Sandbench {

// The agent sessions whose server is alive (sandbench-cli mcp holds NAME.sbagent.lock), in a
// sessions folder, newest first. The folder is watched, and scanned again at least once a
// second for servers that died without a word; every scan runs off the event loop, and looks
// at the newest kMaxListed sessions only, so a folder of thousands of files costs one listing.
class LiveSessionsList : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxListed = 200;
    static constexpr int kRescanMs = 1000;

    explicit LiveSessionsList(QWidget *parent = nullptr);

    void setFolder(const QString &folder);
    QString folder() const { return m_folder; }
    QStringList paths() const { return m_paths; }
    QListWidget *listView() const { return m_list; }

    // Scans now (or as soon as the scan under way is done).
    void rescan();

signals:
    void sessionChosen(const QString &path);
    // A scan was done and the list shows what it found.
    void scanned();

private:
    struct Entry
    {
        QString path;
        QString client;
        qint64 modifiedMs = 0;
    };
    static QList<Entry> scan(const QString &folder);
    void show(const QList<Entry> &entries);

    QString m_folder;
    QStringList m_paths;
    bool m_scanning = false;
    bool m_again = false;
    StaleGuard m_scans; // another folder makes a scan in flight stale
    QFileSystemWatcher *m_watcher;
    QTimer *m_timer;
    QLabel *m_title;
    QListWidget *m_list;
};

} // namespace Sandbench
