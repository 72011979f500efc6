// sandbench: the workbench GUI. Thin on purpose: options, translations, theme, the window; what
// the options ask of the window is ui/startupactions'.
#include "appsettings.h"
#include "mainwindow.h"
#include "startupactions.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>
#include <unistd.h>

using namespace Sandbench;

namespace {

void installTranslators(QApplication &app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto *ours = new QTranslator(&app);
    if (ours->load(locale, QStringLiteral("sandbench"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(ours);
    // Qt's own strings (dialog buttons) when the distribution ships them.
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qt);
    QLocale::setDefault(locale);
}

} // namespace

int main(int argc, char *argv[])
{
    // The port preview is a QWebEngineView: it shares GL contexts with the widgets, and as root
    // Chromium refuses to start with its own sandbox on.
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    if (::geteuid() == 0 && qEnvironmentVariableIsEmpty("QTWEBENGINE_DISABLE_SANDBOX"))
        qputenv("QTWEBENGINE_DISABLE_SANDBOX", "1");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Sandbench"));
    QApplication::setApplicationName(QStringLiteral("sandbench"));
    QApplication::setApplicationVersion(QStringLiteral(SANDBENCH_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("Sandbench"));
    QApplication::setDesktopFileName(QStringLiteral("org.sandbench.Sandbench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Workbench for running agent-written code under readable, auditable rules."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption script(QStringLiteral("script"), QStringLiteral("Open a script."), QStringLiteral("file"));
    const QCommandLineOption policy(QStringLiteral("policy"), QStringLiteral("Open a policy file."), QStringLiteral("file"));
    const QCommandLineOption auditLog(QStringLiteral("audit-log"), QStringLiteral("Open an audit log."), QStringLiteral("file"));
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("Run the script once the window is up."));
    const QCommandLineOption theme(QStringLiteral("theme"), QStringLiteral("system, light or dark (this session only)."), QStringLiteral("name"));
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("Language for this session: en, de, ja."), QStringLiteral("code"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Save a PNG of the window and quit (after --run ends, if given)."), QStringLiteral("file"));
    const QCommandLineOption panelShots(QStringLiteral("screenshot-panels"), QStringLiteral("With --screenshot: also save one PNG per panel, each brought forward, as PREFIX-PANEL.png."), QStringLiteral("prefix"));
    const QCommandLineOption quitAfter(QStringLiteral("quit-after-ms"), QStringLiteral("Quit after this many milliseconds (smoke tests)."), QStringLiteral("ms"));
    // Not "--session": QGuiApplication takes that one for X11 session management.
    const QCommandLineOption session(QStringLiteral("session-file"), QStringLiteral("Open a session (.sbsession, or an agent session .sbagent) in the Sessions panel."), QStringLiteral("file"));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Replay the opened session once it is open."));
    const QCommandLineOption replayPolicy(QStringLiteral("replay-policy"), QStringLiteral("Replay under this policy file instead of the recorded one."), QStringLiteral("file"));
    parser.addOptions({script, policy, auditLog, session, replay, replayPolicy, run, theme, lang, screenshot, panelShots, quitAfter});
    // The desktop file passes what was opened from a file manager: a session or a script.
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A session (.sbsession, .sbagent) or a script to open."), QStringLiteral("[file]"));
    parser.process(app);

    AppSettings settings = AppSettings::load();
    installTranslators(app, parser.isSet(lang) ? parser.value(lang) : settings.language);
    applyTheme(parser.isSet(theme) ? themeFromName(parser.value(theme)) : settings.theme);

    StartupOptions startup;
    startup.script = parser.value(script);
    startup.policy = parser.value(policy);
    startup.auditLog = parser.value(auditLog);
    startup.sessionFile = parser.value(session);
    startup.replayPolicy = parser.value(replayPolicy);
    startup.screenshot = parser.value(screenshot);
    startup.panelScreenshots = parser.value(panelShots);
    if (!startup.panelScreenshots.isEmpty() && startup.screenshot.isEmpty()) {
        std::fprintf(stderr, "sandbench: --screenshot-panels needs --screenshot\n");
        return 2;
    }
    startup.run = parser.isSet(run);
    startup.replay = parser.isSet(replay);
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fprintf(stderr, "sandbench: give one file to open\n");
        return 2;
    }
    // What a file manager opens: a session, or else a script.
    if (!files.isEmpty() && (files.constFirst().endsWith(QStringLiteral(".sbsession")) || files.constFirst().endsWith(QStringLiteral(".sbagent")))
        && startup.sessionFile.isEmpty())
        startup.sessionFile = files.constFirst();
    else if (!files.isEmpty())
        startup.script = files.constFirst();
    if (parser.isSet(quitAfter)) {
        bool ok = false;
        const int ms = parser.value(quitAfter).toInt(&ok);
        if (!ok || ms < 0) {
            std::fprintf(stderr, "sandbench: --quit-after-ms needs a number of milliseconds\n");
            return 2;
        }
        startup.quitAfterMs = ms;
    }

    MainWindow window;
    auto *actions = new StartupActions(&window, startup);
    if (const int usage = actions->openFiles())
        return usage;
    window.endSessionOnSignals();
    window.show();
    actions->start();
    const int rc = QApplication::exec();
    if (const int signal = window.endedBySignal())
        return 128 + signal;
    return rc != 0 ? rc : actions->exitCode();
}
