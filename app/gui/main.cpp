// sandbench: the workbench GUI. Thin on purpose: options, translations, theme, the window.
#include "appsettings.h"
#include "mainwindow.h"
#include "panels/auditpanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"
#include "runcontroller.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
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
    const QCommandLineOption quitAfter(QStringLiteral("quit-after-ms"), QStringLiteral("Quit after this many milliseconds (smoke tests)."), QStringLiteral("ms"));
    // Not "--session": QGuiApplication takes that one for X11 session management.
    const QCommandLineOption session(QStringLiteral("session-file"), QStringLiteral("Open a session (.sbsession) in the Sessions panel."), QStringLiteral("file"));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Replay the opened session once it is open."));
    const QCommandLineOption replayPolicy(QStringLiteral("replay-policy"), QStringLiteral("Replay under this policy file instead of the recorded one."), QStringLiteral("file"));
    parser.addOptions({script, policy, auditLog, session, replay, replayPolicy, run, theme, lang, screenshot, quitAfter});
    // The desktop file passes what was opened from a file manager: a session or a script.
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A session (.sbsession) or a script to open."), QStringLiteral("[file]"));
    parser.process(app);

    AppSettings settings = AppSettings::load();
    installTranslators(app, parser.isSet(lang) ? parser.value(lang) : settings.language);
    applyTheme(parser.isSet(theme) ? themeFromName(parser.value(theme)) : settings.theme);

    MainWindow window;
    if (parser.isSet(script)) {
        QString error;
        if (!window.scriptPanel()->openFile(parser.value(script), &error))
            std::fprintf(stderr, "sandbench: %s\n", qPrintable(error));
    }
    if (parser.isSet(policy)) {
        QString error;
        if (!window.policyPanel()->loadFile(parser.value(policy), &error))
            std::fprintf(stderr, "sandbench: %s\n", qPrintable(error));
    }
    if (parser.isSet(auditLog)) {
        QString error;
        if (!window.auditPanel()->openLog(parser.value(auditLog), &error))
            std::fprintf(stderr, "sandbench: %s\n", qPrintable(error));
    }
    QString sessionFile = parser.value(session);
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fprintf(stderr, "sandbench: give one file to open\n");
        return 2;
    }
    if (!files.isEmpty() && files.constFirst().endsWith(QStringLiteral(".sbsession")) && sessionFile.isEmpty()) {
        sessionFile = files.constFirst();
    } else if (!files.isEmpty()) {
        QString error;
        if (!window.scriptPanel()->openFile(files.constFirst(), &error))
            std::fprintf(stderr, "sandbench: %s\n", qPrintable(error));
    }
    if ((parser.isSet(replay) || parser.isSet(replayPolicy)) && sessionFile.isEmpty()) {
        std::fprintf(stderr, "sandbench: --replay and --replay-policy need a session file\n");
        return 2;
    }
    if (parser.isSet(replayPolicy)) {
        QString error;
        if (!window.sessionsPanel()->setReplayPolicyFile(parser.value(replayPolicy), &error)) {
            std::fprintf(stderr, "sandbench: --replay-policy: %s\n", qPrintable(error));
            return 2;
        }
    }
    window.show();

    int exitCode = 0;
    if (parser.isSet(screenshot)) {
        const QString path = parser.value(screenshot);
        auto shoot = [&window, path, &exitCode] {
            // A moment for the last output to be flushed and painted.
            QTimer::singleShot(400, &window, [&window, path, &exitCode] {
                if (!window.grab().save(path)) {
                    std::fprintf(stderr, "sandbench: cannot write %s\n", qPrintable(path));
                    exitCode = 1;
                }
                QApplication::exit(exitCode);
            });
        };
        // The picture is still taken (it shows the error); the exit status says it went wrong.
        auto shootFailed = [shoot, &exitCode] {
            exitCode = 1;
            shoot();
        };
        if (parser.isSet(run)) {
            QObject::connect(window.runController(), &RunController::runFinished, &window, shoot);
            QObject::connect(window.runController(), &RunController::runFailed, &window, shoot);
        } else if (parser.isSet(replay)) {
            QObject::connect(window.sessionsPanel(), &SessionsPanel::replayFinished, &window, shoot);
            QObject::connect(window.sessionsPanel(), &SessionsPanel::replayFailed, &window, shootFailed);
            QObject::connect(window.sessionsPanel(), &SessionsPanel::openFailed, &window, shootFailed);
        } else if (!sessionFile.isEmpty()) {
            QObject::connect(window.sessionsPanel(), &SessionsPanel::sessionOpened, &window, shoot);
            QObject::connect(window.sessionsPanel(), &SessionsPanel::openFailed, &window, shootFailed);
        } else {
            QTimer::singleShot(300, &window, shoot);
        }
    }
    if (parser.isSet(run))
        QTimer::singleShot(0, &window, [&window] { window.runScript(); });
    if (!sessionFile.isEmpty()) {
        if (parser.isSet(replay)) {
            QObject::connect(window.sessionsPanel(), &SessionsPanel::sessionOpened, &window,
                             [&window] { window.sessionsPanel()->replay(); }, Qt::SingleShotConnection);
        }
        QObject::connect(window.sessionsPanel(), &SessionsPanel::openFailed, &window,
                         [](const QString &message) { std::fprintf(stderr, "sandbench: %s\n", qPrintable(message)); });
        window.openSessionFile(sessionFile);
    }
    if (parser.isSet(quitAfter)) {
        bool ok = false;
        const int ms = parser.value(quitAfter).toInt(&ok);
        if (!ok || ms < 0) {
            std::fprintf(stderr, "sandbench: --quit-after-ms needs a number\n");
            return 2;
        }
        QTimer::singleShot(ms, &app, [] { QApplication::exit(0); });
    }
    const int rc = QApplication::exec();
    return rc != 0 ? rc : exitCode;
}
