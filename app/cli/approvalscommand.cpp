#include "approvalscommand.h"

#include "optiontable.h"
#include "common/signalwatcher.h"

#include "approvals/approvalclient.h"
#include "approvals/approvalfolder.h"
#include "common/terminaltext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QSet>
#include <QTextStream>

namespace Sandbench::Cli {

namespace {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

int usageError(const QString &command, const QString &message)
{
    err() << "sandbench-cli " << command << ": " << terminalSafe(message) << "\n\n" << approvalsHelp();
    return 2;
}

// Everything in a pending call came from an agent. JSON escapes the C0 controls; what it
// leaves (C1 controls, DEL, line separators, bidirectional and invisible formatting) becomes a
// \uXXXX escape too, so the line stays valid JSON, shows what was sent, and cannot steer the
// terminal or pass for something else.
QString safeJson(const QJsonObject &arguments)
{
    const QString text = QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact));
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || (u >= 0x7f && u < 0xa0) || isFormattingCharacter(u))
            out += QStringLiteral("\\u%1").arg(u, 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

// One line of escaped text, cut to fit.
QString safeArguments(const QJsonObject &arguments)
{
    const QString safe = safeJson(arguments);
    const qsizetype size = safe.size();
    return size > 300 ? safe.left(300) + QStringLiteral("... (%1 characters)").arg(size) : safe;
}

QString pendingLine(const QJsonObject &p)
{
    const qint64 since = p.value(QLatin1String("sinceMs")).toInteger();
    const QString heldBy = p.value(QLatin1String("heldBy")).toString();
    return QStringLiteral("%1  %2  session %3  %4  since %5 (%6 s)  %7%8")
            .arg(terminalSafe(p.value(QLatin1String("id")).toString()), terminalSafe(p.value(QLatin1String("server")).toString()),
                 terminalSafe(p.value(QLatin1String("session")).toString()), terminalSafe(p.value(QLatin1String("tool")).toString()),
                 QDateTime::fromMSecsSinceEpoch(since).toUTC().toString(Qt::ISODate))
            .arg((QDateTime::currentMSecsSinceEpoch() - since) / 1000)
            .arg(heldBy.isEmpty() ? QString() : QStringLiteral("held by %1  ").arg(terminalSafe(heldBy.left(300))),
                 safeArguments(p.value(QLatin1String("arguments")).toObject()));
}

void printEvent(const QJsonObject &o, bool json)
{
    if (json) {
        out() << safeJson(o) << Qt::endl;
        return;
    }
    if (o.value(QLatin1String("event")).toString() == QLatin1String("decided"))
        out() << "decided " << terminalSafe(o.value(QLatin1String("id")).toString()) << ": "
              << terminalSafe(o.value(QLatin1String("decision")).toString()) << Qt::endl;
    else
        out() << "held    " << pendingLine(o.value(QLatin1String("call")).toObject()) << Qt::endl;
}

// --follow: one watching connection per server, new servers picked up as their sockets appear.
int follow(bool json)
{
    QSet<QString> watched;
    QFileSystemWatcher folder;
    SignalWatcher stopSignals;
    QObject::connect(&stopSignals, &SignalWatcher::signalled, qApp, [] { QCoreApplication::quit(); });
    auto attach = [&] {
        for (const QString &path : ApprovalFolder::sockets()) {
            if (watched.contains(path))
                continue;
            auto *socket = new QLocalSocket(qApp);
            socket->connectToServer(path);
            if (!socket->waitForConnected(2000)) {
                delete socket;
                continue;
            }
            watched.insert(path);
            QObject::connect(socket, &QLocalSocket::disconnected, socket, [&watched, socket, path] {
                watched.remove(path);
                socket->deleteLater();
            });
            QObject::connect(socket, &QLocalSocket::readyRead, socket, [socket, json] {
                while (socket->canReadLine()) {
                    const QJsonObject o = QJsonDocument::fromJson(socket->readLine()).object();
                    if (o.contains(QLatin1String("pending"))) {
                        for (const QJsonValue &v : o.value(QLatin1String("pending")).toArray())
                            printEvent({{QStringLiteral("event"), QStringLiteral("held")}, {QStringLiteral("call"), v}}, json);
                    } else {
                        printEvent(o, json);
                    }
                }
            });
            socket->write("{\"op\":\"watch\"}\n");
        }
    };
    if (auto dir = ApprovalFolder::ensure(); !dir) {
        err() << "sandbench-cli approvals: " << terminalSafe(dir.error().message) << Qt::endl;
        return 1;
    }
    folder.addPath(ApprovalFolder::path());
    QObject::connect(&folder, &QFileSystemWatcher::directoryChanged, qApp, attach);
    attach();
    return QCoreApplication::exec();
}

} // namespace

