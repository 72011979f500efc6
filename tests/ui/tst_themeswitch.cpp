// Issue #24, "theme and language that apply halfway": a theme switch recolours output already
// shown (the console, a sandbox's exec output), a served page stays readable under the dark
// theme, and German and Japanese explanations keep the engine's English apart as quoted data.
// Offscreen, no runtime: sandboxes come from the fake provider.
#include "fakeprovider.h"
#include "models/auditlogmodel.h"
#include "mainwindow.h"
#include "panels/auditpanel.h"
#include "panels/consolepanel.h"
#include "panels/elidedlabel.h"
#include "panels/sessiondiffview.h"
#include "panels/sessionspanel.h"
#include "session/exec/execreplaypolicy.h"
#include "session/replayreport.h"
#include "textroles.h"
#include "panels/policyeditorpanel.h"
#include "workbench/workbench.h"
#include "panels/codeeditor.h"
#include "panels/scripteditorpanel.h"
#include "panels/portpreviewpanel.h"
#include "panels/sandboxexecwidget.h"
#include "policy/policy.h"
#include "sandbox/sandboxpool.h"
#include "theme.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QDialog>
#include <QDirIterator>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTextBlock>
#include <QTimer>
#include <QTranslator>
#include <QWebEnginePage>
#include <QWebEngineView>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// The lowest contrast of any character in `view` against the view's base colour, and the text
// of the run that has it.
std::pair<double, QString> worstContrast(const QPlainTextEdit *view)
{
    const QColor base = view->palette().color(QPalette::Base);
    const QColor text = view->palette().color(QPalette::Text);
    double worst = 21.0;
    QString where;
    for (QTextBlock block = view->document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            // No brush of its own: drawn in the palette's text colour.
            const QColor fg = format.foreground().style() == Qt::NoBrush ? text : format.foreground().color();
            const double ratio = contrastRatio(fg, base);
            if (ratio < worst) {
                worst = ratio;
                where = it.fragment().text() + QStringLiteral(" (") + fg.name() + QLatin1Char(')');
            }
        }
    }
    return {worst, where};
}

std::unique_ptr<SandboxPool> fakePool()
{
    PoolOptions o;
    o.maxSandboxes = 1;
    o.maxLifetimeMs = 3'600'000;
    o.network = {NetworkKind::None, NetworkKind::All};
    auto pool = SandboxPool::open(std::make_unique<FakeProvider>(), o);
    return pool ? std::move(*pool) : nullptr;
}

// Chooses `themeIndex` in the Settings dialog as a user does: Ctrl+, then the Theme box by
// keyboard, then Return.
void switchThemeThroughSettings(MainWindow *window, int key)
{
    window->activateWindow();
    QTRY_COMPARE(QApplication::activeWindow(), window);
    bool done = false;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, window, [&] {
        auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
        if (!dialog || done)
            return; // not open yet
        done = true;
        auto *theme = dialog->findChild<QComboBox *>(QStringLiteral("theme"));
        QVERIFY(theme);
        theme->setFocus();
        QTest::keyClick(theme, Qt::Key(key));
        QTest::keyClick(theme, Qt::Key_Return);
    });
    poll.start();
    QTest::keyClick(window, Qt::Key_Comma, Qt::ControlModifier);
    QTRY_VERIFY(done);
    QTRY_VERIFY(!QApplication::activeModalWidget());
}

// The explanation with every quoted piece of data taken out: the engine's message (“…”), the
// policy's own words ("…", allow_read[0], "deny_fs"), what is left must be the language's.
QString withoutData(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("\u201c[^\u201d]*\u201d")));
    text.remove(QRegularExpression(QStringLiteral("\"[^\"]*\"")));
    text.remove(QRegularExpression(QStringLiteral("\\b[a-z]+_[a-z_]+(\\[\\d+\\])?")));
    return text;
}

} // namespace

