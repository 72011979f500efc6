#include "execfixture.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTcpSocket>
#include <QTest>

namespace Sandbench::Test {

ExecFixture::ExecFixture()
{
    m_root = QDir(m_dir.path()).canonicalPath();
    QDir(m_root).mkpath(QStringLiteral("work"));
    QDir(m_root).mkpath(QStringLiteral("outside"));
    write(QStringLiteral("outside/secret.txt"), "TOP-SECRET");
    write(QStringLiteral("outside/evil.js"), "console.log('EVIL-MODULE-LOADED'); export default 1;\n");
    write(QStringLiteral("outside/evil.json"), "{\"secret\": \"TOP-SECRET\"}");
}

void ExecFixture::write(const QString &relative, const QByteArray &data) const
{
    const QString file = path(relative);
    QDir().mkpath(QFileInfo(file).absolutePath());
    QFile out(file);
    if (out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        out.write(data);
}

Policy ExecFixture::sandboxPolicy() const
{
    Policy policy;
    policy.sandbox = true;
    policy.workdir = workdir();
    policy.timeoutMs = 30000;
    return policy;
}

Result<ExecResult> ExecFixture::run(const QString &code, const Policy &policy, const QStringList &args) const
{
    ExecRequest request;
    request.code = code;
    request.policy = policy;
    request.args = args;
    request.baseDir = m_root;
    return ExecEngine::runSync(request);
}

Result<ExecResult> ExecFixture::runFile(const QString &entry, const Policy &policy) const
{
    ExecRequest request;
    request.entrypoint = entry;
    request.policy = policy;
    request.baseDir = m_root;
    return ExecEngine::runSync(request);
}

CountingServer::CountingServer()
{
    QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            ++m_count;
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [socket] {
                socket->readAll();
                socket->write("HTTP/1.1 200 OK\r\nContent-Length: 7\r\nConnection: close\r\n\r\nREACHED");
                socket->disconnectFromHost();
            });
        }
    });
    m_server.listen(QHostAddress::LocalHost);
}

int CountingServer::connections()
{
    // Connections the kernel accepted may still wait in the backlog for the event loop.
    QCoreApplication::processEvents();
    QTest::qWait(50);
    QCoreApplication::processEvents();
    return m_count;
}

QString stdoutOf(const Result<ExecResult> &result)
{
    if (!result)
        return QStringLiteral("<error: %1>").arg(result.error().message);
    return QString::fromUtf8(result->stdoutData);
}

} // namespace Sandbench::Test
