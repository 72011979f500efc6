#include "securityfixture.h"

#include <QFile>

namespace Sandbench::Test {

namespace {

QList<AuditEvent> readAudit(const QString &path)
{
    QList<AuditEvent> events;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return events;
    for (const QByteArray &line : file.readAll().split('\n')) {
        AuditEvent event;
        if (!line.isEmpty() && AuditEvent::fromJsonLine(line, &event))
            events.append(event);
    }
    return events;
}

QString prelude(const ExecFixture &f)
{
    return QStringLiteral("const OUT = %1; const WORK = %2;\n")
            .arg(QLatin1Char('"') + f.outside() + QLatin1Char('"'), QLatin1Char('"') + f.workdir() + QLatin1Char('"'));
}

Attempt runRequest(const ExecFixture &f, ExecRequest request, const QString &mainModule)
{
    static int counter = 0;
    request.baseDir = f.root();
    request.auditLogPath = f.path(QStringLiteral("audit-%1.jsonl").arg(++counter));
    Attempt a;
    a.mainModule = mainModule;
    a.result = ExecEngine::runSync(request);
    a.audit = readAudit(request.auditLogPath);
    return a;
}

} // namespace

QByteArray Attempt::output() const
{
    return result ? result->stdoutData + result->rawStderr : QByteArray();
}

QString Attempt::diagnostics() const
{
    if (!result)
        return QStringLiteral("<error: %1>").arg(result.error().message);
    QString text = QString::fromUtf8(result->stdoutData + "\n--stderr--\n" + result->rawStderr.right(1500)) + QStringLiteral("\n--audit--\n");
    for (const AuditEvent &e : audit.mid(qMax(0, int(audit.size()) - 12)))
        text += QString::fromUtf8(e.toJsonLine()) + QLatin1Char('\n');
    return text;
}

bool Attempt::deniedInAudit(const QString &kind, const QString &resource) const
{
    for (const AuditEvent &e : audit) {
        if (e.kind == kind && !e.allowed && e.resource.contains(resource) && e.reason.contains(QStringLiteral("permission denied")))
            return true;
    }
    return false;
}

bool Attempt::allowedInAudit(const QString &kind, const QString &resource) const
{
    for (const AuditEvent &e : audit) {
        // The loader of attemptFile() reads its main module (audited as "module graph"): that
        // line says nothing about the target of an attempt.
        if (e.reason == QLatin1String("module graph") && !mainModule.isEmpty() && e.resource.startsWith(mainModule))
            continue;
        if (e.kind == kind && e.allowed && e.resource.contains(resource))
            return true;
    }
    return false;
}

Attempt attempt(const ExecFixture &f, const QString &code, const Policy &policy)
{
    ExecRequest request;
    request.code = prelude(f) + code;
    request.policy = policy;
    return runRequest(f, request, QString()); // --code: its file is not audited
}

Attempt attemptFile(const ExecFixture &f, const QString &relative, const QByteArray &source, const Policy &policy)
{
    f.write(QStringLiteral("work/") + relative, source);
    ExecRequest request;
    request.entrypoint = f.workdir() + QLatin1Char('/') + relative;
    request.policy = policy;
    return runRequest(f, request, request.entrypoint);
}

QString tryBody(const QString &expression)
{
    return QStringLiteral("try { const v = await (async () => (%1))(); console.log('GOT', typeof v === 'string' ? v : JSON.stringify(v)); }\n"
                          "catch (e) { console.log('DENIED', e.name, e.message); }\n").arg(expression);
}

} // namespace Sandbench::Test
