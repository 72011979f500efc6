// A workbench people can live in (issue #17): layouts that fit the screen, no surprises in the
// panels, a first start that teaches (welcome page, examples, the user guide offline) and a dark
// theme that can be read. Offscreen, no runtime and no Docker: sandboxes come from the fake
// provider.
#include "fakeprovider.h"
#include "mainwindow.h"
#include "panels/codeeditor.h"
#include "panels/consolepanel.h"
#include "panels/desktoppanel.h"
#include "panels/elidedlabel.h"
#include "panels/policyeditorpanel.h"
#include "panels/policymarks.h"
#include "panels/portpreviewpanel.h"
#include "session/replaynote.h"
#include "panels/sandboxcreatedialog.h"
#include "panels/sandboxespanel.h"
#include "panels/sandboxfileswidget.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessiondiffview.h"
#include "panels/sessionspanel.h"
#include "panels/userguideview.h"
#include "panels/welcomepanel.h"
#include "policy/jsonlocator.h"
#include "policy/policyfile.h"
#include "sandbox/sandboxpool.h"
#include "startupactions.h"
#include "theme.h"
#include "windowgeometry.h"

#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QImage>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTranslator>
#include <QTreeWidget>
#include <QWebEnginePage>
#include <QWebEngineView>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

QAction *actionNamed(QWidget *window, const QString &name)
{
    for (QAction *a : window->findChildren<QAction *>())
        if (a->objectName() == name)
            return a;
    return nullptr;
}

// Whether the dock's tab is the one shown (a tabbed dock behind another is not visible).
bool isFront(QDockWidget *dock)
{
    return dock->isVisible() && !dock->visibleRegion().isEmpty();
}

// Sandboxes with a desktop: xdotool calls reach the fake, which echoes them and succeeds.
class DesktopBackend : public FakeBackend
{
public:
    using FakeBackend::FakeBackend;
    bool hasDesktop() const override { return true; }
};

class DesktopProvider : public FakeProvider
{
public:
    DesktopProvider() { m_features.desktop = true; }
    Operation<SandboxBackend *> *create(const BackendCreateRequest &request) override
    {
        creates << request;
        auto *op = new Operation<SandboxBackend *>(this);
        auto *backend = new DesktopBackend(QStringLiteral("desktop-%1").arg(creates.size()), nullptr);
        backends << backend;
        QTimer::singleShot(0, op, [op, backend] { op->finish(backend); });
        return op;
    }
};

std::unique_ptr<SandboxPool> fakePool(FakeProvider **provider)
{
    auto owned = std::make_unique<DesktopProvider>();
    *provider = owned.get();
    PoolOptions o;
    o.maxSandboxes = 2;
    o.maxLifetimeMs = 3'600'000;
    o.network = {NetworkKind::None, NetworkKind::All};
    auto pool = SandboxPool::open(std::move(owned), o);
    return pool ? std::move(*pool) : nullptr;
}

} // namespace