class TestThemeSwitch : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_themeswitch"));
        QSettings().clear();
        applyTheme(Theme::Light);
    }
    void cleanup() { applyTheme(Theme::Light); }

    // Output written under one theme is recoloured by a switch to the other: stderr, our
    // notices, a sandbox's command line and its plain output all stay readable.
    void switchRecoloursOutputAlreadyShown()
    {
        auto pool = fakePool();
        QVERIFY(pool);
        SandboxOptions options;
        options.lifetimeMs = 600'000;
        auto made = waitFor(pool->create(options), 5000);
        QVERIFY(made && *made);
        SandboxExecWidget exec;
        exec.setSandbox(*made);
        exec.show();
        QVERIFY(QTest::qWaitForWindowExposed(&exec));
        auto *command = exec.findChild<QLineEdit *>(QStringLiteral("execCommand"));
        QTest::keyClicks(command, QStringLiteral("echo written under light"));
        QTest::keyClick(command, Qt::Key_Return);
        QTRY_VERIFY(exec.outputText().contains(QStringLiteral("[exit 0")));
        auto *execView = exec.findChild<QPlainTextEdit *>(QStringLiteral("execOutput"));

        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ConsolePanel *console = w.findChild<ConsolePanel *>();
        QVERIFY(console);
        console->appendNotice(QStringLiteral("Run 1"));
        console->append(ExecStream::Stdout, "plain output\n");
        console->append(ExecStream::Stderr, "an error line\n");
        console->appendNotice(QStringLiteral("Finished: exit code 1"));
        console->flushAll();
        for (const QPlainTextEdit *view : {console->view(), execView}) {
            const auto [ratio, where] = worstContrast(view);
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("light: %1 at %2").arg(ratio).arg(where)));
        }

        switchThemeThroughSettings(&w, Qt::Key_End); // Dark, the last theme
        // The palette reaches the widgets in events of its own: wait for it, then for the text.
        QTRY_VERIFY(isDarkPalette(console->view()->palette()) && isDarkPalette(execView->palette()));
        QCOMPARE(console->view()->palette().color(QPalette::Base), darkPalette().color(QPalette::Base));
        for (const QPlainTextEdit *view : {console->view(), execView}) {
            QTRY_VERIFY_WITH_TIMEOUT(worstContrast(view).first >= 4.5, 5000);
            const auto [ratio, where] = worstContrast(view);
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("dark: %1 at %2").arg(ratio).arg(where)));
        }
        // Still told apart: stderr is not drawn like stdout.
        const QTextDocument *doc = console->view()->document();
        QVERIFY(doc->findBlockByNumber(1).begin().fragment().charFormat().foreground().color()
                != doc->findBlockByNumber(2).begin().fragment().charFormat().foreground().color());

        // Written under dark, then back to light.
        console->append(ExecStream::Stderr, "a dark-time error\n");
        console->flushAll();
        switchThemeThroughSettings(&w, Qt::Key_Up); // Light, just above Dark
        QTRY_VERIFY(!isDarkPalette(console->view()->palette()) && !isDarkPalette(execView->palette()));
        for (const QPlainTextEdit *view : {console->view(), execView}) {
            QTRY_VERIFY_WITH_TIMEOUT(worstContrast(view).first >= 4.5, 5000);
            const auto [ratio, where] = worstContrast(view);
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("light again: %1 at %2").arg(ratio).arg(where)));
        }
        (void)waitFor(pool->close(), 5000);
    }

    // A served page without colours of its own is black text: under the dark theme the view
    // paints white behind it, the empty view stays the theme's base.
    // Status text coloured by what it says (an invalid policy, a run that could not start, a
    // replay that diverged, a search that found nothing...) is readable under each theme a user
    // switches to, not only the one it was set under. Every widget that has a text role is
    // checked, found by the property setTextRole gives it, and so is every label with a colour
    // of its own in a style sheet (a fixed colour is the bug this guards against).
    void statusColoursFollowASwitch()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *policyText = w.findChild<QPlainTextEdit *>(QStringLiteral("policyText"));
        QVERIFY(policyText);
        // An invalid policy: the policy status and the error banner.
        w.showPanel(w.policyPanel());
        policyText->setFocus();
        QTest::keyClick(policyText, Qt::Key_End, Qt::ControlModifier);
        QTest::keyClicks(policyText, QStringLiteral("}"));
        auto *banner = w.findChild<QWidget *>(QStringLiteral("policyErrorBanner"));
        auto *bannerText = w.findChild<QLabel *>(QStringLiteral("policyErrorBannerText"));
        QVERIFY(banner && bannerText);
        QTRY_VERIFY(banner->isVisible());
        // A run that cannot start: the run state.
        auto *state = w.findChild<QLabel *>(QStringLiteral("runStateLabel"));
        QVERIFY(state);
        const QString ready = state->text();
        QTest::keyClick(policyText, Qt::Key_F5);
        QTRY_VERIFY(state->text() != ready);
        // A console search that finds nothing.
        auto *console = w.findChild<ConsolePanel *>();
        QVERIFY(console);
        w.showPanel(console);
        console->view()->setFocus();
        QTest::keyClick(console->view(), Qt::Key_F, Qt::ControlModifier);
        QLineEdit *search = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(search);
        QTest::keyClicks(search, QStringLiteral("nothing-like-this-was-printed"));
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_VERIFY(search->property(kTextRoleProperty).isValid());
        // A replay that diverged: its summary.
        ReplayReport report;
        report.divergences << Divergence{ReplayStream::Call, 2, QStringLiteral("box.exec: {\"a\": 1}"), QStringLiteral("box.exec: {\"a\": 2}")};
        w.sessionsPanel()->diffView()->setCallComparison(report);
        QTRY_VERIFY(w.sessionsPanel()->diffView()->summaryLabel()->property(kTextRoleProperty).isValid());

        // Every widget of the window coloured by role, or by a style sheet of its own.
        const auto coloured = [&w] {
            QList<QWidget *> out;
            for (QWidget *widget : w.findChildren<QWidget *>()) {
                if (widget->property(kTextRoleProperty).isValid()
                    || (qobject_cast<QLabel *>(widget) && widget->styleSheet().contains(QStringLiteral("color"))))
                    out << widget;
            }
            return out;
        };
        const QList<QWidget *> roles = coloured();
        QStringList names;
        for (QWidget *widget : roles)
            names << widget->objectName();
        // What was set up above, at the least: policy status, run state, search, replay summary.
        qInfo("coloured by role: %s", qPrintable(names.join(QStringLiteral(", "))));
        QVERIFY2(roles.size() >= 4, qPrintable(names.join(QStringLiteral(", "))));

        const auto readable = [&](const char *when) {
            QApplication::processEvents();
            bool ok = true;
            for (QWidget *widget : coloured()) {
                widget->ensurePolished();
                // A field's text stands on its base, a label's on the window.
                const bool field = qobject_cast<QLineEdit *>(widget);
                const QColor back = w.palette().color(field ? QPalette::Base : QPalette::Window);
                const QColor text = widget->palette().color(field ? QPalette::Text : QPalette::WindowText);
                const double ratio = contrastRatio(text, back);
                if (ratio < 4.5) {
                    qWarning("%s: %s (%s) %s on %s: %.2f", when, qPrintable(widget->objectName()), widget->metaObject()->className(),
                             qPrintable(text.name()), qPrintable(back.name()), ratio);
                    ok = false;
                }
            }
            bannerText->ensurePolished();
            const QColor back = banner->grab().toImage().pixelColor(4, banner->height() / 2);
            const double ratio = contrastRatio(bannerText->palette().color(QPalette::WindowText), back);
            // Under dark, a dark banner: a pale one glares in a dark window.
            const bool matches = isDarkPalette(w.palette()) == (back.lightness() < 128);
            if (ratio < 4.5 || !matches)
                qWarning("%s: banner %s on %s: %.2f", when, qPrintable(bannerText->palette().color(QPalette::WindowText).name()),
                         qPrintable(back.name()), ratio);
            return ok && ratio >= 4.5 && matches;
        };
        QTRY_VERIFY(readable("light"));
        switchThemeThroughSettings(&w, Qt::Key_End); // Dark
        QTRY_VERIFY(isDarkPalette(w.palette()));
        QTRY_VERIFY(readable("dark"));
        switchThemeThroughSettings(&w, Qt::Key_Up); // Light
        QTRY_VERIFY(!isDarkPalette(w.palette()));
        QTRY_VERIFY(readable("light again"));
        // Each of them still has its role: the switch did not drop any.
        QCOMPARE(coloured().size(), roles.size());
        policyText->document()->setModified(false);
    }

    void servedPageKeepsAReadableBackgroundUnderDark()
    {
        applyTheme(Theme::Dark);
        auto pool = fakePool();
        QVERIFY(pool);
        SandboxOptions options;
        options.lifetimeMs = 600'000;
        options.network.kind = NetworkKind::All; // ports need it
        options.ports = {8080};
        auto made = waitFor(pool->create(options), 5000);
        QVERIFY(made && *made);
        PortPreviewPanel empty(nullptr, 0);
        QCOMPARE(empty.view()->page()->backgroundColor(), darkPalette().color(QPalette::Base));
        PortPreviewPanel panel(*made, 8080);
        // Chromium's default text colour for a page that sets none.
        QVERIFY(contrastRatio(panel.view()->page()->backgroundColor(), Qt::black) >= 4.5);
        applyTheme(Theme::Light);
        QApplication::processEvents();
        QVERIFY(contrastRatio(panel.view()->page()->backgroundColor(), Qt::black) >= 4.5);
        applyTheme(Theme::Dark);
        QApplication::processEvents();
        QVERIFY(contrastRatio(panel.view()->page()->backgroundColor(), Qt::black) >= 4.5);
        (void)waitFor(pool->close(), 5000);
    }


    // German and Japanese: a run the engine refuses to start says so in the language, with the
    // engine's English message quoted apart as data, in the run status and the console.
    void engineFailureIsQuotedApart_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("ja") << QStringLiteral("ja");
    }
    void engineFailureIsQuotedApart()
    {
        QFETCH(QString, language);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/sandbench_%1.qm").arg(language)));
        QCoreApplication::installTranslator(&translator);
        auto cleanup = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });

        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString missing = QStringLiteral("/nonexistent-sandbench-workdir");
        QVERIFY(!QFileInfo::exists(missing));
        Policy policy = w.policyPanel()->policy();
        policy.workdir = missing;
        w.policyPanel()->setPolicy(policy);
        w.scriptPanel()->setCode(QStringLiteral("console.log('hi');\n"));
        auto *state = w.findChild<QLabel *>(QStringLiteral("runStateLabel"));
        QVERIFY(state);
        const QString before = state->text();
        w.showPanel(w.scriptPanel());
        w.scriptPanel()->editor()->setFocus();
        QTest::keyClick(w.scriptPanel()->editor(), Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(state->text() != before && !w.workbench()->isRunning(), 30000);
        const QString shown = state->text();
        // The engine's message is there, as data, and nothing of it outside the quotes.
        QVERIFY2(shown.contains(QStringLiteral("\u201c")) && shown.contains(missing), qPrintable(shown));
        QVERIFY2(!withoutData(shown).contains(QStringLiteral("no such folder")), qPrintable(shown));
        QVERIFY2(!withoutData(shown).contains(QStringLiteral("Could not run")), qPrintable(shown));
        auto *console = w.findChild<ConsolePanel *>();
        QVERIFY(console);
        QTRY_VERIFY(console->view()->toPlainText().contains(missing));
        const QStringList lines = console->view()->toPlainText().split(QLatin1Char('\n'));
        for (const QString &line : lines) {
            if (!line.contains(QStringLiteral("no such folder")))
                continue;
            // On a line of its own, quoted whole.
            QVERIFY2(line.trimmed().startsWith(QStringLiteral("\u201c")) && line.trimmed().endsWith(QStringLiteral("\u201d")),
                     qPrintable(line));
        }
        QVERIFY2(!console->view()->toPlainText().contains(QStringLiteral("Could not run")), qPrintable(console->view()->toPlainText()));
        w.scriptPanel()->editor()->document()->setModified(false);
        w.policyPanel()->editor()->document()->setModified(false);
    }

    // German and Japanese: the explanation of a denial says everything of its own in the
    // language; the engine's message and the policy's words stay data, quoted apart.
    void explanationKeepsEngineTextApart_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("denySwitch");
        QTest::newRow("de sandbox") << QStringLiteral("de") << false;
        QTest::newRow("de deny_fs") << QStringLiteral("de") << true;
        QTest::newRow("ja sandbox") << QStringLiteral("ja") << false;
        QTest::newRow("ja deny_fs") << QStringLiteral("ja") << true;
    }
    void explanationKeepsEngineTextApart()
    {
        QFETCH(QString, language);
        QFETCH(bool, denySwitch);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/sandbench_%1.qm").arg(language)));
        QCoreApplication::installTranslator(&translator);
        auto cleanup = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });

        AuditPanel panel;
        Policy policy;
        policy.sandbox = !denySwitch;
        policy.permissions.denyFs = denySwitch;
        panel.setPolicy(policy, QStringLiteral("/tmp"));
        AuditEvent denied;
        denied.seq = 1;
        denied.kind = QStringLiteral("read");
        denied.action = QStringLiteral("read");
        denied.resource = QStringLiteral("/etc/hostname");
        denied.rule = denySwitch ? QStringLiteral("deny_fs") : QStringLiteral("sandbox default");
        denied.reason = QStringLiteral("permission denied: read access to \"/etc/hostname\" is not allowed (add it to allow_read)");
        AuditEvent allowed = denied;
        allowed.seq = 2;
        allowed.allowed = true;
        allowed.rule = QStringLiteral("allow_read[0]");
        allowed.reason.clear();
        panel.model()->setEvents({denied, allowed});
        panel.resize(900, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *view = panel.findChild<QTableView *>(QStringLiteral("auditView"));
        QTRY_COMPARE(view->model()->rowCount(), 2);
        const QRect row = view->visualRect(view->model()->index(0, 1));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, row.center());
        const QString details = panel.detailsLabel()->toolTip();
        // The engine's message is there, whole and quoted, on a line of its own.
        QVERIFY2(details.contains(QStringLiteral("\u201c") + denied.reason + QStringLiteral("\u201d")), qPrintable(details));
        const QString words = withoutData(details);
        static const QRegularExpression english(
            QStringLiteral("\\b(permission|denied|add|remove|allows?|deny|denies|nothing|turn|off|entry|policy|whatever|to change)\\b"),
            QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch match = english.match(words);
        QVERIFY2(!match.hasMatch(), qPrintable(QStringLiteral("\"%1\" in: %2").arg(match.captured(), details)));

        // An allowed row under a policy that allows it: the way back (remove ...) in the language too.
        Policy allowing;
        allowing.sandbox = true;
        allowing.permissions.allowRead = QStringList{QStringLiteral("/etc/hostname")};
        panel.setPolicy(allowing, QStringLiteral("/tmp"));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(1, 1)).center());
        const QString allowedDetails = panel.detailsLabel()->toolTip();
        QVERIFY2(allowedDetails.contains(QStringLiteral("allow_read[0]")), qPrintable(allowedDetails));
        const QRegularExpressionMatch again = english.match(withoutData(allowedDetails));
        QVERIFY2(!again.hasMatch(), qPrintable(QStringLiteral("\"%1\" in: %2").arg(again.captured(), allowedDetails)));
    }

    // German and Japanese: a replay's notes (what it refused of the recording, what it widened,
    // what it could not give) are said in the language, the recording's entries and values
    // quoted apart as data. And every note phrase the core has is translated: a phrase added
    // later without a translation fails here, not in front of a user.
    void replayNotesKeepDataApart_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("ja") << QStringLiteral("ja");
    }
    void replayNotesKeepDataApart()
    {
        QFETCH(QString, language);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/sandbench_%1.qm").arg(language)));
        QCoreApplication::installTranslator(&translator);
        auto cleanup = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });

        // A recording that asked for everything a replay refuses, replayed under a wider policy.
        ExecSessionManifest m;
        m.baseDir = QStringLiteral("/home/someone/project");
        m.workdir = QStringLiteral("/home/someone/project/work");
        Policy &recorded = m.policy;
        recorded.sandbox = false;
        recorded.permissions.allowRead = {QStringLiteral("/etc/hostname")};
        recorded.permissions.allowWrite = {QStringLiteral("/var/tmp/out")};
        recorded.readOnlyDirs = {QStringLiteral("/opt/data")};
        recorded.permissions.allowNet = {QStringLiteral("example.org:443")};
        recorded.permissions.allowListen = {QStringLiteral("127.0.0.1:8080")};
        for (int i = 0; i < 12; ++i)
            recorded.permissions.allowRun << QStringLiteral("tool%1").arg(i);
        m.environment = {ExecSessionEnvVar{QStringLiteral("API_TOKEN"), QStringLiteral("host"), std::nullopt}};
        m.notes = {QStringLiteral("read of /etc/shadow not recorded (absent)")};
        const ContainedReplayPolicy contained = containedReplayPolicy(m);
        QList<ReplayNote> notes;
        for (const ReplayNote &refused : contained.refused)
            notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "refused: ")) + refused;
        notes << contained.notes;
        Policy wider;
        wider.sandbox = false;
        wider.workdir = QStringLiteral("/srv/elsewhere");
        wider.permissions.allowRead = {QStringLiteral("/etc/passwd")};
        wider.permissions.allowWrite = {QStringLiteral("/var/tmp/other")};
        wider.readOnlyDirs = {QStringLiteral("/usr/share")};
        wider.permissions.allowEnv = {QStringLiteral("HOME")};
        wider.permissions.allowRun = {QStringLiteral("bash")};
        wider.permissions.allowNet = {QStringLiteral("example.com:443")};
        QVERIFY(replayPolicy(m, contained, wider, true, &notes));
        for (const QString &note : m.notes)
            notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "recording: ")) + ReplayNote::data(note);
        QVERIFY2(notes.size() >= 20, qPrintable(englishNotes(notes).join(QLatin1Char('\n'))));

        ReplayReport report;
        report.divergences << Divergence{ReplayStream::Call, 1, QStringLiteral("a"), QStringLiteral("b")};
        report.notes = notes;
        SessionDiffView view;
        view.setCallComparison(report);
        auto *label = view.findChild<QLabel *>(QStringLiteral("replayNotes"));
        QVERIFY(label);
        const QString shown = label->text();
        // The data is there, quoted whole.
        for (const QString &data : {QStringLiteral("/etc/hostname"), QStringLiteral("/etc/passwd"), QStringLiteral("API_TOKEN"),
                                    QStringLiteral("read of /etc/shadow not recorded (absent)")})
            QVERIFY2(shown.contains(QStringLiteral("\u201c") + data + QStringLiteral("\u201d")), qPrintable(data + QStringLiteral(" in: ") + shown));
        static const QRegularExpression english(
            QStringLiteral("\\b(the|was|not|refused|host|path|copies|network|recorded|recording|value|timeout|stops|widened|allows|"
                           "entries|more|programs|folder|machine|only|writes|always|runs)\\b"),
            QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch match = english.match(withoutData(shown));
        QVERIFY2(!match.hasMatch(), qPrintable(QStringLiteral("\"%1\" in: %2").arg(match.captured(), shown)));

        // Every phrase of the context in the core's sources has a translation.
        const QString root = qEnvironmentVariable("SANDBENCH_SOURCE_DIR");
        QVERIFY2(!root.isEmpty(), "SANDBENCH_SOURCE_DIR is not set");
        static const QRegularExpression phrase(QStringLiteral("QT_TRANSLATE_NOOP\\(\"Sandbench::ReplayNote\",\\s*\"((?:[^\"\\\\]|\\\\.)*)\"\\)"));
        int found = 0;
        QDirIterator it(root + QStringLiteral("/core"), {QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString source = QString::fromUtf8(file.readAll());
            for (const QRegularExpressionMatch &hit : phrase.globalMatch(source)) {
                const QByteArray text = hit.captured(1).replace(QStringLiteral("\\\""), QStringLiteral("\"")).toUtf8();
                ++found;
                // Only placeholders and policy keys ("%1 %2: ", "allow_read %1") read the same.
                const bool words = QString::fromUtf8(text).contains(QRegularExpression(QStringLiteral("\\b[a-z]{3,}\\b(?!_)")))
                                   && !QString::fromUtf8(text).contains(QRegularExpression(QStringLiteral("^[a-z_]+ %1$")));
                const QString translated = QCoreApplication::translate("Sandbench::ReplayNote", text.constData());
                QVERIFY2(!words || translated != QString::fromUtf8(text),
                         qPrintable(QStringLiteral("%1: no %2 translation of \"%3\"").arg(it.fileName(), language, QString::fromUtf8(text))));
            }
        }
        QVERIFY2(found >= 25, qPrintable(QString::number(found)));
    }
};

QTEST_MAIN(TestThemeSwitch)
#include "tst_themeswitch.moc"
