#include "netrule.h"

#include <QHostAddress>
#include <QUrl>

#include <arpa/inet.h>

namespace Sandbench {

namespace {

std::optional<int> parsePort(const QString &text)
{
    bool ok = false;
    const int port = text.toInt(&ok);
    if (!ok || port < 0 || port > 65535)
        return std::nullopt;
    return port;
}

// Returns the canonical text of an IP literal, or an empty string for a name.
QString canonicalIp(const QString &host)
{
    QHostAddress address;
    if (address.setAddress(host)) {
        bool mapped = false;
        const quint32 v4 = address.toIPv4Address(&mapped);
        if (mapped || address.protocol() == QAbstractSocket::IPv4Protocol)
            return QHostAddress(v4).toString();
        return address.toString().toLower();
    }
    // inet_aton accepts what getaddrinfo would connect to: octal, hex and short forms.
    struct in_addr v4 {};
    const QByteArray latin = host.toLatin1();
    if (!host.isEmpty() && host.at(0).isDigit() && ::inet_aton(latin.constData(), &v4) != 0)
        return QHostAddress(ntohl(v4.s_addr)).toString();
    return {};
}

} // namespace

std::optional<NetAddress> NetAddress::parse(const QString &input)
{
    QString text = input.trimmed();
    if (text.isEmpty() || text.contains(QLatin1Char(' ')) || text.contains(QChar(0)))
        return std::nullopt;
    NetAddress out;
    if (text.contains(QLatin1String("://"))) {
        const QUrl url(text, QUrl::StrictMode);
        // A user name in a destination is a disguise ("https://trusted.com@evil.com").
        if (!url.isValid() || url.host().isEmpty() || !url.userInfo().isEmpty())
            return std::nullopt;
        text = url.host(QUrl::FullyEncoded);
        const int defaultPort = url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("wss") ? 443
                                : url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("ws") ? 80
                                                                                                                : -1;
        const int port = url.port(defaultPort);
        if (port >= 0)
            out.port = port;
        if (text.contains(QLatin1Char(':')))
            text = QLatin1Char('[') + text + QLatin1Char(']');
    }
    if (text.startsWith(QLatin1Char('['))) {
        const qsizetype close = text.indexOf(QLatin1Char(']'));
        if (close < 0)
            return std::nullopt;
        const QString rest = text.mid(close + 1);
        if (!rest.isEmpty()) {
            if (!rest.startsWith(QLatin1Char(':')) || !(out.port = parsePort(rest.mid(1))))
                return std::nullopt;
        }
        text = text.mid(1, close - 1);
    } else if (text.count(QLatin1Char(':')) == 1) {
        const qsizetype colon = text.indexOf(QLatin1Char(':'));
        if (!(out.port = parsePort(text.mid(colon + 1))))
            return std::nullopt;
        text = text.left(colon);
    }
    // More than one colon and no brackets: a bare IPv6 literal (Deno sends "::1:8000"-like values
    // only in brackets; a rule may name one without).
    while (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    if (text.isEmpty())
        return std::nullopt;
    const QString ip = canonicalIp(text);
    if (!ip.isEmpty()) {
        out.host = ip;
        out.isIp = true;
    } else {
        if (text.contains(QLatin1Char(':')))
            return std::nullopt;
        // The runtime asks for names in punycode: a rule for "bücher.example" must say
        // "xn--bcher-kva.example" to match, and a name that cannot be one is refused.
        const QString ace = QString::fromLatin1(QUrl::toAce(text)).toLower();
        if (ace.isEmpty() || ace.size() > 253)
            return std::nullopt;
        for (const QString &label : ace.split(QLatin1Char('.'))) {
            if (label.isEmpty() || label.size() > 63 || label.startsWith(QLatin1Char('-')) || label.endsWith(QLatin1Char('-')))
                return std::nullopt;
            for (const QChar c : label) {
                if (!(c.isDigit() || (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || c == QLatin1Char('-') || c == QLatin1Char('_')))
                    return std::nullopt;
            }
        }
        out.host = ace;
    }
    return out;
}

std::optional<NetRule> NetRule::parse(const QString &text)
{
    NetRule rule;
    QString body = text.trimmed();
    if (body == QLatin1String("*")) {
        rule.m_anyHost = true;
        return rule;
    }
    if (body.startsWith(QLatin1String("*."))) {
        rule.m_subdomains = true;
        body = body.mid(2);
    }
    auto address = NetAddress::parse(body);
    if (!address || (rule.m_subdomains && address->isIp))
        return std::nullopt;
    rule.m_address = *address;
    return rule;
}

bool NetRule::matches(const NetAddress &address) const
{
    if (m_anyHost)
        return true;
    if (m_address.port && address.port != m_address.port)
        return false;
    if (m_subdomains)
        return address.host.endsWith(QLatin1Char('.') + m_address.host) && !address.isIp;
    return address.host == m_address.host;
}

bool NetRule::namesExactly(const NetAddress &address) const
{
    return !m_anyHost && !m_subdomains && matches(address);
}

bool isMetadataAddress(const NetAddress &address)
{
    if (address.isIp) {
        QHostAddress ip(address.host);
        if (ip.isInSubnet(QHostAddress(QStringLiteral("169.254.0.0")), 16)
            || ip.isInSubnet(QHostAddress(QStringLiteral("fe80::")), 10))
            return true;
        static const char *const ips[] = {"100.100.100.200", "fd00:ec2::254", "192.0.0.192"};
        for (const char *known : ips) {
            if (ip == QHostAddress(QLatin1String(known)))
                return true;
        }
        return false;
    }
    static const char *const names[] = {"metadata.google.internal", "metadata.goog", "metadata",
                                        "instance-data", "metadata.azure.internal",
                                        "instance-data.ec2.internal"};
    for (const char *known : names) {
        if (address.host == QLatin1String(known))
            return true;
    }
    return false;
}

bool isUnspecifiedAddress(const NetAddress &address)
{
    return address.isIp && (address.host == QLatin1String("0.0.0.0") || address.host == QLatin1String("::"));
}

} // namespace Sandbench
