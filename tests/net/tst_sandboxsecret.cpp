// Secrets (`--secret NAME@HOST[,HOST...][=file:PATH]`): where the value comes from, what the
// pool refuses before anything is made, and what the egress proxy is configured with. Errors
// name the secret, never its value.
#include "net/secretproxyconfig.h"
#include "sandbox/sandboxsecret.h"
#include "sandbox/sandboxvalidation.h"

#include <QRegularExpression>
#include <QTest>

using namespace Sandbench;

namespace {

const QByteArray value = "sk-live-0123456789abcdef";

std::optional<QByteArray> environment(const QString &name)
{
    if (name == QLatin1String("API_KEY"))
        return value;
    if (name == QLatin1String("EMPTY"))
        return QByteArray();
    if (name == QLatin1String("NEWLINE"))
        return QByteArray("abc\r\nX-Injected: 1");
    return std::nullopt;
}

Result<QByteArray> files(const QString &path)
{
    if (path == QLatin1String("/secrets/key"))
        return value + "\n";
    return fail(ErrorCode::InvalidInput, QStringLiteral("the file %1 cannot be read").arg(path));
}

Result<SandboxSecret> parse(const QString &spec)
{
    return SandboxSecrets::parseSpec(spec, environment, files);
}

SandboxOptions allowOptions(const QStringList &domains, const QList<SandboxSecret> &secrets)
{
    SandboxOptions o;
    o.lifetimeMs = 1000;
    o.network.kind = NetworkKind::Domains;
    o.network.domains = domains;
    o.secrets = secrets;
    return o;
}

} // namespace

class TestSandboxSecret : public QObject
{
    Q_OBJECT
private slots:
    void fromEnvironment()
    {
        auto s = parse(QStringLiteral("API_KEY@API.Example.com.,uploads.example.com"));
        QVERIFY2(s, qPrintable(s ? QString() : s.error().message));
        QCOMPARE(s->name, QStringLiteral("API_KEY"));
        QCOMPARE(s->hosts, (QStringList{QStringLiteral("api.example.com"), QStringLiteral("uploads.example.com")}));
        QCOMPARE(s->value, value);
    }

    void fromFile()
    {
        auto s = parse(QStringLiteral("TOKEN@api.example.com=file:/secrets/key"));
        QVERIFY2(s, qPrintable(s ? QString() : s.error().message));
        QCOMPARE(s->value, value); // the trailing newline dropped
        auto missing = parse(QStringLiteral("TOKEN@api.example.com=file:/nowhere"));
        QVERIFY(!missing);
        QVERIFY2(missing.error().message.contains(QLatin1String("/nowhere")), qPrintable(missing.error().message));
    }

