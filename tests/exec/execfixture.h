#pragma once

#include "exec/execengine.h"

#include <QByteArray>
#include <QString>
#include <QTcpServer>
#include <QTemporaryDir>

namespace Sandbench::Test {

// A private tree for one test: a workdir, an outside folder with a secret, and helpers to run
// code in the real runtime.
class ExecFixture
{
public:
    ExecFixture();

    QString root() const { return m_root; }
    QString workdir() const { return m_root + QStringLiteral("/work"); }
    QString outside() const { return m_root + QStringLiteral("/outside"); }
    QString path(const QString &relative) const { return m_root + QLatin1Char('/') + relative; }
    void write(const QString &relative, const QByteArray &data) const;

    // A sandboxed policy with the fixture's workdir.
    Policy sandboxPolicy() const;
    Result<ExecResult> run(const QString &code, const Policy &policy, const QStringList &args = {}) const;
    Result<ExecResult> runFile(const QString &entry, const Policy &policy) const;

private:
    QTemporaryDir m_dir;
    QString m_root;
};

// A loopback server that counts every connection it is offered: a test that must see no request
// checks that the count stays zero.
class CountingServer
{
public:
    CountingServer();
    quint16 port() const { return m_server.serverPort(); }
    int connections();

private:
    QTcpServer m_server;
    int m_count = 0;
};

QString stdoutOf(const Result<ExecResult> &result);

} // namespace Sandbench::Test
