#include "secretproxyconfig.h"

#include "net/squidconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace Sandbench::SecretProxyConfig {

namespace {

// The addon. It decides by the request's host (where mitmproxy sends it, through Squid, after
// verifying that host's certificate), never by a Host header, and only for https: a value
// never goes out in clear or to a host it was not given for.
constexpr char addon[] = R"PY(# Written by Sandbench; see core/net/secretproxyconfig.h.
import json
import os
import threading


def _end_with_input():
    # An exec run's proxy (core/net/hostmitmproxy.h) ends when Sandbench, which holds the
    # other end of its input, closes it or dies.
    while os.read(0, 4096):
        pass
    os._exit(0)


if os.environ.get("SB_WATCH_STDIN") == "1":
    threading.Thread(target=_end_with_input, daemon=True).start()


class SecretSwap:
    def __init__(self, path):
        with open(path, "rb") as f:
            secrets = json.load(f)
        self.rules = [(s["placeholder"].encode("ascii"), s["value"].encode("ascii"), frozenset(s["hosts"]))
                      for s in secrets]

    def requestheaders(self, flow):
        # Bodies pass as they come (unless traffic is recorded or replayed): nothing of them
        # is read or kept here.
        if not flow.metadata.get("sb_record"):
            flow.request.stream = True
        if flow.request.scheme != "https":
            return
        host = flow.request.host.lower().rstrip(".")
        rules = [(p, v) for p, v, hosts in self.rules if host in hosts]
        if not rules:
            return
        fields = []
        for name, value in flow.request.headers.fields:
            for placeholder, secret in rules:
                value = value.replace(placeholder, secret)
            fields.append((name, value))
        flow.request.headers.fields = tuple(fields)

    def responseheaders(self, flow):
        if not flow.metadata.get("sb_record"):
            flow.response.stream = True


addons = [SecretSwap(os.environ.get("SB_SECRETS_PATH", "/tmp/sb/secrets.json"))]
)PY";

// Squid and mitmdump side by side; the first to end ends the other and the script, so the
// stream Sandbench holds ends and the sandbox is offline (EgressProxy::onStreamEnded). The
// secrets' file and a replay's recording (read from standard input, SB_TRAFFIC_BYTES long) are
// gone once mitmdump has read them.
constexpr char script[] = R"SH(set -eu
umask 077
mkdir -p /tmp/sb /tmp/mitm
printf '%s\n' "$SQUID_CONF" >/tmp/squid.conf
printf '%s' "$SB_ADDON" >/tmp/sb/secretswap.py
printf '%s' "$SB_SECRETS" >/tmp/sb/secrets.json
printf '%s' "${SB_UPSTREAM_CA:-}" >/tmp/sb/upstream-ca.pem
printf '%s' "${SB_TRAFFIC_ADDON:-}" >/tmp/sb/traffic.py
if [ -n "${SB_TRAFFIC_BYTES:-}" ]; then
    head -c "$SB_TRAFFIC_BYTES" >/tmp/sb/traffic.json
    got=$(wc -c </tmp/sb/traffic.json)
    [ "$got" = "$SB_TRAFFIC_BYTES" ] || { echo "sandbench-egress: the recording to replay ended after $got of $SB_TRAFFIC_BYTES bytes" >&2; exit 1; }
fi
exec </dev/null
unset SQUID_CONF SB_ADDON SB_SECRETS SB_UPSTREAM_CA SB_TRAFFIC_ADDON SB_TRAFFIC_BYTES
python3 -c 'from mitmproxy.certs import CertStore; CertStore.from_store("/tmp/mitm", "mitmproxy", 2048)'
sed 's/^/SBCA /' /tmp/mitm/mitmproxy-ca-cert.pem
squid -N -f /tmp/squid.conf &
squid=$!
mitmdump --mode upstream:http://127.0.0.1:%1 --listen-port %2 --set confdir=/tmp/mitm \
    --set ignore_hosts="$1" %5 -s /tmp/sb/secretswap.py --set termlog_verbosity=warn --set flow_detail=0 %3 &
mitm=$!
(
    until (exec 3<>/dev/tcp/127.0.0.1/%1 && exec 4<>/dev/tcp/127.0.0.1/%2) 2>/dev/null; do sleep 0.1; done
    rm -f /tmp/sb/secrets.json /tmp/sb/traffic.json
    echo %4
) &
wait -n "$squid" "$mitm" || true
kill "$squid" "$mitm" 2>/dev/null || true
exit 1
)SH";

} // namespace

QString placeholder(const QString &name)
{
    QByteArray raw(16, Qt::Uninitialized);
    for (char &c : raw)
        c = char(QRandomGenerator::system()->bounded(256));
    return QStringLiteral("sandbench-secret-%1-%2").arg(name, QString::fromLatin1(raw.toHex()));
}

QList<EgressSecret> withPlaceholders(const QList<SandboxSecret> &secrets)
{
    QList<EgressSecret> out;
    for (const SandboxSecret &s : secrets)
        out << EgressSecret{s.name, s.hosts, s.value, placeholder(s.name)};
    return out;
}

