#pragma once

#include "sandbox/desktop.h"
#include "sandbox/sandboxoperation.h"
#include "session/sandbox/sandboxsession.h"

#include <QMap>
#include <QObject>
#include <QPointer>
#include <QString>

namespace Sandbench {

class Sandbox;

// Records what is done through it to one sandbox. The wrappers forward to the sandbox and
// return its operation unchanged (live output, cancel and deleteLater work as usual); the step
// is taken when the call is made, so steps keep the order of the calls, and its outcome is
// filled in when the operation finishes.
class SandboxSessionRecorder : public QObject
{
    Q_OBJECT
public:
    explicit SandboxSessionRecorder(Sandbox *sandbox, QObject *parent = nullptr);

    ExecJob *exec(const QStringList &argv, const ExecOptions &options = {}, CancelToken *cancel = nullptr);
    VoidOperation *writeFile(const QString &path, const QByteArray &data);

    // The sandbox's Desktop calls. On a sandbox without a desktop they fail with InvalidInput
    // (and are recorded so, like any failed call).
    Operation<QByteArray> *screenshot();
    VoidOperation *click(int x, int y, MouseButton button = MouseButton::Left, int count = 1);
    VoidOperation *move(int x, int y);
    VoidOperation *scroll(int x, int y, int dx, int dy);
    VoidOperation *type(const QString &text);
    VoidOperation *key(const QString &combo);

    // Off by default: environment values may be secrets, so only names are kept. On, the
    // sandbox's values and those of every exec called from then on are saved in the session;
    // turned off again, the values kept so far are dropped.
    void setRecordEnvValues(bool record);
    bool recordsEnvValues() const { return m_session.envValuesRecorded; }

    // Network allow with TrafficCapture::Record: keeps every exchange the sandbox's egress
    // proxy reports from now on in the session, redacted by `redaction` before anything of it
    // is kept (its secrets with the proxy's placeholders). The proxy reports an exchange as it
    // is answered and a release delivers the last ones, so the session is complete once the
    // sandbox is released. A line the recording refuses is left out and its error kept.
    void recordTraffic(const TrafficRedaction &redaction);
    const QStringList &trafficErrors() const { return m_trafficErrors; }

    // Steps still running are included as they were called, without an outcome. Payloads
    // (stdin, outputs, written data, screenshots) are held in memory until the session is
    // written: the recorder is the one place that has them all.
    const SandboxSession &session() const { return m_session; }

private:
    qsizetype addStep(SandboxStepCall call);
    void noteError(qsizetype index, const std::optional<Error> &error);
    VoidOperation *input(const SandboxInputStep &step);

    QPointer<Sandbox> m_sandbox;
    QMap<QString, QString> m_sandboxEnv;
    SandboxSession m_session;
    TrafficRedaction m_redaction;
    QStringList m_trafficErrors;
};

// Makes the Desktop call an Input step stands for: the recorder and the replayer both go
// through it, so a step replays exactly as it was sent.
VoidOperation *sendInput(Desktop *desktop, const SandboxInputStep &step);

} // namespace Sandbench
