// The sandbox session file without an engine: desktop steps and env values survive a write and a
// read; values stay out of the file unless recorded; a version 1 file from before desktop steps
// reads as it did; every step a hostile file could carry (unknown kind, off-screen click, text
// too long, values nobody recorded...) is refused with Parse, naming its step.
#include "session/sandbox/sandboxsession.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

namespace {

QByteArray png(QRgb colour)
{
    QImage image(32, 20, QImage::Format_RGB32);
    image.fill(colour);
    QByteArray out;
    QBuffer buffer(&out);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return out;
}

QString sha(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

SandboxStep execStep(const SandboxSession &session, const QStringList &argv)
{
    SandboxExecStep s;
    s.argv = argv;
    s.exitCode = 0;
    s.stdoutData = session.addPayload("out\n");
    return {s, {}};
}

SandboxStep inputStep(SandboxInputStep::Action action, void (*fill)(SandboxInputStep &) = nullptr)
{
    SandboxInputStep s;
    s.action = action;
    if (fill)
        fill(s);
    return {s, {}};
}

// A session with every kind of step and every input action.
SandboxSession everyStep()
{
    using Action = SandboxInputStep::Action;
    SandboxSession session;
    session.applicationVersion = QStringLiteral("0.0.0-test");
    session.recordedAtMs = 1'700'000'000'000;
    session.image = QStringLiteral("sandbench/desktop:2");
    session.envNames = {QStringLiteral("LANG"), QStringLiteral("TOKEN")};
    session.steps << execStep(session, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("xterm &")});
    session.steps << SandboxStep{SandboxWriteStep{QStringLiteral("/workspace/a.txt"), session.addPayload("a")}, {}};
    session.steps << inputStep(Action::Click, [](SandboxInputStep &s) {
        s.x = 100;
        s.y = 32767;
        s.button = MouseButton::Right;
        s.count = 2;
    });
    session.steps << inputStep(Action::Move, [](SandboxInputStep &s) {
        s.x = 0;
        s.y = 7;
    });
    session.steps << inputStep(Action::Scroll, [](SandboxInputStep &s) {
        s.x = 5;
        s.y = 6;
        s.dx = -100;
        s.dy = 3;
    });
    session.steps << inputStep(Action::Type, [](SandboxInputStep &s) { s.text = QStringLiteral("grüße, \"quoted\"\nnext line"); });
    session.steps << inputStep(Action::Key, [](SandboxInputStep &s) { s.text = QStringLiteral("ctrl+s Return"); });
    const SandboxStep shot{SandboxScreenshotStep{session.addPayload(png(qRgb(10, 20, 30)))}, {}};
    session.steps << shot << shot; // the same picture twice: stored once
    SandboxStep failedShot{SandboxScreenshotStep{}, {}};
    failedShot.outcome.setError({ErrorCode::InvalidInput, QStringLiteral("the sandbox's image has no desktop")});
    session.steps << failedShot;
    SandboxStep failedClick = inputStep(Action::Click);
    failedClick.outcome.setError({ErrorCode::Internal, QStringLiteral("xdotool failed")});
    session.steps << failedClick;
    return session;
}

// The members of a written session, by name.
QMap<QString, QByteArray> members(const QString &path)
{
    QTemporaryDir dir;
    QMap<QString, QByteArray> out;
    extractArchive(path, dir.path(), {}, [](const QString &) { return true; },
                   [&](const QString &name, const QString &extracted, const QByteArray &) -> VoidResult {
                       QFile file(extracted);
                       if (file.open(QIODevice::ReadOnly))
                           out.insert(name, file.readAll());
                       return {};
                   });
    return out;
}

QJsonObject manifestOf(const QString &path)
{
    return QJsonDocument::fromJson(members(path).value(QStringLiteral("manifest.json"))).object();
}

// Writes a session file around a hand-made manifest, with the contents it names.
QString writeManifest(const QString &path, const QJsonObject &manifest, const QList<QByteArray> &contents)
{
    QList<ArchiveMember> list{{QStringLiteral("manifest.json"), QJsonDocument(manifest).toJson(), {}}};
    for (const QByteArray &data : contents)
        list.append({QStringLiteral("files/") + sha(data), data, {}});
    auto written = writeArchive(path, list, QStringLiteral("SHA256SUMS"));
    return written ? path : QString();
}

// A manifest of one good exec step plus `step`, as a version 1 writer lays it out.
QJsonObject manifestWith(const QJsonObject &step, const QJsonObject &sandboxExtra = {})
{
    const QString empty = sha({});
    const QJsonObject exec{{QStringLiteral("kind"), QStringLiteral("exec")},
                           {QStringLiteral("argv"), QJsonArray{QStringLiteral("true")}},
                           {QStringLiteral("cwd"), QString()},
                           {QStringLiteral("envNames"), QJsonArray{QStringLiteral("TOKEN")}},
                           {QStringLiteral("timeoutMs"), 0},
                           {QStringLiteral("exitCode"), 0},
                           {QStringLiteral("stdout"), empty},
                           {QStringLiteral("stderr"), empty},
                           {QStringLiteral("timedOut"), false},
                           {QStringLiteral("truncated"), false},
                           {QStringLiteral("durationMs"), 12}};
    QJsonObject sandbox{{QStringLiteral("image"), QStringLiteral("sandbench/desktop:2")},
                        {QStringLiteral("network"), QStringLiteral("none")},
                        {QStringLiteral("envNames"), QJsonArray{QStringLiteral("TOKEN")}}};
    for (auto it = sandboxExtra.begin(); it != sandboxExtra.end(); ++it)
        sandbox.insert(it.key(), it.value());
    QJsonArray steps{exec};
    if (!step.isEmpty())
        steps.append(step);
    return {{QStringLiteral("kind"), QStringLiteral("sandbox")},
            {QStringLiteral("formatVersion"), 1},
            {QStringLiteral("application"), QJsonObject{{QStringLiteral("name"), QStringLiteral("sandbench")},
                                                        {QStringLiteral("version"), QStringLiteral("0.1.0")}}},
            {QStringLiteral("recordedAtMs"), 1.7e12},
            {QStringLiteral("sandbox"), sandbox},
            {QStringLiteral("steps"), steps}};
}

} // namespace