QMap<QString, QString> sandboxEnvironment(const QList<EgressSecret> &secrets)
{
    QMap<QString, QString> env;
    for (const EgressSecret &s : secrets)
        env.insert(s.name, s.placeholder);
    const QString bundle = QLatin1String(sandboxBundlePath);
    const QString ca = QLatin1String(sandboxCaPath);
    // Whole bundles replace a client's trust store; the CA alone adds to one.
    for (const char *name : {"SSL_CERT_FILE", "CURL_CA_BUNDLE", "REQUESTS_CA_BUNDLE", "GIT_SSL_CAINFO", "PIP_CERT"})
        env.insert(QLatin1String(name), bundle);
    for (const char *name : {"NODE_EXTRA_CA_CERTS", "DENO_CERT"})
        env.insert(QLatin1String(name), ca);
    return env;
}

QByteArray squidBehindMitm(const QByteArray &squidConf)
{
    const QByteArray from = "http_port " + QByteArray::number(SquidConfig::port) + "\n";
    const QByteArray to = "http_port 127.0.0.1:" + QByteArray::number(squidPort) + "\n";
    QByteArray out = squidConf;
    const qsizetype at = out.indexOf(from);
    Q_ASSERT(at >= 0);
    return at >= 0 ? out.replace(at, from.size(), to) : QByteArray();
}

QString ignoreHostsPattern(const QList<EgressSecret> &secrets)
{
    QStringList names;
    for (const EgressSecret &s : secrets) {
        for (const QString &h : s.hosts)
            names << QRegularExpression::escape(h);
    }
    names.removeDuplicates();
    // mitmproxy searches it in the name (some versions "name:port"), case-insensitively.
    return QStringLiteral("^(?!(?:%1)(?::[0-9]+)?$)").arg(names.join(QLatin1Char('|')));
}

QByteArray addonSource()
{
    return QByteArray(addon);
}

QByteArray secretsJson(const QList<EgressSecret> &secrets)
{
    QJsonArray list;
    for (const EgressSecret &s : secrets) {
        list << QJsonObject{{QStringLiteral("placeholder"), s.placeholder},
                            {QStringLiteral("value"), QString::fromLatin1(s.value)},
                            {QStringLiteral("hosts"), QJsonArray::fromStringList(s.hosts)}};
    }
    return QJsonDocument(list).toJson(QJsonDocument::Compact);
}

QStringList startCommand(const QList<EgressSecret> &secrets, bool upstreamCa, TrafficCapture capture)
{
    // Recording or replaying, every connection is terminated (the pattern matches no name);
    // a replay opens none upstream (lazy), so answers never wait on a network that is not there.
    QString traffic;
    if (capture == TrafficCapture::Record)
        traffic = QStringLiteral("-s /tmp/sb/traffic.py --set stream_large_bodies=%1").arg(TrafficProxyConfig::maxRecordedBodyBytes);
    else if (capture == TrafficCapture::Replay)
        traffic = QStringLiteral("-s /tmp/sb/traffic.py --set connection_strategy=lazy --set upstream_cert=false");
    const QString text = QString::fromLatin1(script)
                             .arg(squidPort)
                             .arg(SquidConfig::port)
                             .arg(upstreamCa ? QStringLiteral("--set ssl_verify_upstream_trusted_ca=/tmp/sb/upstream-ca.pem") : QString())
                             .arg(QLatin1String(readyMarker))
                             .arg(traffic);
    const QString ignore = capture == TrafficCapture::Off ? ignoreHostsPattern(secrets) : QStringLiteral("^$");
    return {QStringLiteral("bash"), QStringLiteral("-c"), text, QStringLiteral("sandbench-egress"), ignore};
}

QStringList startEnvironment(const QByteArray &squidConf, const QList<EgressSecret> &secrets, const QByteArray &upstreamCaPem)
{
    return {QStringLiteral("SQUID_CONF=") + QString::fromLatin1(squidBehindMitm(squidConf)),
            QStringLiteral("SB_ADDON=") + QString::fromLatin1(addonSource()),
            QStringLiteral("SB_SECRETS=") + QString::fromLatin1(secretsJson(secrets)),
            QStringLiteral("SB_UPSTREAM_CA=") + QString::fromLatin1(upstreamCaPem),
            QStringLiteral("HOME=/tmp"), QStringLiteral("PYTHONDONTWRITEBYTECODE=1")};
}

QString installCaScript()
{
    // The image's own bundle (Debian's path, else none) and the CA after it, written whole
    // before being moved into place, readable by the sandbox's user, changeable by root alone.
    return QStringLiteral("set -e; umask 022; cat >%1.tmp; "
                          "{ cat /etc/ssl/certs/ca-certificates.crt 2>/dev/null || true; cat %1.tmp; } >%2.tmp; "
                          "chmod 0644 %1.tmp %2.tmp; mv -f %1.tmp %1; mv -f %2.tmp %2")
        .arg(QLatin1String(sandboxCaPath), QLatin1String(sandboxBundlePath));
}

} // namespace Sandbench::SecretProxyConfig