QString approvalsHelp()
{
    return QStringLiteral(
        "  approvals [--json] [--follow]\n"
        "               list the calls this user's agent servers (mcp --approve) hold for a\n"
        "               person: id, server, session, tool, waiting since, the rule or ask entry\n"
        "               that held it, arguments (escaped);\n"
        "               --follow prints each call held and decided as it happens\n"
        "  approve ID [--arguments JSON] [--for-run]\n"
        "               let a held call run, with its arguments replaced by JSON when given\n"
        "               (checked against the tool's schema like any call); --for-run: a run's\n"
        "               held check (ask_*), and the same kind and resource for the rest of it\n"
        "  refuse ID --reason TEXT [--end-session]\n"
        "               refuse a held call; the agent gets TEXT as its tool error;\n"
        "               --end-session also ends the agent's session\n");
}

int approvalsCommand(const QStringList &args)
{
    bool json = false, followOn = false, help = false;
    OptionTable table(QStringLiteral("approvals"));
    table.flag({QStringLiteral("--json")}, QStringLiteral("one JSON object per line"), &json);
    table.flag({QStringLiteral("--follow")}, QStringLiteral("print calls as they are held and decided"), &followOn);
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &help);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(QStringLiteral("approvals"), parsed.error().message);
    if (help) {
        out() << approvalsHelp();
        return 0;
    }
    if (!parsed->positional.isEmpty() || !parsed->rest.isEmpty())
        return usageError(QStringLiteral("approvals"), QStringLiteral("unexpected argument %1").arg((parsed->positional + parsed->rest).constFirst()));
    if (followOn)
        return follow(json);
    auto pending = ApprovalClient::pending();
    if (!pending) {
        err() << "sandbench-cli approvals: " << terminalSafe(pending.error().message) << Qt::endl;
        return 1;
    }
    for (const QJsonObject &p : std::as_const(*pending)) {
        if (json)
            out() << safeJson(p) << '\n';
        else
            out() << pendingLine(p) << '\n';
    }
    if (!json && pending->isEmpty())
        out() << "no calls wait for approval\n";
    return 0;
}

namespace {

int sendAnswer(const QString &command, const QJsonObject &request)
{
    auto reply = ApprovalClient::answer(request);
    if (!reply) {
        err() << "sandbench-cli " << command << ": " << terminalSafe(reply.error().message) << Qt::endl;
        return 1;
    }
    if (!reply->value(QLatin1String("ok")).toBool()) {
        err() << "sandbench-cli " << command << ": " << terminalSafe(reply->value(QLatin1String("error")).toString()) << Qt::endl;
        return 1;
    }
    out() << terminalSafe(request.value(QLatin1String("id")).toString()) << ": "
          << terminalSafe(reply->value(QLatin1String("decision")).toString()) << Qt::endl;
    return 0;
}

} // namespace

int approveCommand(const QStringList &args)
{
    QString arguments;
    bool help = false, forRun = false;
    OptionTable table(QStringLiteral("approve"));
    table.text({QStringLiteral("--arguments")}, QStringLiteral("JSON"), QStringLiteral("the call's arguments, edited"), &arguments);
    table.flag({QStringLiteral("--for-run")}, QStringLiteral("allow the same check for the rest of the run"), &forRun);
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &help);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(QStringLiteral("approve"), parsed.error().message);
    if (help) {
        out() << approvalsHelp();
        return 0;
    }
    if (parsed->positional.size() != 1 || !parsed->rest.isEmpty())
        return usageError(QStringLiteral("approve"), QStringLiteral("give one ID (from `sandbench-cli approvals`)"));
    QJsonObject request{{QStringLiteral("op"), QStringLiteral("approve")}, {QStringLiteral("id"), parsed->positional.constFirst()}};
    if (forRun)
        request.insert(QStringLiteral("scope"), QStringLiteral("run"));
    if (!arguments.isEmpty()) {
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(arguments.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return usageError(QStringLiteral("approve"), QStringLiteral("--arguments: a JSON object (%1)").arg(error.errorString()));
        request.insert(QStringLiteral("arguments"), doc.object());
    }
    return sendAnswer(QStringLiteral("approve"), request);
}

int refuseCommand(const QStringList &args)
{
    QString reason;
    bool end = false, help = false;
    OptionTable table(QStringLiteral("refuse"));
    table.text({QStringLiteral("--reason")}, QStringLiteral("TEXT"), QStringLiteral("what the agent is told"), &reason);
    table.flag({QStringLiteral("--end-session")}, QStringLiteral("end the agent's session too"), &end);
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &help);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(QStringLiteral("refuse"), parsed.error().message);
    if (help) {
        out() << approvalsHelp();
        return 0;
    }
    if (parsed->positional.size() != 1 || !parsed->rest.isEmpty())
        return usageError(QStringLiteral("refuse"), QStringLiteral("give one ID (from `sandbench-cli approvals`)"));
    if (reason.trimmed().isEmpty() && !end)
        return usageError(QStringLiteral("refuse"), QStringLiteral("--reason TEXT is needed: the agent is told why"));
    return sendAnswer(QStringLiteral("refuse"), {{QStringLiteral("op"), end ? QStringLiteral("end") : QStringLiteral("refuse")},
                                                 {QStringLiteral("id"), parsed->positional.constFirst()},
                                                 {QStringLiteral("reason"), reason}});
}

} // namespace Sandbench::Cli
