#include "signalwatcher.h"

#include <QSocketNotifier>

#include <sys/socket.h>
#include <unistd.h>

namespace Sandbench {

namespace {

int g_fds[2] = {-1, -1};

void onSignal(int signal)
{
    const char byte = char(signal);
    [[maybe_unused]] const ssize_t ignored = ::write(g_fds[0], &byte, 1);
}

} // namespace

SignalWatcher::SignalWatcher(QObject *parent, const QList<int> &watched)
    : QObject(parent)
    , m_signals(watched)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_fds) != 0)
        return;
    m_notifier = new QSocketNotifier(g_fds[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, [this] {
        char byte = 0;
        if (::read(g_fds[1], &byte, 1) != 1)
            return;
        if (!m_caught)
            m_caught = int(byte);
        emit signalled(int(byte));
    });
    struct sigaction action {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int signal : m_signals)
        sigaction(signal, &action, nullptr);
}

SignalWatcher::~SignalWatcher()
{
    for (int signal : m_signals)
        ::signal(signal, SIG_DFL);
    delete m_notifier;
    m_notifier = nullptr;
    for (int &fd : g_fds) {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }
}

} // namespace Sandbench
