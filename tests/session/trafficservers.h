#pragma once

// The traffic tests' two servers (tests/session/trafficserver.py: HTTP, and HTTPS with a CA of
// its own), in a folder of their own; stopped with the object. Shared by the session tests and
// the Sessions panel's Network tab test.
#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace Sandbench::Test {

class Servers
{
public:
    Servers()
    {
        const QString script = qEnvironmentVariable("SANDBENCH_SOURCE_DIR") + QStringLiteral("/tests/session/trafficserver.py");
        m_process.start(QStringLiteral("python3"), {script, m_dir.path()});
        if (!m_process.waitForStarted(10000))
            return;
        QDeadlineTimer deadline(30000);
        while (!m_process.canReadLine() && m_process.state() == QProcess::Running && !deadline.hasExpired())
            m_process.waitForReadyRead(200);
        const QList<QByteArray> ports = m_process.readLine().trimmed().split(' ');
        if (ports.size() == 3 && ports[0] == "PORTS") {
            tls = quint16(ports[1].toUInt());
            plain = quint16(ports[2].toUInt());
        }
    }
    ~Servers() { stop(); }
    void stop()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    QString caFile() const { return m_dir.path() + QStringLiteral("/ca.pem"); }
    QByteArray requests() const
    {
        QFile log(m_dir.path() + QStringLiteral("/requests.log"));
        return log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
    }
    QString error() { return QString::fromUtf8(m_process.readAllStandardError()); }

    quint16 tls = 0;
    quint16 plain = 0;

private:
    QTemporaryDir m_dir;
    QProcess m_process;
};

} // namespace Sandbench::Test
