#include "processgroup.h"

#include <QProcess>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace Sandbench {

void leadOwnProcessGroupInChild()
{
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
}

void killProcessGroup(QProcess *process)
{
    if (!process || process->state() == QProcess::NotRunning)
        return;
    // The group first: its leader's pid, unreaped, still names it.
    if (const qint64 pid = process->processId(); pid > 0)
        ::kill(-pid_t(pid), SIGKILL);
    process->kill();
}

} // namespace Sandbench
