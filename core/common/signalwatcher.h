#pragma once

#include <QObject>

class QSocketNotifier;

namespace Sandbench::Cli {

// Turns SIGINT and SIGTERM into a Qt signal (self-pipe), so a run is stopped and cleaned up
// rather than leaving its folders behind.
class SignalWatcher : public QObject
{
    Q_OBJECT
public:
    explicit SignalWatcher(QObject *parent = nullptr);
    ~SignalWatcher() override;

signals:
    void signalled(int signal);

private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace Sandbench::Cli