class TestLivable : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_livable"));
        QSettings().clear();
        applyTheme(Theme::Light);
    }

    void init() { QSettings().clear(); }

    // 1. Layouts that fit.
    void longStatusTextNeverWidensTheWindow()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(0);
        const int width = w.width();
        ElidedLabel *status = w.sandboxesPanel()->statusLabel();
        const QString longId = QString(500, QLatin1Char('a'));
        w.findChild<QDockWidget *>(QStringLiteral("sandboxesDock"))->raise();
        status->setFullText(QStringLiteral("%1 now ends at 12:00").arg(longId));
        QTest::qWait(100);
        QCOMPARE(w.width(), width);
        QVERIFY(w.minimumSizeHint().width() <= 1280);
        // What a dock asks for at least is what the window grows to once it is laid out again
        // (the issue's 1434 px, kept by the saved geometry): the panel must not ask for the text.
        QVERIFY2(w.sandboxesPanel()->minimumSizeHint().width() <= 1280,
                 qPrintable(QString::number(w.sandboxesPanel()->minimumSizeHint().width())));
        QVERIFY(status->text().size() < status->fullText().size()); // cut, with an ellipsis
        QCOMPARE(status->toolTip(), status->fullText());
        QCOMPARE(w.sandboxesPanel()->status(), status->fullText());
        status->setFullText(QStringLiteral("short"));
        QCOMPARE(status->text(), QStringLiteral("short"));
        QVERIFY(status->toolTip().isEmpty());
    }

    void fitIntoScreenClampsSizeAndPosition()
    {
        const QRect screen(0, 0, 1280, 800);
        QCOMPARE(fitIntoScreen(QRect(100, 50, 1434, 900), screen), QRect(0, 0, 1280, 800));
        QCOMPARE(fitIntoScreen(QRect(900, 600, 800, 400), screen), QRect(480, 400, 800, 400));
        QCOMPARE(fitIntoScreen(QRect(-50, -20, 400, 300), screen), QRect(0, 0, 400, 300));
        QCOMPARE(fitIntoScreen(QRect(10, 10, 400, 300), screen), QRect(10, 10, 400, 300));
        // A second screen to the right: the window stays on it.
        QCOMPARE(fitIntoScreen(QRect(1300, 0, 3000, 900), QRect(1280, 0, 1920, 1080)), QRect(1280, 0, 1920, 900));
    }

    void restoredOversizeGeometryIsClamped()
    {
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.setGeometry(available.x() + 40, available.y() + 40, available.width() + 600, available.height() + 400);
            QVERIFY(w.width() > available.width()); // the offscreen platform lets it be set
            w.close();
        }
        QVERIFY(QSettings().contains(QStringLiteral("window/geometry")));
        MainWindow again;
        QVERIFY(again.frameGeometry().width() <= available.width());
        QVERIFY(again.frameGeometry().height() <= available.height());
        QVERIFY(available.contains(again.frameGeometry()));
    }

    void replayPanesAndFileBrowserHaveRoomAt1280x800()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.resetLayout();
        QTest::qWait(50);
        w.findChild<QDockWidget *>(QStringLiteral("sessionsDock"))->raise();
        SessionsPanel *sessions = w.sessionsPanel();
        // The Replay tab as an opened session shows it (the stack's tab page).
        auto *stack = sessions->tabs()->parentWidget();
        QVERIFY(stack);
        sessions->tabs()->setCurrentWidget(sessions->diffView());
        if (auto *stacked = qobject_cast<QStackedWidget *>(stack))
            stacked->setCurrentWidget(sessions->tabs());
        QApplication::processEvents();
        QTest::qWait(50);
        for (const char *name : {"recordedView", "replayedView"}) {
            auto *pane = sessions->diffView()->findChild<QPlainTextEdit *>(QString::fromLatin1(name));
            QVERIFY(pane);
            const int rows = pane->viewport()->height() / pane->fontMetrics().lineSpacing();
            QVERIFY2(rows >= SessionDiffView::minimumLines, qPrintable(QStringLiteral("%1 shows %2 rows").arg(QString::fromLatin1(name)).arg(rows)));
        }
        QVERIFY(sessions->diffView()->findChild<QLabel *>(QStringLiteral("replayOfflineNote"))->isVisible());

        w.findChild<QDockWidget *>(QStringLiteral("sandboxesDock"))->raise();
        auto *tabs = w.sandboxesPanel()->findChild<QTabWidget *>();
        tabs->setCurrentWidget(w.sandboxesPanel()->filesWidget());
        QApplication::processEvents();
        QTest::qWait(50);
        auto *list = w.sandboxesPanel()->filesWidget()->findChild<QTreeWidget *>(QStringLiteral("filesList"));
        for (int i = 0; i < 30; ++i)
            new QTreeWidgetItem(list, {QStringLiteral("file%1.txt").arg(i), QStringLiteral("1 KB")});
        QApplication::processEvents();
        int rows = 0;
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            // Whole rows, top to bottom (the columns may be wider than the list).
            if (const QRect r = list->visualItemRect(list->topLevelItem(i)); r.top() >= 0 && r.bottom() < list->viewport()->height())
                ++rows;
        QVERIFY2(rows >= SandboxFilesWidget::minimumRows, qPrintable(QStringLiteral("the file browser shows %1 rows").arg(rows)));
        QVERIFY(w.width() <= 1280);
    }

    void desktopTypeBoxIsNotClipped()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.findChild<QDockWidget *>(QStringLiteral("desktopDock"))->raise();
        QApplication::processEvents();
        QTest::qWait(50);
        QLineEdit *box = w.desktopPanel()->typeBox();
        const QString hint = box->placeholderText();
        QVERIFY(box->width() >= box->fontMetrics().horizontalAdvance(hint) + 8);
    }

    // 2. No surprises.
    void openingARecentScriptBringsTheScriptTabForward()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("recent.ts"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("console.log('recent');\n");
        file.close();
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.scriptPanel()->openFile(path));
        w.scriptPanel()->setCode({});
        auto *scriptDock = w.findChild<QDockWidget *>(QStringLiteral("scriptDock"));
        w.findChild<QDockWidget *>(QStringLiteral("desktopDock"))->raise();
        QApplication::processEvents();
        QVERIFY(!isFront(scriptDock));
        QMenu *recent = nullptr;
        for (QMenu *menu : w.menuBar()->findChildren<QMenu *>())
            if (menu->menuAction()->text() == MainWindow::tr("Open &Recent"))
                recent = menu;
        QVERIFY(recent);
        QVERIFY(!recent->actions().isEmpty());
        recent->actions().first()->trigger();
        QApplication::processEvents();
        QCOMPARE(w.scriptPanel()->filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(isFront(scriptDock));
    }

    void returnInTheDesktopTypeBoxSendsEnter()
    {
        FakeProvider *provider = nullptr;
        auto pool = fakePool(&provider);
        QVERIFY(pool);
        SandboxOptions o;
        o.lifetimeMs = 600'000;
        auto made = waitFor(pool->create(o), 5000);
        QVERIFY(made);
        Sandbox *sandbox = *made;
        QVERIFY(sandbox->desktop());
        FakeBackend *backend = provider->backends.first();
        DesktopPanel panel(sandbox);
        panel.setLive(false);
        const auto typed = [&] {
            QStringList texts;
            // The desktop runs xdotool behind a shell guard that waits for the display.
            for (const BackendExecRequest &r : backend->execs) {
                const qsizetype i = r.argv.indexOf(QStringLiteral("xdotool"));
                if (i >= 0 && r.argv.value(i + 1) == QLatin1String("type"))
                    texts << r.argv.last();
            }
            return texts;
        };
        QVERIFY(panel.sendEnterBox()->isChecked());
        QTest::keyClicks(panel.typeBox(), QStringLiteral("hello"));
        QTest::keyClick(panel.typeBox(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(typed(), QStringList{QStringLiteral("hello\n")}, 5000);
        QVERIFY(panel.typeBox()->text().isEmpty());

        panel.sendEnterBox()->setChecked(false);
        QTest::keyClicks(panel.typeBox(), QStringLiteral("no enter"));
        QTest::keyClick(panel.typeBox(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(typed().size(), 2, 5000);
        QCOMPARE(typed().last(), QStringLiteral("no enter"));
        (void)waitFor(pool->close(), 5000);
    }

    void extendAsksInTheUnitCreateDoes()
    {
        FakeProvider *provider = nullptr;
        auto pool = fakePool(&provider);
        QVERIFY(pool);
        SandboxesPanel panel(pool.get());
        SandboxOptions o;
        o.lifetimeMs = 600'000;
        auto made = waitFor(pool->create(o), 5000);
        QVERIFY(made);
        panel.select(*made);
        auto *extend = panel.findChild<QPushButton *>(QStringLiteral("sandboxExtend"));
        QVERIFY(extend->isEnabled());

        SandboxCreateDialog create(pool.get());
        const QString createSuffix = create.findChild<QSpinBox *>(QStringLiteral("lifetimeSpin"))->suffix();
        QString suffix;
        QString label;
        int maximum = 0;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = panel.findChild<QInputDialog *>(QStringLiteral("extendDialog"));
            QVERIFY(dialog);
            suffix = dialog->findChild<QSpinBox *>()->suffix();
            label = dialog->labelText();
            maximum = dialog->intMaximum();
            dialog->setIntValue(120);
            dialog->accept();
        });
        const QDateTime before = (*made)->expiresAt();
        QTest::mouseClick(extend, Qt::LeftButton);
        QCOMPARE(suffix, createSuffix); // the same unit, shown
        QVERIFY2(label.contains(QStringLiteral(" s")), qPrintable(label));
        QVERIFY(maximum >= 60 * 49); // seconds: the pool's hour less the ten minutes given
        QTRY_VERIFY_WITH_TIMEOUT((*made)->expiresAt() > before, 5000);
        QCOMPARE(before.msecsTo((*made)->expiresAt()) / 1000, 120); // 120 seconds, not minutes
        (void)waitFor(pool->close(), 5000);
    }

    // 3. A first start that teaches.
    void firstStartShowsTheWelcomePage()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(isFront(w.findChild<QDockWidget *>(QStringLiteral("welcomeDock"))));
        QVERIFY(actionNamed(&w, QStringLiteral("welcomeAction")));
        QVERIFY(actionNamed(&w, QStringLiteral("userGuideAction")));
    }

    // The pictures of docs/panels.md: --screenshot-panels brings each panel forward in turn and
    // saves it, then quits.
    void panelScreenshotsPictureEveryPanel()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        StartupOptions options;
        options.screenshot = dir.filePath(QStringLiteral("window.png"));
        options.panelScreenshots = dir.filePath(QStringLiteral("shot"));
        auto *actions = new StartupActions(&w, options);
        QCOMPARE(actions->openFiles(), 0);
        actions->start();
        QStringList expected{QStringLiteral("window.png")};
        for (QDockWidget *dock : w.docks())
            expected << QStringLiteral("shot-%1.png").arg(dock->objectName().chopped(4).toLower());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(dir.filePath(expected.constLast())), 30'000);
        for (const QString &name : std::as_const(expected)) {
            QImage image(dir.filePath(name));
            QVERIFY2(!image.isNull(), qPrintable(name));
        }
        // A panel's picture is its dock as the window lays it out, not the whole window.
        const QImage audit(dir.filePath(QStringLiteral("shot-audit.png")));
        QVERIFY2(audit.width() < QImage(dir.filePath(QStringLiteral("window.png"))).width(), qPrintable(QString::number(audit.width())));
        QCOMPARE(actions->exitCode(), 0);
    }

    void everyExampleParsesAndOpensInBothEditors()
    {
        QCOMPARE(WelcomePanel::exampleNames().size(), 3);
        for (const QString &name : WelcomePanel::exampleNames()) {
            const Example e = WelcomePanel::example(name);
            QVERIFY2(!e.script.isEmpty(), qPrintable(name));
            auto policy = parsePolicy(e.policy.toUtf8(), name);
            QVERIFY2(policy, qPrintable(name + QStringLiteral(": ") + (policy ? QString() : policy.error().message)));
        }
        QVERIFY(!parsePolicy(WelcomePanel::example(QStringLiteral("npm-package")).policy.toUtf8(), {})->allowPackages.isEmpty());
        QVERIFY(WelcomePanel::example(QStringLiteral("nope")).script.isEmpty());

        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *open = w.welcomePanel()->findChild<QPushButton *>(QStringLiteral("openExample-denied-reads"));
        QVERIFY(open);
        QTest::mouseClick(open, Qt::LeftButton);
        const Example e = WelcomePanel::example(QStringLiteral("denied-reads"));
        QCOMPARE(w.scriptPanel()->code(), e.script);
        QCOMPARE(w.policyPanel()->policy(), *parsePolicy(e.policy.toUtf8(), {}));
        QVERIFY(w.policyPanel()->isValid());
        QVERIFY(isFront(w.findChild<QDockWidget *>(QStringLiteral("scriptDock"))));
        QVERIFY(!isFront(w.findChild<QDockWidget *>(QStringLiteral("welcomeDock"))));
        actionNamed(&w, QStringLiteral("welcomeAction"))->trigger();
        QApplication::processEvents();
        QVERIFY(isFront(w.findChild<QDockWidget *>(QStringLiteral("welcomeDock"))));
    }

    void userGuideOpensOfflineAndRefusesRemoteContent()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        actionNamed(&w, QStringLiteral("userGuideAction"))->trigger();
        UserGuideView *guide = w.userGuide();
        QVERIFY(guide);
        QCOMPARE(guide->source(), UserGuideView::startPage());
        QVERIFY(guide->toPlainText().contains(QStringLiteral("Sandbench")));
        // Its pictures come from the guide itself (relative to its first page, docs/guide.md).
        QVERIFY(!guide->loadResource(QTextDocument::ImageResource, QUrl(QStringLiteral("screenshots/workbench-light.png"))).isNull());
        // Nothing remote or outside the guide is loaded.
        QVERIFY(guide->loadResource(QTextDocument::ImageResource, QUrl(QStringLiteral("https://example.com/x.png"))).isNull());
        QVERIFY(guide->loadResource(QTextDocument::ImageResource, QUrl(QStringLiteral("file:///etc/hostname"))).isNull());
        QVERIFY(guide->loadResource(QTextDocument::ImageResource, QUrl(QStringLiteral("qrc:/layouts/default.json"))).isNull());

        // A link to another doc opens it here.
        emit guide->anchorClicked(QUrl(QStringLiteral("SECURITY.md")));
        QCOMPARE(guide->source(), QUrl(QStringLiteral("qrc:/guide/docs/SECURITY.md")));
        QVERIFY(!guide->toPlainText().isEmpty());
        // An external one asks, and a "no" opens nothing.
        QList<QUrl> asked;
        guide->setExternalLinkConfirmation([&](const QUrl &url) {
            asked << url;
            return false;
        });
        emit guide->anchorClicked(QUrl(QStringLiteral("https://example.com/")));
        QCOMPARE(asked, QList<QUrl>{QUrl(QStringLiteral("https://example.com/"))});
        QCOMPARE(guide->source(), QUrl(QStringLiteral("qrc:/guide/docs/SECURITY.md")));
    }

    // 4. A dark theme that can be read.
    void darkAndLightPalettesHaveReadableText()
    {
        for (const QPalette &p : {darkPalette(), lightPalette()}) {
            const QColor base = p.color(QPalette::Base);
            QVERIFY(contrastRatio(p.color(QPalette::Text), base) >= 4.5);
            QVERIFY(contrastRatio(p.color(QPalette::WindowText), p.color(QPalette::Window)) >= 4.5);
            // Console notices (older runs' headers, "Finished: ...") and hints.
            QVERIFY2(contrastRatio(p.color(QPalette::PlaceholderText), base) >= 4.5,
                     qPrintable(QString::number(contrastRatio(p.color(QPalette::PlaceholderText), base))));
            QVERIFY(contrastRatio(p.color(QPalette::PlaceholderText), p.color(QPalette::Window)) >= 4.5);
        }
        QVERIFY(contrastRatio(Qt::black, Qt::white) > 20.9);
        QCOMPARE(contrastRatio(Qt::red, Qt::red), 1.0);
    }

    void darkConsoleLinesAreReadable()
    {
        applyTheme(Theme::Dark);
        ConsolePanel console;
        console.appendNotice(QStringLiteral("Run 1 (older run)"));
        console.show();
        QTRY_VERIFY(!console.findChild<QPlainTextEdit *>()->toPlainText().isEmpty());
        auto *view = console.findChild<QPlainTextEdit *>();
        const QColor base = view->palette().color(QPalette::Base);
        const QTextBlock block = view->document()->firstBlock();
        bool checked = false;
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QColor fg = it.fragment().charFormat().foreground().color();
            QVERIFY2(contrastRatio(fg, base) >= 4.5, qPrintable(fg.name()));
            checked = true;
        }
        QVERIFY(checked);
        applyTheme(Theme::Light);
    }

    void darkUntickedCheckBoxHasAVisibleOutline()
    {
        applyTheme(Theme::Dark);
        QCheckBox box(QStringLiteral("Live"));
        box.setChecked(false);
        box.resize(box.sizeHint());
        const QImage image = box.grab().toImage();
        const QColor outline = indicatorOutline(box.palette());
        QVERIFY(contrastRatio(outline, box.palette().color(QPalette::Base)) >= 3.0);
        QVERIFY(contrastRatio(outline, box.palette().color(QPalette::Window)) >= 3.0);
        int outlinePixels = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (contrastRatio(image.pixelColor(x, y), box.palette().color(QPalette::Window)) >= 3.0
                    && x < box.height()) // the indicator, not the label's text
                    ++outlinePixels;
        QVERIFY2(outlinePixels >= 12, qPrintable(QString::number(outlinePixels)));
        applyTheme(Theme::Light);
    }

    void emptyWebViewTakesTheThemesBase()
    {
        applyTheme(Theme::Dark);
        PortPreviewPanel panel(nullptr, 0);
        auto *view = panel.findChild<QWebEngineView *>(QStringLiteral("previewView"));
        QCOMPARE(view->page()->backgroundColor(), darkPalette().color(QPalette::Base));
        applyTheme(Theme::Light);
        QApplication::processEvents();
        QCOMPARE(view->page()->backgroundColor(), lightPalette().color(QPalette::Base));
    }

    // The replay's notes come from the core as phrases; the Replay tab shows them translated.
    void replayNotesAndTheOfflineNoteAreTranslated()
    {
        const ReplayNote refused = ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "refused: "))
                                   + ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "%1 %2: "),
                                                {QStringLiteral("allow_run"), QStringLiteral("git")})
                                   + ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "a replay runs no host programs"));
        QCOMPARE(refused.english(), QStringLiteral("refused: allow_run git: a replay runs no host programs"));
        QTranslator ja;
        QVERIFY(ja.load(QStringLiteral(":/i18n/sandbench_ja.qm")));
        QCoreApplication::installTranslator(&ja);
        QCOMPARE(refused.translated(), QStringLiteral("拒否: \u201callow_run\u201d \u201cgit\u201d: リプレイはホストのプログラムを実行しません"));
        const ReplayNote deno(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "recorded with Deno %1, replayed with %2"),
                              {QStringLiteral("2.9.6"), QStringLiteral("2.9.7")});
        QCOMPARE(deno.translated(), QStringLiteral("Deno \u201c2.9.6\u201d で記録、\u201c2.9.7\u201d でリプレイ"));
        // A value is never substituted again; a recording's own note stays data, quoted.
        QCOMPARE((ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "refused: ")) + ReplayNote::data(QStringLiteral("%2 and %1"))).translated(),
                 QStringLiteral("拒否: \u201c%2 and %1\u201d"));
        SessionDiffView diff;
        // One line in the stream's row, cut to fit: the whole sentence is its full text (and tooltip).
        auto *offlineLabel = diff.findChild<ElidedLabel *>(QStringLiteral("replayOfflineNote"));
        QVERIFY(offlineLabel);
        const QString offline = offlineLabel->fullText();
        QCOMPARE(offlineLabel->toolTip().isEmpty(), offlineLabel->text() == offline);
        QCoreApplication::removeTranslator(&ja);
        QVERIFY2(offline.startsWith(QStringLiteral("リプレイはオフライン")), qPrintable(offline));
    }

    void policyMarksSummaryIsTranslated()
    {
        // The marks' texts live in their own tr() context; lupdate once filed them elsewhere and
        // German and Japanese users read English.
        const QByteArray json = R"({"sandbox": true, "permissions": {"allow_read": ["/"]}})";
        LintFinding finding;
        finding.severity = LintFinding::Severity::Warning;
        finding.code = QStringLiteral("broad-grant");
        finding.message = QStringLiteral("allow_read \"/\" grants the whole file system");
        finding.pointer = QStringLiteral("/permissions/allow_read/0");
        const JsonLocator locator(json);
        QCOMPARE(policyMarks({finding}, nullptr, locator).summary, QStringLiteral("1 lint finding(s)"));
        for (const auto &[lang, expected] : {std::pair{"de", "1 Prüfbefund"}, std::pair{"ja", "1 件の検査結果"}}) {
            QTranslator translator;
            QVERIFY(translator.load(QStringLiteral(":/i18n/sandbench_%1.qm").arg(QLatin1String(lang))));
            QCoreApplication::installTranslator(&translator);
            const QString summary = policyMarks({finding}, nullptr, locator).summary;
            QCoreApplication::removeTranslator(&translator);
            QCOMPARE(summary, QString::fromUtf8(expected));
        }
    }

    void portsHintWrapsInsteadOfBeingCut()
    {
        SandboxCreateDialog dialog(nullptr);
        auto *hint = dialog.findChild<QLabel *>(QStringLiteral("portsHint"));
        QVERIFY(hint);
        QVERIFY(hint->wordWrap());
        auto *ports = dialog.findChild<QLineEdit *>(QStringLiteral("portsEdit"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(ports->width() >= ports->fontMetrics().horizontalAdvance(ports->placeholderText()));
    }
};

// Offscreen Qt's screen is 800x600 unless told: the window keeps to its screen, and the layout
// is measured at 1280x800.
int main(int argc, char **argv)
{
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screen.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 2;
    file.write(R"({"screens": [{"name": "test", "x": 0, "y": 0, "width": 1280, "height": 800,
                  "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", QStringLiteral("offscreen:configfile=%1").arg(config).toLocal8Bit());
    QApplication app(argc, argv);
    TestLivable test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_livable.moc"
