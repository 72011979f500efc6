#pragma once

#include <QList>
#include <QObject>

#include <csignal>

class QSocketNotifier;

namespace Sandbench {

// Turns process signals (SIGINT and SIGTERM unless told otherwise) into a Qt signal through a
// self-pipe, so what a command or the window started is stopped and cleaned up rather than left
// behind. One watcher at a time: the handler is process-wide; the destructor restores the default.
class SignalWatcher : public QObject
{
    Q_OBJECT
public:
    explicit SignalWatcher(QObject *parent = nullptr, const QList<int> &watched = {SIGINT, SIGTERM});
    ~SignalWatcher() override;

    // The first signal caught, 0 before any.
    int caught() const { return m_caught; }

signals:
    void signalled(int signal);

private:
    QSocketNotifier *m_notifier = nullptr;
    QList<int> m_signals;
    int m_caught = 0;
};

} // namespace Sandbench
