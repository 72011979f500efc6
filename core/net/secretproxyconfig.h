#pragma once

#include "net/trafficproxyconfig.h"
#include "sandbox/sandboxtypes.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace Sandbench {

// A secret as the egress proxy holds it: the sandbox sees `placeholder` as $name, the proxy
// puts `value` in its place in request headers sent over HTTPS to `hosts`.
struct EgressSecret
{
    QString name;
    QStringList hosts;
    QByteArray value;
    QString placeholder;
};

// The egress proxy of a sandbox with secrets (core/net/egressproxy.h): mitmproxy's mitmdump
// listens where the sandbox's proxy variables point, in front of the sandbox's Squid, which
// then listens on the proxy container's loopback only and still decides and logs every
// connection (mitmdump forwards everything to it as its upstream proxy). mitmdump passes every
// connection through untouched (ignore_hosts) except those whose CONNECT name and TLS SNI are
// both a secret's host; those it terminates with the sandbox's own CA (made by mitmproxy in the
// proxy container at start; its private key never leaves it), verifies the server's
// certificate, and a small addon swaps placeholders for values in the request headers when the
// request goes over HTTPS to a host of that secret. Nothing else is changed; bodies stream.
namespace SecretProxyConfig {

constexpr int squidPort = 3129; // Squid's port behind mitmdump, on 127.0.0.1 only
// Printed on stdout once both listen; lines of the CA certificate come before it, prefixed.
constexpr char readyMarker[] = "SANDBENCH-SECRET-PROXY-READY";
constexpr char caLinePrefix[] = "SBCA ";
// In the sandbox, root's and read-only to its user: the CA alone, and the system bundle
// (when the image has one) with the CA added.
constexpr char sandboxCaPath[] = "/run/sandbench/secret-ca.pem";
constexpr char sandboxBundlePath[] = "/run/sandbench/ca-bundle.pem";

// "sandbench-secret-NAME-" and 128 random bits in hex: unique per sandbox and secret.
QString placeholder(const QString &name);
QList<EgressSecret> withPlaceholders(const QList<SandboxSecret> &secrets);

// What the sandbox gets: each secret's placeholder as its variable, and the variables that make
// common clients (OpenSSL, curl, Python, Node, Deno, git, pip) trust the sandbox's CA.
QMap<QString, QString> sandboxEnvironment(const QList<EgressSecret> &secrets);

// Squid's configuration with its listening port moved behind mitmdump.
QByteArray squidBehindMitm(const QByteArray &squidConf);

// mitmproxy's ignore_hosts: every name except the secrets' hosts (either the CONNECT name or
// the SNI matching it is enough to pass the connection through untouched).
QString ignoreHostsPattern(const QList<EgressSecret> &secrets);

// The addon (Python, loaded by mitmdump) and the JSON it reads the secrets from.
QByteArray addonSource();
QByteArray secretsJson(const QList<EgressSecret> &secrets);

// The bash script the proxy container runs (its argv after "bash -c"), and the environment it
// takes its inputs from (values: the Squid configuration, the addon, the secrets).
QStringList startCommand(const QList<EgressSecret> &secrets, bool upstreamCa, TrafficCapture capture = TrafficCapture::Off);
QStringList startEnvironment(const QByteArray &squidConf, const QList<EgressSecret> &secrets, const QByteArray &upstreamCaPem);

// Run as root in the sandbox with the CA on stdin: writes sandboxCaPath and sandboxBundlePath.
QString installCaScript();

} // namespace SecretProxyConfig

} // namespace Sandbench
