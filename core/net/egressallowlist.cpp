#include "egressallowlist.h"

#include <QRegularExpression>
#include <QUrl>

namespace Sandbench {

namespace {

Error bad(const QString &entry, const QString &why)
{
    QString shown = entry.left(120);
    static const QRegularExpression control(QStringLiteral("[\\x00-\\x1f\\x7f]"));
    shown.replace(control, QStringLiteral("?"));
    return {ErrorCode::InvalidInput, QStringLiteral("network allow entry \"%1\": %2").arg(shown, why)};
}

// A strict dotted-quad or an IPv6 literal: the looser spellings inet_aton takes ("0x7f.1",
// "2130706433") are refused here rather than guessed at, so that what is listed is what is read.
std::optional<QHostAddress> strictIp(const QString &text)
{
    static const QRegularExpression v4(QRegularExpression::anchoredPattern(
        QStringLiteral("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}")));
    if (v4.match(text).hasMatch())
        return QHostAddress(text);
    if (text.contains(QLatin1Char(':'))) {
        QHostAddress a;
        if (a.setAddress(text) && a.protocol() == QAbstractSocket::IPv6Protocol && a.scopeId().isEmpty())
            return a;
    }
    return std::nullopt;
}

Result<QString> hostName(const QString &entry, const QString &text)
{
    QString name = text;
    if (name.endsWith(QLatin1Char('.')))
        name.chop(1); // one trailing dot: the absolute spelling of the same name
    if (name.isEmpty() || name.endsWith(QLatin1Char('.')))
        return std::unexpected(bad(entry, QStringLiteral("the name is empty or has an empty label")));
    // Names are decided in their ASCII (punycode) form, the one a client sends in CONNECT and SNI.
    const QString ace = QString::fromLatin1(QUrl::toAce(name, QUrl::AceTransitionalProcessing)).toLower();
    if (ace.isEmpty())
        return std::unexpected(bad(entry, QStringLiteral("not a valid host name")));
    if (ace.size() > 253)
        return std::unexpected(bad(entry, QStringLiteral("the name is longer than 253 characters")));
    const QStringList labels = ace.split(QLatin1Char('.'));
    for (const QString &label : labels) {
        if (label.isEmpty() || label.size() > 63)
            return std::unexpected(bad(entry, QStringLiteral("a label is empty or longer than 63 characters")));
        if (label.startsWith(QLatin1Char('-')) || label.endsWith(QLatin1Char('-')))
            return std::unexpected(bad(entry, QStringLiteral("a label starts or ends with '-'")));
        for (const QChar c : label) {
            if (!(c.isDigit() || (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || c == QLatin1Char('-') || c == QLatin1Char('_')))
                return std::unexpected(bad(entry, QStringLiteral("'%1' cannot be part of a host name").arg(c)));
        }
    }
    // All digits and dots but not a dotted quad: a resolver would read it as an address.
    static const QRegularExpression numeric(QRegularExpression::anchoredPattern(QStringLiteral("[0-9.]+|0x[0-9a-f.x]+")));
    if (numeric.match(ace).hasMatch())
        return std::unexpected(bad(entry, QStringLiteral("an address in a spelling other than a dotted quad; write it as a.b.c.d")));
    return ace;
}

} // namespace

QString EgressRule::canonical() const
{
    QString out;
    switch (kind) {
    case Kind::Host: out = host; break;
    case Kind::Subdomains: out = QStringLiteral("*.") + host; break;
    case Kind::Ip:
        out = network.protocol() == QAbstractSocket::IPv6Protocol ? QLatin1Char('[') + host + QLatin1Char(']') : host;
        break;
    case Kind::Cidr: return QStringLiteral("%1/%2").arg(network.toString()).arg(prefixLength);
    }
    return port ? QStringLiteral("%1:%2").arg(out).arg(*port) : out;
}

bool EgressRule::isHostService() const
{
    if (!port)
        return false;
    return (kind == Kind::Ip && network.isLoopback()) || (kind == Kind::Host && host == QLatin1String("localhost"));
}

QHostAddress EgressRule::hostServiceAddress() const
{
    return kind == Kind::Ip ? network : QHostAddress(QHostAddress::LocalHost);
}

namespace {

// Loopback names the machine Sandbench runs on, one port at a time (EgressRule::isHostService).
Result<EgressRule> checkLoopback(const QString &entry, EgressRule rule)
{
    const bool loopbackName = rule.kind == EgressRule::Kind::Host && rule.host == QLatin1String("localhost");
    const bool loopbackIp = rule.kind == EgressRule::Kind::Ip && rule.network.isLoopback();
    if ((loopbackName || loopbackIp) && !rule.port)
        return std::unexpected(bad(entry, QStringLiteral("a service on this machine is named with its port (127.0.0.1:PORT or localhost:PORT); "
                                                         "the whole machine is never allowed")));
    if (rule.kind == EgressRule::Kind::Cidr && (QHostAddress(QHostAddress::LocalHost).isInSubnet(rule.network, rule.prefixLength)
                                                || QHostAddress(QHostAddress::LocalHostIPv6).isInSubnet(rule.network, rule.prefixLength)))
        return std::unexpected(bad(entry, QStringLiteral("a range over loopback addresses; name a service on this machine as 127.0.0.1:PORT")));
    return rule;
}

} // namespace

Result<EgressRule> EgressAllowList::parseEntry(const QString &entry)
{
    auto rule = parseShape(entry);
    if (!rule)
        return rule;
    return checkLoopback(entry, std::move(*rule));
}

Result<EgressRule> EgressAllowList::parseShape(const QString &entry)
{
    EgressRule rule;
    rule.text = entry;
    const QString text = entry.trimmed();
    if (text.isEmpty())
        return std::unexpected(bad(entry, QStringLiteral("empty entry")));
    for (const QChar c : text) {
        if (c.isSpace() || c.category() == QChar::Other_Control || c == QLatin1Char('@') || c == QLatin1Char('?')
            || c == QLatin1Char('#') || c == QLatin1Char('\\'))
            return std::unexpected(bad(entry, QStringLiteral("'%1' cannot appear in an entry").arg(c.isPrint() ? QString(c) : QStringLiteral("?"))));
    }
    static const QRegularExpression cidrShape(QRegularExpression::anchoredPattern(QStringLiteral("[0-9a-fA-F:.\\[\\]]+/[0-9]+")));
    if (text.contains(QLatin1String("://")) || (text.contains(QLatin1Char('/')) && !cidrShape.match(text).hasMatch()))
        return std::unexpected(bad(entry, QStringLiteral("give a host, host:port, *.domain, IP or CIDR, not a URL or path")));
    if (text == QLatin1String("*") || text.startsWith(QLatin1String("*:")))
        return std::unexpected(bad(entry, QStringLiteral("'*' would allow every host: use network 'all' instead")));

    // CIDR: address/prefix, no port (a range of literals, each decided like an IP entry).
    if (const qsizetype slash = text.indexOf(QLatin1Char('/')); slash >= 0) {
        QString addressText = text.left(slash);
        if (addressText.startsWith(QLatin1Char('[')) && addressText.endsWith(QLatin1Char(']')))
            addressText = addressText.mid(1, addressText.size() - 2);
        const auto address = strictIp(addressText);
        if (!address)
            return std::unexpected(bad(entry, QStringLiteral("'%1' is not an IP address").arg(addressText)));
        bool ok = false;
        const int prefix = text.mid(slash + 1).toInt(&ok);
        const int bits = address->protocol() == QAbstractSocket::IPv4Protocol ? 32 : 128;
        if (!ok || prefix < 0 || prefix > bits)
            return std::unexpected(bad(entry, QStringLiteral("the prefix length must be 1 to %1").arg(bits)));
        if (prefix == 0)
            return std::unexpected(bad(entry, QStringLiteral("a /0 range is every address: use network 'all' instead")));
        const auto [net, len] = QHostAddress::parseSubnet(QStringLiteral("%1/%2").arg(address->toString()).arg(prefix));
        if (net != *address)
            return std::unexpected(bad(entry, QStringLiteral("host bits are set below /%1 (the range starts at %2)").arg(prefix).arg(net.toString())));
        rule.kind = EgressRule::Kind::Cidr;
        rule.network = net;
        rule.prefixLength = len;
        rule.host = net.toString().toLower();
        return rule;
    }

    QString hostPart = text;
    if (text.startsWith(QLatin1Char('['))) {
        const qsizetype close = text.indexOf(QLatin1Char(']'));
        if (close < 0)
            return std::unexpected(bad(entry, QStringLiteral("'[' without ']'")));
        hostPart = text.mid(1, close - 1);
        const QString rest = text.mid(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(QLatin1Char(':')))
            return std::unexpected(bad(entry, QStringLiteral("text after ']' that is not a port")));
        if (!rest.isEmpty()) {
            bool ok = false;
            const int port = rest.mid(1).toInt(&ok);
            if (!ok || port < 1 || port > 65535)
                return std::unexpected(bad(entry, QStringLiteral("the port must be 1 to 65535")));
            rule.port = port;
        }
        const auto ip = strictIp(hostPart);
        if (!ip || ip->protocol() != QAbstractSocket::IPv6Protocol)
            return std::unexpected(bad(entry, QStringLiteral("'[%1]' is not an IPv6 address").arg(hostPart)));
        rule.kind = EgressRule::Kind::Ip;
        rule.network = *ip;
        rule.prefixLength = 128;
        rule.host = ip->toString().toLower();
        return rule;
    }
    if (text.count(QLatin1Char(':')) > 1) {
        const auto ip = strictIp(text);
        if (!ip)
            return std::unexpected(bad(entry, QStringLiteral("not an IPv6 address (write [v6]:port for a port)")));
        rule.kind = EgressRule::Kind::Ip;
        rule.network = *ip;
        rule.prefixLength = 128;
        rule.host = ip->toString().toLower();
        return rule;
    }
    if (const qsizetype colon = text.indexOf(QLatin1Char(':')); colon >= 0) {
        bool ok = false;
        const QString portText = text.mid(colon + 1);
        const int port = portText.toInt(&ok);
        if (!ok || portText.startsWith(QLatin1Char('+')) || port < 1 || port > 65535)
            return std::unexpected(bad(entry, QStringLiteral("the port must be 1 to 65535")));
        rule.port = port;
        hostPart = text.left(colon);
    }
    if (hostPart.startsWith(QLatin1String("*."))) {
        const QString domain = hostPart.mid(2);
        if (strictIp(domain))
            return std::unexpected(bad(entry, QStringLiteral("a wildcard over an address never matches; list the address or a CIDR")));
        auto name = hostName(entry, domain);
        if (!name)
            return std::unexpected(name.error());
        if (!name->contains(QLatin1Char('.')))
            return std::unexpected(bad(entry, QStringLiteral("a wildcard over a top-level domain ('*.%1') is too wide").arg(*name)));
        rule.kind = EgressRule::Kind::Subdomains;
        rule.host = *name;
        return rule;
    }
    if (hostPart.contains(QLatin1Char('*')))
        return std::unexpected(bad(entry, QStringLiteral("'*' is only allowed as a leading '*.'")));
    if (const auto ip = strictIp(hostPart)) {
        rule.kind = EgressRule::Kind::Ip;
        rule.network = *ip;
        rule.prefixLength = 32;
        rule.host = ip->toString();
        return rule;
    }
    auto name = hostName(entry, hostPart);
    if (!name)
        return std::unexpected(name.error());
    rule.kind = EgressRule::Kind::Host;
    rule.host = *name;
    return rule;
}

Result<EgressAllowList> EgressAllowList::parse(const QStringList &entries)
{
    if (entries.isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("network 'allow' needs at least one host"));
    if (entries.size() > maxEntries)
        return fail(ErrorCode::InvalidInput, QStringLiteral("network 'allow' lists %1 entries; at most %2").arg(entries.size()).arg(maxEntries));
    EgressAllowList list;
    for (const QString &entry : entries) {
        auto rule = parseEntry(entry);
        if (!rule)
            return std::unexpected(rule.error());
        list.m_rules << *rule;
    }
    return list;
}

Result<EgressAllowList> EgressAllowList::parseSpec(const QString &spec)
{
    if (!spec.startsWith(QLatin1String("allow:")))
        return fail(ErrorCode::InvalidInput, QStringLiteral("expected allow:HOST[,HOST...], got \"%1\"").arg(spec.left(80)));
    const QString body = spec.mid(6);
    return parse(body.isEmpty() ? QStringList() : body.split(QLatin1Char(',')));
}

QStringList EgressAllowList::canonicalEntries() const
{
    QStringList out;
    for (const EgressRule &r : m_rules)
        out << r.canonical();
    return out;
}

} // namespace Sandbench
