#include "warmtesting.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

namespace Sandbench::Test {

ExecRequest codeRequest(const ExecFixture &f, const QString &code, const Policy &policy)
{
    ExecRequest request;
    request.code = code;
    request.policy = policy;
    request.baseDir = f.root();
    return request;
}

Result<ExecResult> runOn(ExecEngine &engine, const ExecRequest &request, bool *warm)
{
    QSignalSpy finished(&engine, &ExecEngine::finished);
    QSignalSpy failed(&engine, &ExecEngine::failed);
    engine.start(request);
    if (warm)
        *warm = engine.lastStartWasWarm();
    for (int i = 0; i < warmWaitMs / 50 && finished.isEmpty() && failed.isEmpty(); ++i)
        finished.wait(50);
    if (!failed.isEmpty())
        return std::unexpected(failed.first().first().value<Error>());
    if (finished.isEmpty())
        return fail(ErrorCode::Internal, QStringLiteral("the run did not end"));
    return finished.first().first().value<ExecResult>();
}

bool waitForWarm(ExecEngine &engine)
{
    QDeadlineTimer deadline(warmWaitMs);
    while (!engine.hasWarmRuntime() && !deadline.hasExpired())
        QTest::qWait(5);
    return engine.hasWarmRuntime();
}

QString ofAnyRun(QString text)
{
    static const QRegularExpression names(QStringLiteral("sandbench-run-[A-Za-z0-9]{6}|\\.sandbench-main-[A-Za-z0-9]{6}"));
    return text.replace(names, QStringLiteral("NAME"));
}

QStringList auditFileLines(const QString &path)
{
    QFile file(path);
    QStringList out;
    if (!file.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.isEmpty())
            continue;
        QString text = QString::fromUtf8(line);
        text.replace(QRegularExpression(QStringLiteral("\"(time|datetime|pid)\":[^,}]*")), QString());
        out << ofAnyRun(text);
    }
    return out;
}

} // namespace Sandbench::Test