class TestSandboxSessionFormat : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void desktopStepsRoundTrip()
    {
        const SandboxSession session = everyStep();
        const QString path = m_dir.filePath(QStringLiteral("every.sbsession"));
        QVERIFY(session.write(path));
        auto read = SandboxSession::read(path);
        QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
        QCOMPARE(read->steps.size(), session.steps.size());
        for (qsizetype i = 0; i < session.steps.size(); ++i)
            QVERIFY2(read->steps.at(i) == session.steps.at(i), qPrintable(QStringLiteral("step %1").arg(i + 1)));
        QCOMPARE(*read, session);
        QCOMPARE(read->formatVersion, 1);

        // The PNG is content-addressed like every other datum, and a failed screenshot has none.
        const QMap<QString, QByteArray> files = members(path);
        const QByteArray picture = *session.load(7, SandboxPayloadKind::Png);
        QCOMPARE(files.value(QStringLiteral("files/") + sha(picture)), picture);
        // Read back, it is loaded from the file, checked against its digest.
        QCOMPARE(*read->load(7, SandboxPayloadKind::Png), picture);
        QCOMPARE(read->payloads->archivePath(), path);
        const QJsonArray steps = manifestOf(path).value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.at(7).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("screenshot"));
        QCOMPARE(steps.at(7).toObject().value(QStringLiteral("png")).toString(), sha(picture));
        QVERIFY(!steps.at(9).toObject().contains(QStringLiteral("png")));
        QCOMPARE(steps.at(2).toObject().value(QStringLiteral("action")).toString(), QStringLiteral("click"));
        QCOMPARE(steps.at(2).toObject().value(QStringLiteral("button")).toString(), QStringLiteral("right"));
    }

    void envValuesStayOutUnlessRecorded()
    {
        SandboxSession session = everyStep();
        const QString secret = QStringLiteral("s3cr3t-value-for-the-test");
        // Values set by mistake on a session that keeps names only are not written.
        session.envValues.insert(QStringLiteral("TOKEN"), secret);
        session.steps[0].as<SandboxExecStep>()->envNames = {QStringLiteral("TOKEN")};
        session.steps[0].as<SandboxExecStep>()->envValues.insert(QStringLiteral("TOKEN"), secret);
        const QString off = m_dir.filePath(QStringLiteral("off.sbsession"));
        QVERIFY(session.write(off));
        for (const QByteArray &member : members(off))
            QVERIFY(!member.contains(secret.toUtf8()));
        const QJsonObject sandbox = manifestOf(off).value(QStringLiteral("sandbox")).toObject();
        QVERIFY(!sandbox.contains(QStringLiteral("envValuesRecorded")));
        QVERIFY(!sandbox.contains(QStringLiteral("envValues")));
        auto readOff = SandboxSession::read(off);
        QVERIFY(readOff);
        QVERIFY(!readOff->envValuesRecorded);
        QVERIFY(readOff->envValues.isEmpty());
        QVERIFY(readOff->steps.at(0).as<SandboxExecStep>()->envValues.isEmpty());
        QCOMPARE(readOff->steps.at(0).as<SandboxExecStep>()->envNames, QStringList{QStringLiteral("TOKEN")});

        session.envValuesRecorded = true;
        const QString on = m_dir.filePath(QStringLiteral("on.sbsession"));
        QVERIFY(session.write(on));
        auto readOn = SandboxSession::read(on);
        QVERIFY2(readOn, qPrintable(readOn ? QString() : readOn.error().message));
        QVERIFY(readOn->envValuesRecorded);
        QCOMPARE(readOn->envValues.value(QStringLiteral("TOKEN")), secret);
        QCOMPARE(readOn->steps.at(0).as<SandboxExecStep>()->envValues.value(QStringLiteral("TOKEN")), secret);
        QCOMPARE(*readOn, session);
    }

    // Recorded traffic: its bodies are members by digest like any payload, it reads back equal,
    // and a session without it is written as before.
    void trafficRoundTrip()
    {
        SandboxSession session = everyStep();
        session.network = NetworkKind::Domains;
        session.trafficRecorded = true;
        const QByteArray line = QJsonDocument(QJsonObject{
            {QStringLiteral("method"), QStringLiteral("POST")}, {QStringLiteral("url"), QStringLiteral("http://web.test/echo")},
            {QStringLiteral("requestHeaders"), QJsonArray{QJsonArray{QString::fromLatin1(QByteArray("Cookie").toBase64()),
                                                                     QString::fromLatin1(QByteArray("id=42").toBase64())}}},
            {QStringLiteral("requestBody"), QString::fromLatin1(QByteArray("posted-body-bytes").toBase64())},
            {QStringLiteral("status"), 200}, {QStringLiteral("responseHeaders"), QJsonArray()},
            {QStringLiteral("responseBody"), QString::fromLatin1(QByteArray("answer-body-bytes").toBase64())},
            {QStringLiteral("omitted"), QJsonArray()}, {QStringLiteral("startMs"), 1.7e12 + 5},
            {QStringLiteral("durationMs"), 3}, {QStringLiteral("allowed"), true}}).toJson(QJsonDocument::Compact);
        QVERIFY(session.traffic.addProxyLine(line, {}, *session.payloads, qint64(1.7e12)));
        const QString path = m_dir.filePath(QStringLiteral("traffic.sbsession"));
        QVERIFY(session.write(path));
        const QMap<QString, QByteArray> written = members(path);
        QCOMPARE(written.value(QStringLiteral("files/") + sha("posted-body-bytes")), QByteArray("posted-body-bytes"));
        QCOMPARE(written.value(QStringLiteral("files/") + sha("answer-body-bytes")), QByteArray("answer-body-bytes"));
        QVERIFY(!written.value(QStringLiteral("manifest.json")).contains("id=42"));
        auto read = SandboxSession::read(path);
        QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
        QVERIFY(read->trafficRecorded);
        QCOMPARE(*read, session);
        QCOMPARE(read->traffic.redacted, QStringList{QStringLiteral("request header Cookie")});

        // Traffic claimed for a network that has none passing a proxy: refused, named.
        QJsonObject manifest = manifestOf(path);
        QJsonObject sandbox = manifest.value(QStringLiteral("sandbox")).toObject();
        sandbox.insert(QStringLiteral("network"), QStringLiteral("all"));
        manifest.insert(QStringLiteral("sandbox"), sandbox);
        QList<QByteArray> contents;
        for (auto it = written.begin(); it != written.end(); ++it) {
            if (it.key().startsWith(QLatin1String("files/")))
                contents << it.value();
        }
        const QString all = writeManifest(m_dir.filePath(QStringLiteral("traffic-all.sbsession")), manifest, contents);
        auto refused = SandboxSession::read(all);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(QStringLiteral("recorded traffic with network all")), qPrintable(refused.error().message));

        // Without traffic, none of its fields.
        session.trafficRecorded = false;
        session.network = NetworkKind::None;
        const QString none = m_dir.filePath(QStringLiteral("no-traffic.sbsession"));
        QVERIFY(session.write(none));
        QVERIFY(!manifestOf(none).value(QStringLiteral("sandbox")).toObject().contains(QStringLiteral("traffic")));
    }

    void versionOneFileReadsAsBefore()
    {
        // Laid out as the writer before desktop steps and env values did.
        const QString path = writeManifest(m_dir.filePath(QStringLiteral("v1.sbsession")), manifestWith({}), {QByteArray()});
        QVERIFY(!path.isEmpty());
        auto read = SandboxSession::read(path);
        QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
        QCOMPARE(read->formatVersion, 1);
        QCOMPARE(read->steps.size(), 1);
        QVERIFY(read->steps.first().is<SandboxExecStep>());
        QCOMPARE(read->steps.first().as<SandboxExecStep>()->envNames, QStringList{QStringLiteral("TOKEN")});
        QVERIFY(!read->envValuesRecorded);
        QVERIFY(read->envValues.isEmpty());
        // Written again, it is the same manifest: nothing new appears for old content.
        const QString again = m_dir.filePath(QStringLiteral("v1-again.sbsession"));
        QVERIFY(read->write(again));
        QCOMPARE(manifestOf(again), manifestWith({}));
    }

    void hostileStepsAreRefused_data()
    {
        QTest::addColumn<QJsonObject>("step");
        QTest::addColumn<QJsonObject>("sandboxExtra");
        QTest::addColumn<QString>("reason");
        auto input = [](const QString &action, const QJsonObject &args) {
            QJsonObject o = args;
            o.insert(QStringLiteral("kind"), QStringLiteral("input"));
            o.insert(QStringLiteral("action"), action);
            return o;
        };
        const QJsonObject at{{QStringLiteral("x"), 10}, {QStringLiteral("y"), 10}};
        auto with = [](QJsonObject o, const QString &key, const QJsonValue &value) {
            o.insert(key, value);
            return o;
        };
        const QJsonObject click = with(with(at, QStringLiteral("button"), QStringLiteral("left")), QStringLiteral("count"), 1);
        const QJsonObject scroll = with(with(at, QStringLiteral("dx"), 0), QStringLiteral("dy"), 1);
        const QJsonObject none;
        QTest::newRow("unknown kind") << QJsonObject{{QStringLiteral("kind"), QStringLiteral("teleport")}} << none
                                      << QStringLiteral("step 2: unknown kind \"teleport\"");
        QTest::newRow("no kind") << QJsonObject{{QStringLiteral("x"), 1}} << none << QStringLiteral("step 2: unknown kind \"\"");
        QTest::newRow("unknown action") << input(QStringLiteral("drag"), at) << none << QStringLiteral("step 2: an input with an unknown action");
        QTest::newRow("negative x") << input(QStringLiteral("click"), with(click, QStringLiteral("x"), -1)) << none
                                    << QStringLiteral("step 2: a click needs x and y from 0 to 32767");
        QTest::newRow("huge y") << input(QStringLiteral("move"), with(at, QStringLiteral("y"), 40000)) << none
                                << QStringLiteral("step 2: a move needs x and y");
        // Refused by type before the range is looked at.
        QTest::newRow("fractional x") << input(QStringLiteral("move"), with(at, QStringLiteral("x"), 1.5)) << none
                                      << QStringLiteral("step 2: \"x\" is not a whole number");
        QTest::newRow("text x") << input(QStringLiteral("move"), with(at, QStringLiteral("x"), QStringLiteral("10"))) << none
                                << QStringLiteral("step 2: \"x\" is not a whole number");
        QTest::newRow("no y") << input(QStringLiteral("move"), QJsonObject{{QStringLiteral("x"), 1}}) << none
                              << QStringLiteral("step 2: a move needs x and y");
        QTest::newRow("four clicks") << input(QStringLiteral("click"), with(click, QStringLiteral("count"), 4)) << none
                                     << QStringLiteral("step 2: a click needs a count from 1 to 3");
        QTest::newRow("unknown button") << input(QStringLiteral("click"), with(click, QStringLiteral("button"), QStringLiteral("thumb"))) << none
                                        << QStringLiteral("step 2: a click with an unknown button \"thumb\"");
        QTest::newRow("scroll too far") << input(QStringLiteral("scroll"), with(scroll, QStringLiteral("dy"), 101)) << none
                                        << QStringLiteral("step 2: a scroll needs dx and dy from -100 to 100");
        QTest::newRow("empty type") << input(QStringLiteral("type"), QJsonObject{{QStringLiteral("text"), QString()}}) << none
                                    << QStringLiteral("step 2: a type needs a text of 1 to 4096 characters");
        QTest::newRow("type too long") << input(QStringLiteral("type"), QJsonObject{{QStringLiteral("text"), QString(Desktop::maxTypeLength + 1, QLatin1Char('a'))}})
                                       << none << QStringLiteral("step 2: a type needs a text of 1 to 4096 characters");
        QTest::newRow("key with a shell") << input(QStringLiteral("key"), QJsonObject{{QStringLiteral("text"), QStringLiteral("ctrl+$(reboot)")}})
                                          << none << QStringLiteral("step 2: \"ctrl+$(reboot)\" is not a key combination");
        QTest::newRow("screenshot without png") << QJsonObject{{QStringLiteral("kind"), QStringLiteral("screenshot")}} << none
                                                << QStringLiteral("step 2: its PNG is missing from files/");
        QTest::newRow("screenshot not a png") << QJsonObject{{QStringLiteral("kind"), QStringLiteral("screenshot")},
                                                             {QStringLiteral("png"), sha({})}}
                                              << none << QStringLiteral("step 2: its screenshot is not a PNG");
        QJsonObject valued = manifestWith({}).value(QStringLiteral("steps")).toArray().first().toObject();
        valued.insert(QStringLiteral("envValues"), QJsonObject{{QStringLiteral("TOKEN"), QStringLiteral("x")}});
        QTest::newRow("step values not recorded") << valued << none
                                                  << QStringLiteral("step 2: env values, but the session says none were recorded");
        valued.insert(QStringLiteral("envValues"), QJsonObject{{QStringLiteral("OTHER"), QStringLiteral("x")}});
        QTest::newRow("value without its name") << valued << QJsonObject{{QStringLiteral("envValuesRecorded"), true}}
                                                << QStringLiteral("step 2: a value for OTHER, which is not among its envNames");
        valued.insert(QStringLiteral("envValues"), QJsonObject{{QStringLiteral("TOKEN"), 5}});
        QTest::newRow("value not a string") << valued << QJsonObject{{QStringLiteral("envValuesRecorded"), true}}
                                            << QStringLiteral("step 2: the value of TOKEN is not a string");
        QTest::newRow("sandbox values not recorded")
                << QJsonObject() << QJsonObject{{QStringLiteral("envValues"), QJsonObject{{QStringLiteral("TOKEN"), QStringLiteral("x")}}}}
                << QStringLiteral("sandbox: env values, but the session says none were recorded");
    }

    void hostileStepsAreRefused()
    {
        QFETCH(QJsonObject, step);
        QFETCH(QJsonObject, sandboxExtra);
        QFETCH(QString, reason);
        const QString path = writeManifest(m_dir.filePath(QStringLiteral("hostile.sbsession")),
                                           manifestWith(step, sandboxExtra), {QByteArray()});
        QVERIFY(!path.isEmpty());
        auto read = SandboxSession::read(path);
        QVERIFY(!read);
        QCOMPARE(read.error().code, ErrorCode::Parse);
        QVERIFY2(read.error().message.contains(reason), qPrintable(read.error().message));
        QVERIFY2(read.error().message.contains(path), qPrintable(read.error().message));
    }
};

QTEST_GUILESS_MAIN(TestSandboxSessionFormat)
#include "tst_sandboxsessionformat.moc"