    void badSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("named");
        QTest::newRow("no host") << "API_KEY" << "NAME@HOST";
        QTest::newRow("empty host") << "API_KEY@" << "API_KEY";
        QTest::newRow("bad name") << "9KEY@api.example.com" << "9KEY";
        QTest::newRow("dash name") << "API-KEY@api.example.com" << "API-KEY";
        QTest::newRow("reserved") << "SSL_CERT_FILE@api.example.com" << "SSL_CERT_FILE";
        QTest::newRow("proxy var") << "https_proxy@api.example.com" << "https_proxy";
        QTest::newRow("wildcard") << "API_KEY@*.example.com" << "*.example.com";
        QTest::newRow("port") << "API_KEY@api.example.com:443" << "api.example.com:443";
        QTest::newRow("address") << "API_KEY@10.0.0.1" << "10.0.0.1";
        QTest::newRow("url") << "API_KEY@https://api.example.com" << "https://api.example.com";
        QTest::newRow("unset") << "MISSING@api.example.com" << "the environment variable MISSING is not set";
        QTest::newRow("empty value") << "EMPTY@api.example.com" << "EMPTY is empty";
        QTest::newRow("header injection") << "NEWLINE@api.example.com" << "NEWLINE holds a control";
        QTest::newRow("value inline") << "API_KEY@api.example.com=sk-inline" << "file:PATH";
    }

    void badSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, named);
        auto s = parse(spec);
        QVERIFY(!s);
        QVERIFY2(s.error().message.contains(named), qPrintable(s.error().message));
        QVERIFY(!s.error().message.contains(QString::fromLatin1(value)));
        QVERIFY(!s.error().message.contains(QLatin1String("X-Injected")));
    }

    // The pool: secrets only with network allow, each host in the allow list, no name twice or
    // shadowing a variable (which would hand the sandbox the value).
    void poolChecks()
    {
        PoolOptions pool;
        pool.maxSandboxes = 1;
        pool.maxLifetimeMs = 10'000;
        pool.network = {NetworkKind::None, NetworkKind::All, NetworkKind::Domains};
        SandboxFeatures features;
        features.network = pool.network;
        const SandboxSecret key{QStringLiteral("API_KEY"), {QStringLiteral("api.example.com")}, value};
        auto check = [&](const SandboxOptions &o) { return SandboxValidation::checkSandboxOptions(o, pool, features); };

        QVERIFY(check(allowOptions({QStringLiteral("api.example.com:443")}, {key})));
        QVERIFY(check(allowOptions({QStringLiteral("*.example.com")}, {key})));
        auto unlisted = check(allowOptions({QStringLiteral("other.example.com")}, {key}));
        QVERIFY(!unlisted);
        QVERIFY2(unlisted.error().message.contains(QLatin1String("api.example.com")), qPrintable(unlisted.error().message));
        SandboxOptions all = allowOptions({}, {key});
        all.network.kind = NetworkKind::All;
        auto online = check(all);
        QVERIFY(!online);
        QVERIFY2(online.error().message.contains(QLatin1String("API_KEY")), qPrintable(online.error().message));
        auto twice = check(allowOptions({QStringLiteral("api.example.com")}, {key, key}));
        QVERIFY(!twice);
        SandboxOptions shadow = allowOptions({QStringLiteral("api.example.com")}, {key});
        shadow.env.insert(QStringLiteral("API_KEY"), QStringLiteral("x"));
        auto shadowed = check(shadow);
        QVERIFY(!shadowed);
        QVERIFY2(shadowed.error().message.contains(QLatin1String("API_KEY")) && shadowed.error().message.contains(QLatin1String("sandbox")),
                 qPrintable(shadowed.error().message));
        // A run's variables are its policy's env, and the words say so.
        auto run = SandboxSecrets::checkAll({key}, {{QStringLiteral("API_KEY"), QStringLiteral("x")}}, SandboxSecrets::HostScope::ThisMachine);
        QVERIFY(!run);
        QVERIFY2(run.error().message.contains(QLatin1String("API_KEY")) && run.error().message.contains(QLatin1String("policy's env")),
                 qPrintable(run.error().message));
        QVERIFY(SandboxSecrets::checkAll({key}, {{QStringLiteral("OTHER"), QStringLiteral("x")}}, SandboxSecrets::HostScope::ThisMachine));
        SandboxSecret bad = key;
        bad.value = "a\nb";
        QVERIFY(!check(allowOptions({QStringLiteral("api.example.com")}, {bad})));
        bad = key;
        bad.hosts = {QStringLiteral("API.example.com")};
        QVERIFY(!check(allowOptions({QStringLiteral("api.example.com")}, {bad})));
    }

    void proxyConfiguration()
    {
        const QList<EgressSecret> secrets = SecretProxyConfig::withPlaceholders(
            {{QStringLiteral("API_KEY"), {QStringLiteral("api.example.com"), QStringLiteral("up.example.com")}, value}});
        QCOMPARE(secrets.size(), 1);
        static const QRegularExpression form(QStringLiteral("^sandbench-secret-API_KEY-[0-9a-f]{32}$"));
        QVERIFY2(form.match(secrets[0].placeholder).hasMatch(), qPrintable(secrets[0].placeholder));
        QVERIFY(SecretProxyConfig::placeholder(QStringLiteral("API_KEY")) != secrets[0].placeholder);
        const QMap<QString, QString> env = SecretProxyConfig::sandboxEnvironment(secrets);
        QCOMPARE(env.value(QStringLiteral("API_KEY")), secrets[0].placeholder);
        QCOMPARE(env.value(QStringLiteral("SSL_CERT_FILE")), QLatin1String(SecretProxyConfig::sandboxBundlePath));
        QCOMPARE(env.value(QStringLiteral("NODE_EXTRA_CA_CERTS")), QLatin1String(SecretProxyConfig::sandboxCaPath));
        for (const QString &v : env)
            QVERIFY(!v.contains(QString::fromLatin1(value)));
        for (const QString &key : env.keys()) {
            if (key != QLatin1String("API_KEY"))
                QVERIFY2(SandboxSecrets::reservedName(key), qPrintable(key));
        }

        // Passed through untouched: everything but the secrets' hosts exactly.
        const QRegularExpression ignore(SecretProxyConfig::ignoreHostsPattern(secrets), QRegularExpression::CaseInsensitiveOption);
        QVERIFY(ignore.isValid());
        for (const char *passed : {"example.com", "xapi.example.com", "api.example.com.evil.test", "api-example.com", "other.test:443"})
            QVERIFY2(ignore.match(QLatin1String(passed)).hasMatch(), passed);
        for (const char *bumped : {"api.example.com", "API.example.com", "up.example.com", "api.example.com:443"})
            QVERIFY2(!ignore.match(QLatin1String(bumped)).hasMatch(), bumped);

        // Squid moves behind mitmdump, on loopback alone.
        const QByteArray conf = SecretProxyConfig::squidBehindMitm("# x\nhttp_port 3128\ncache deny all\n");
        QCOMPARE(conf, QByteArray("# x\nhttp_port 127.0.0.1:3129\ncache deny all\n"));
        QVERIFY(SecretProxyConfig::secretsJson(secrets).contains(value));
        QVERIFY(!SecretProxyConfig::startCommand(secrets, false).join(QLatin1Char(' ')).contains(QString::fromLatin1(value)));
    }
};

QTEST_GUILESS_MAIN(TestSandboxSecret)
#include "tst_sandboxsecret.moc"
