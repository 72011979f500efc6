#pragma once

#include <QByteArray>
#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <functional>

namespace Sandbench {

// One run of sandbench-probe (or of anything the doctor starts and reads), blocking: the doctor's
// synchronous probes run on a worker thread of their own.
struct ProbeRun
{
    bool started = false;
    bool crashed = false; // ended by a signal
    int exitCode = -1;
    QString error;        // why it did not start or finish
    QByteArray out;
    QByteArray err;
    QMap<QString, QStringList> facts; // "key rest" lines of the output, rest in order

    QString fact(const QString &key) const { return facts.value(key).value(0); }
    // The last line of stderr, for a why.
    QString lastError() const;
};

ProbeRun runProbe(const QString &program, const QStringList &args, int timeoutMs,
                  const std::function<void()> &childModifier = {},
                  const QProcessEnvironment &environment = QProcessEnvironment());

} // namespace Sandbench
