#include "squidconfig.h"


#include <QDateTime>
#include <QRandomGenerator>
#include <QUrl>

#include <cctype>

namespace Sandbench::SquidConfig {

namespace {

QByteArray regexForName(const QString &host)
{
    QByteArray out;
    for (const QChar c : host) {
        if (c == QLatin1Char('.'))
            out += "\\.";
        else
            out += char(c.toLatin1()); // the parser let through [a-z0-9_-] only
    }
    return out;
}

QString reasonText(const QByteArray &code, const QString &resource)
{
    if (code == "notlisted")
        return QStringLiteral("\"%1\" is not in the sandbox's network allow list").arg(resource);
    if (code == "metadata")
        return QStringLiteral("\"%1\" is a cloud metadata name; only an entry naming it exactly allows it").arg(resource);
    if (code == "blocked")
        return QStringLiteral("\"%1\" resolves to a loopback, link-local, metadata or host address; only an entry "
                              "naming that address exactly allows it").arg(resource);
    return QStringLiteral("the proxy refused \"%1\"").arg(resource);
}

} // namespace

QStringList fixedBlockedRanges()
{
    return {QStringLiteral("0.0.0.0/8"), QStringLiteral("127.0.0.0/8"), QStringLiteral("169.254.0.0/16"),
            QStringLiteral("100.100.100.200/32"), QStringLiteral("192.0.0.192/32"), QStringLiteral("224.0.0.0/3"),
            QStringLiteral("::/127"), QStringLiteral("fe80::/10"), QStringLiteral("fd00:ec2::254/128"),
            QStringLiteral("ff00::/8"), QStringLiteral("::ffff:0:0/96")};
}

QByteArray randomMarker()
{
    QByteArray bytes(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    return "SBD" + bytes.toHex();
}

QByteArray build(const EgressAllowList &list, const QStringList &blockedRanges, const QByteArray &decisionMarker)
{
    QByteArray c;
    c += "# Written by Sandbench for one sandbox; see core/net/squidconfig.h.\n";
    c += "http_port " + QByteArray::number(port) + "\n";
    // Nothing kept: every answer goes from the server to the sandbox as it is.
    c += "cache deny all\ncache_mem 0 MB\npid_filename none\nicp_port 0\nhtcp_port 0\nsnmp_port 0\n"
         "pinger_enable off\nlogfile_rotate 0\nshutdown_lifetime 0 seconds\n"
         "via off\nforwarded_for delete\nhttpd_suppress_version_string on\n"
         "cache_log stdio:/dev/stderr\n";
    // A body on GET or HEAD is framed like any other (Content-Length or chunked) and passed on:
    // Squid's default refuses it with 411, and clients send one (busybox wget sends its
    // --post-data through a proxy as a GET with a body). The proxy decides hosts, not methods.
    c += "request_entities on\n";
    // One line per transaction, read by Sandbench: URL-encoded fields, '-' for none.
    c += "logformat sandbench SB2 %ts.%03tu %>a %>p %#>rm %#>rd %>rP %>Hs %Ss %#{sandbench_rule}note "
         "%#{sandbench_reason}note %>st %<st %tr\n";
    c += "access_log stdio:/dev/stdout logformat=sandbench\nbuffered_logs off\n";
    // Asked last on each allow line, so only when Squid has allowed the request: it answers OK
    // and says so on stderr (the cache log, read by EgressProxy). Never cached, so every
    // request is told. Without its OK the allow line allows nothing, and the request is refused:
    // it fails closed.
    // The host is URL-encoded (%#) as in the access log, so a name is told the same way twice.
    c += "external_acl_type sb_decided ttl=0 negative_ttl=0 cache=0 children-max=4 children-startup=1 children-idle=1 "
         "concurrency=1000 %>a %>p %#>rd %>rP /bin/sh -c 'while read -r c r; do printf \"%s OK\\n\" \"$c\"; "
         "printf \"" + decisionMarker + " %s\\n\" \"$r\" >&2; done'\n";
    c += "acl sb_literal dstdom_regex -n ^[0-9.]+$ ^\\[?[0-9a-fA-F:.]+\\]?$\n";
    QByteArray blocked = "acl sb_blocked dst";
    for (const QString &range : fixedBlockedRanges() + blockedRanges)
        blocked += ' ' + range.toLatin1();
    c += blocked + "\n";
    QByteArray metadata = "acl sb_metadata_name dstdomain -n";
    QStringList exactNames;
    for (const EgressRule &r : list.rules()) {
        if (r.kind == EgressRule::Kind::Host)
            exactNames << r.host;
    }
    bool anyMetadata = false;
    for (const char *name : {"metadata.google.internal", "metadata.goog", "metadata", "instance-data",
                             "metadata.azure.internal", "instance-data.ec2.internal"}) {
        if (!exactNames.contains(QLatin1String(name))) {
            metadata += QByteArray(" ") + name;
            anyMetadata = true;
        }
    }
    if (anyMetadata)
        c += metadata + "\n";
    c += "acl sb_why_notlisted annotate_transaction sandbench_reason=notlisted\n"
         "acl sb_why_metadata annotate_transaction sandbench_reason=metadata\n"
         "acl sb_why_blocked annotate_transaction sandbench_reason=blocked\n";
    QByteArray listed = "acl sb_listed any-of";
    QByteArray exactAllows, allows;
    for (qsizetype i = 0; i < list.rules().size(); ++i) {
        const EgressRule &r = list.rules()[i];
        const QByteArray n = QByteArray::number(i);
        QByteArray parts;
        switch (r.kind) {
        case EgressRule::Kind::Host:
            c += "acl sb_r" + n + " dstdomain -n " + r.host.toLatin1() + "\n";
            parts = "sb_r" + n;
            break;
        case EgressRule::Kind::Subdomains:
            c += "acl sb_r" + n + " dstdom_regex -n -i \\." + regexForName(r.host) + "$\n";
            parts = "sb_r" + n;
            break;
        case EgressRule::Kind::Ip:
        case EgressRule::Kind::Cidr:
            // dst on a literal request reads the literal: no name is resolved for it.
            c += "acl sb_r" + n + " dst " + r.network.toString().toLatin1() + "/" + QByteArray::number(r.prefixLength) + "\n";
            parts = "sb_literal sb_r" + n;
            break;
        }
        if (r.port) {
            c += "acl sb_p" + n + " port " + QByteArray::number(*r.port) + "\n";
            parts += " sb_p" + n;
        }
        c += "acl sb_a" + n + " all-of " + parts + "\n";
        c += "acl sb_n" + n + " annotate_transaction sandbench_rule=allow[" + n + "]\n";
        c += "acl sb_d" + n + " external sb_decided " + n + "\n";
        listed += " sb_a" + n;
        const QByteArray line = "http_access allow sb_a" + n + " sb_n" + n + " sb_d" + n + "\n";
        // A host service (127.0.0.1:PORT, localhost:PORT) is decided before the loopback deny:
        // it never reaches loopback here, hostServiceRules() sends it to its relay.
        if (r.kind == EgressRule::Kind::Ip || r.isHostService())
            exactAllows += line;
        else
            allows += line;
    }
    c += listed + "\n";
    c += exactAllows;
    c += "http_access deny !sb_listed sb_why_notlisted\n";
    if (anyMetadata)
        c += "http_access deny sb_metadata_name sb_why_metadata\n";
    c += "http_access deny sb_blocked sb_why_blocked\n";
    c += allows;
    c += "http_access deny all\n";
    return c;
}

// ----- host services (127.0.0.1:PORT, localhost:PORT): kept apart from build()'s rules.
QByteArray hostServiceRules(const EgressAllowList &list, const QString &gateway, const QMap<qsizetype, quint16> &relayPorts)
{
    QByteArray c;
    for (qsizetype i = 0; i < list.rules().size(); ++i) {
        if (!list.rules()[i].isHostService())
            continue;
        const QByteArray n = QByteArray::number(i);
        // Never direct: inside the proxy, loopback is the proxy itself. Without its relay the
        // request fails (no peer), it is never tried on the proxy's own loopback.
        c += "never_direct allow sb_a" + n + "\n";
        if (!relayPorts.contains(i) || gateway.isEmpty())
            continue;
        // An origin server peer: plain HTTP is sent to it as to the origin, and a CONNECT is
        // tunnelled to it without a CONNECT of its own.
        c += "cache_peer " + gateway.toLatin1() + " parent " + QByteArray::number(relayPorts.value(i))
             + " 0 no-query no-digest no-netdb-exchange originserver name=sb_host" + n + "\n";
        c += "cache_peer_access sb_host" + n + " allow sb_a" + n + "\n";
        c += "cache_peer_access sb_host" + n + " deny all\n";
    }
    return c;
}

namespace {

QString fieldText(const QByteArray &field)
{
    return field == "-" ? QString() : QUrl::fromPercentEncoding(field);
}

QString resourceOf(const QString &host, const QByteArray &port)
{
    const QString portText = port == "-" ? QString() : QString::fromLatin1(port);
    return host.isEmpty() ? QStringLiteral("-") : portText.isEmpty() ? host : host + QLatin1Char(':') + portText;
}

// "allow[N]" (the access log's note) or "N" (the helper's argument) to the audit's rule.
QString allowRule(const QString &rule, const EgressAllowList &list)
{
    bool ok = false;
    const QString digits = rule.startsWith(QLatin1String("allow[")) && rule.endsWith(QLatin1Char(']')) ? rule.mid(6).chopped(1) : rule;
    const int index = digits.toInt(&ok);
    return ok && index >= 0 && index < list.rules().size()
               ? QStringLiteral("network.allow[%1] %2").arg(index).arg(list.rules()[index].canonical())
               : rule;
}

// Squid's %>a %>p: an address and a port, nothing else (they key a connection's two lines).
bool isClient(const QByteArray &address, const QByteArray &port)
{
    bool ok = false;
    const uint p = port.toUInt(&ok);
    if (!ok || p == 0 || p > 65535 || address.isEmpty() || address.size() > 64)
        return false;
    for (const char ch : address) {
        if (!std::isxdigit(static_cast<unsigned char>(ch)) && ch != '.' && ch != ':')
            return false;
    }
    return true;
}

} // namespace

std::optional<ProxyLine> parseDecisionLine(const QByteArray &line, const QByteArray &decisionMarker, const EgressAllowList &list)
{
    if (decisionMarker.isEmpty())
        return std::nullopt;
    const QList<QByteArray> f = line.trimmed().split(' ');
    if (f.size() != 6 || f[0] != decisionMarker || !isClient(f[1], f[2]))
        return std::nullopt;
    ProxyLine out;
    out.client = f[1] + ' ' + f[2];
    AuditEvent &e = out.event;
    e.timeMs = QDateTime::currentMSecsSinceEpoch();
    e.kind = QStringLiteral("net");
    e.action = QStringLiteral("connect");
    e.resource = resourceOf(fieldText(f[3]), f[4]);
    e.allowed = true;
    e.rule = allowRule(QString::fromLatin1(f[5]), list);
    return out;
}

std::optional<ProxyLine> parseLogLine(const QByteArray &line, const EgressAllowList &list)
{
    const QList<QByteArray> f = line.trimmed().split(' ');
    if (f.size() != 14 || f[0] != "SB2")
        return std::nullopt;
    auto number = [](const QByteArray &field) {
        bool ok = false;
        const qint64 v = field.toLongLong(&ok);
        return ok && v >= 0 ? v : qint64(-1);
    };
    ProxyLine out;
    // A request Squid could not read has no client fields worth keying on: it is denied.
    if (isClient(f[2], f[3]))
        out.client = f[2] + ' ' + f[3];
    AuditEvent &e = out.event;
    bool ok = false;
    const double seconds = f[1].toDouble(&ok);
    if (!ok)
        return std::nullopt;
    e.timeMs = qint64(seconds * 1000.0);
    e.kind = QStringLiteral("net");
    e.action = QStringLiteral("connect");
    const QString host = fieldText(f[5]);
    e.resource = resourceOf(host, f[6]);
    const QString rule = fieldText(f[9]);
    const QByteArray why = fieldText(f[10]).toLatin1();
    // Allowed only when an entry matched and Squid did not refuse it anyway.
    e.allowed = !rule.isEmpty() && !f[8].contains("DENIED");
    if (e.allowed) {
        e.rule = allowRule(rule, list);
        if (f[7] != "200" && f[7] != "-" && !f[7].startsWith('2') && !f[7].startsWith('3') && !f[7].startsWith('4'))
            e.reason = QStringLiteral("the proxy could not reach it (status %1)").arg(QString::fromLatin1(f[7]));
    } else if (host.isEmpty()) {
        e.rule = QStringLiteral("network.allow");
        e.reason = QStringLiteral("the client closed or sent no request the proxy could read (%1)")
                       .arg(QString::fromLatin1(f[8]).left(60));
    } else {
        e.rule = why.isEmpty() ? QStringLiteral("network.allow") : QStringLiteral("network.allow:%1").arg(QString::fromLatin1(why));
        e.reason = reasonText(why, e.resource);
    }
    e.bytesOut = number(f[11]);
    e.bytesIn = number(f[12]);
    e.durationMs = number(f[13]);
    return out;
}

} // namespace Sandbench::SquidConfig
