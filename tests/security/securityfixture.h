#pragma once

#include "execfixture.h"

#include "audit/auditevent.h"

#include <QList>
#include <QString>

namespace Sandbench::Test {

// One adversarial run: the result plus the audit log as written to disk (one line per
// decision), so every attempt is checked against what the broker really recorded.
struct Attempt
{
    Result<ExecResult> result = std::unexpected(Error{});
    QList<AuditEvent> audit;
    QString mainModule; // attemptFile()'s main module, left out of allowedInAudit
    QByteArray output() const; // stdout + raw stderr
    QString diagnostics() const;

    // A deny line of `kind` whose resource contains `resource` and whose reason says so.
    bool deniedInAudit(const QString &kind, const QString &resource) const;
    // An allow line of `kind` whose resource contains `resource` (the main module's own
    // module-graph line is never one).
    bool allowedInAudit(const QString &kind, const QString &resource) const;
};

// Runs `code` (an ES module) in the fixture's workdir under `policy`, with an audit log file
// outside every folder the code may use. Globals OUT (the outside folder with TOP-SECRET) and
// WORK are defined for the code.
Attempt attempt(const ExecFixture &f, const QString &code, const Policy &policy);
// Runs a file of the workdir as the main module (static imports are part of its start-up).
Attempt attemptFile(const ExecFixture &f, const QString &relative, const QByteArray &source, const Policy &policy);

// The body runs inside `try`; its value is printed as GOT, an exception as DENIED <name> <msg>.
QString tryBody(const QString &expression);

} // namespace Sandbench::Test
