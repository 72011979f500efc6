#pragma once

#include <QObject>
#include <QString>

#include <optional>

namespace Sandbench {

class MainWindow;

// What the command line asks the window to do once it is up: files to open, a run or a replay
// to start, a screenshot to take before quitting (for documentation and smoke tests).
struct StartupOptions
{
    QString script;
    QString policy;
    QString auditLog;
    QString sessionFile;
    QString replayPolicy;
    QString screenshot;
    // With a screenshot: one more picture per panel, each brought forward, as PREFIX-NAME.png
    // (NAME from the dock: script, policy, audit, ...), for the documentation.
    QString panelScreenshots;
    bool run = false;
    bool replay = false;
    std::optional<int> quitAfterMs;
};

// Carries StartupOptions out on a shown window. Problems with a file are printed (escaped: a
// hostile name cannot drive the terminal) and the window still comes up; exitCode() says
// whether the screenshot run went wrong.
class StartupActions : public QObject
{
    Q_OBJECT
public:
    StartupActions(MainWindow *window, StartupOptions options);

    // Opens what was named; a usage error (2) when the options cannot go together, else 0.
    int openFiles();
    // After the window is shown: starts the run or the replay, arms the screenshot and the quit.
    void start();
    int exitCode() const { return m_exitCode; }

private:
    void shoot();
    void shootFailed();
    // Brings dock `index` forward, grabs it, then goes on with the next; quits after the last.
    void shootPanel(int index);
    void finish();

    MainWindow *m_window;
    StartupOptions m_options;
    int m_exitCode = 0;
    bool m_shooting = false;
};

} // namespace Sandbench
