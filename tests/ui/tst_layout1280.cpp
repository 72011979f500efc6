// Issue #24, layout: at 1280x800 and 1920x1080 the window's named buttons and the audit Rule
// column are whole, the welcome page's way to the guide is above the fold, the user guide opens
// whole on the main window's screen at a first task and Escape closes it, and a docked desktop
// is readable; the Approvals panel's buttons are whole too. Offscreen, with two screens side by side (1280x800, then 1920x1080).
#include "mainwindow.h"
#include "panels/approvalspanel.h"
#include "panels/auditpanel.h"
#include "panels/desktoppanel.h"
#include "panels/desktopview.h"
#include "panels/policyeditorpanel.h"
#include "panels/policyform.h"
#include "panels/stringlistedit.h"
#include "panels/userguideview.h"
#include "panels/welcomepanel.h"
#include "models/auditlogmodel.h"
#include "theme.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>

using namespace Sandbench;

namespace {

QScreen *screenOfSize(int width)
{
    for (QScreen *s : QGuiApplication::screens())
        if (s->geometry().width() == width)
            return s;
    return nullptr;
}

// Whole: shown, nothing of it clipped by a parent or the window, and as wide as its text needs.
QString wholeProblem(QWidget *widget)
{
    if (!widget || !widget->isVisible())
        return QStringLiteral("not shown");
    QWidget *window = widget->window();
    const QRect inWindow(widget->mapTo(window, QPoint()), widget->size());
    // Off the window's edges too: flush with the edge it reads as cut, and a border cuts it.
    if (!window->rect().adjusted(2, 0, -2, 0).contains(inWindow))
        return QStringLiteral("not inside the window: %1,%2 %3x%4 of %5").arg(inWindow.x()).arg(inWindow.y())
            .arg(inWindow.width()).arg(inWindow.height()).arg(window->width());
    if (widget->visibleRegion() != QRegion(widget->rect()))
        return QStringLiteral("clipped: %1 of %2 pixels wide shown").arg(widget->visibleRegion().boundingRect().width()).arg(widget->width());
    if (widget->width() < widget->sizeHint().width())
        return QStringLiteral("narrower (%1) than its text (%2)").arg(widget->width()).arg(widget->sizeHint().width());
    return {};
}

void showOn(MainWindow &w, QScreen *screen)
{
    // Filling the screen as a maximized window would.
    w.setGeometry(screen->availableGeometry());
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTRY_COMPARE(w.screen(), screen);
}

} // namespace

class TestLayout1280 : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_layout1280"));
        QVERIFY(screenOfSize(1280) && screenOfSize(1920));
        applyTheme(Theme::Light);
    }
    void init() { QSettings().clear(); }

    void namedControlsAreWhole_data()
    {
        QTest::addColumn<int>("screenWidth");
        QTest::addColumn<QString>("language");
        for (int width : {1280, 1920})
            for (const char *lang : {"en", "de", "ja"})
                QTest::addRow("%d %s", width, lang) << width << QString::fromLatin1(lang);
    }
    void namedControlsAreWhole()
    {
        QFETCH(int, screenWidth);
        QFETCH(QString, language);
        QTranslator translator;
        if (language != QLatin1String("en")) {
            QVERIFY(translator.load(QStringLiteral(":/i18n/sandbench_%1.qm").arg(language)));
            QCoreApplication::installTranslator(&translator);
        }
        auto cleanup = qScopeGuard([&] { QCoreApplication::removeTranslator(&translator); });
        MainWindow w;
        showOn(w, screenOfSize(screenWidth));
        // Some denied rows make "Allow this" live, as after a run.
        AuditEvent denied;
        denied.seq = 1;
        denied.kind = QStringLiteral("read");
        denied.action = QStringLiteral("read");
        denied.resource = QStringLiteral("/home/user/project/data/input.csv");
        denied.rule = QStringLiteral("sandbox default");
        denied.reason = QStringLiteral("permission denied: read access is not allowed (not in any allow list)");
        w.auditPanel()->model()->setEvents({denied});
        w.findChild<QDockWidget *>(QStringLiteral("auditDock"))->raise();
        QApplication::processEvents();

        // Other panels hold audit tables of their own (a replay's): these are the window's.
        const std::pair<QWidget *, const char *> named[] = {{w.policyPanel(), "policyTemplates"},
                                                            {w.auditPanel(), "auditOpenLog"},
                                                            {w.auditPanel(), "allowThisButton"}};
        for (const auto &[panel, name] : named) {
            auto *button = panel->findChild<QAbstractButton *>(QString::fromLatin1(name));
            QVERIFY2(button, name);
            const QString problem = wholeProblem(button);
            QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("%1 \"%2\": %3").arg(QLatin1String(name), button->text(), problem)));
        }
        // The Rule column in view without scrolling sideways, as wide as its header and a rule.
        auto *table = w.auditPanel()->findChild<QTableView *>(QStringLiteral("auditView"));
        QHeaderView *header = table->horizontalHeader();
        const int rule = int(AuditLogModel::Column::Rule);
        QCOMPARE(table->horizontalScrollBar()->value(), 0);
        const int right = header->sectionViewportPosition(rule) + header->sectionSize(rule);
        QVERIFY2(header->sectionViewportPosition(rule) >= 0 && right <= table->viewport()->width(),
                 qPrintable(QStringLiteral("Rule ends at %1 of %2").arg(right).arg(table->viewport()->width())));
        const QString ruleHeader = table->model()->headerData(rule, Qt::Horizontal).toString();
        QVERIFY(header->sectionSize(rule) >= table->fontMetrics().horizontalAdvance(QStringLiteral("allow_write[10]")));
        QVERIFY(header->sectionSize(rule) >= header->fontMetrics().horizontalAdvance(ruleHeader));

        // The Approvals panel's buttons, in its default place (a tab beside the Audit Log).
        w.findChild<QDockWidget *>(QStringLiteral("approvalsDock"))->raise();
        QApplication::processEvents();
        for (const char *name : {"approvalApprove", "approvalRefuse", "approvalEdit"}) {
            auto *button = w.approvalsPanel()->findChild<QAbstractButton *>(QString::fromLatin1(name));
            QVERIFY2(button, name);
            const QString problem = wholeProblem(button);
            QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("%1 \"%2\": %3").arg(QLatin1String(name), button->text(), problem)));
        }
    }

    // A note on "+" (a denial an entry would allow) does not widen or squeeze "+" and "−".
    void addNoteLeavesThePlusButtonsAlone()
    {
        StringListEdit edit(QStringLiteral("/path"));
        edit.resize(300, 120);
        edit.show();
        QVERIFY(QTest::qWaitForWindowExposed(&edit));
        const QSize add = edit.addButton()->size();
        const QSize remove = edit.removeButton()->size();
        const int listWidth = edit.list()->width();
        edit.setAddNote(QApplication::style()->standardIcon(QStyle::SP_MessageBoxQuestion),
                        {QStringLiteral("Denied in this run (3\u00d7): read /data")});
        QApplication::processEvents();
        QCOMPARE(edit.addButton()->size(), add);
        QCOMPARE(edit.removeButton()->size(), remove);
        QCOMPARE(edit.list()->width(), listWidth);
        QVERIFY(edit.addButton()->toolTip().contains(QStringLiteral("Denied in this run")));
        QVERIFY(edit.addButton()->width() >= edit.addButton()->sizeHint().width());
        // And "+" still adds, by mouse.
        QTest::mouseClick(edit.addButton(), Qt::LeftButton);
        QCOMPARE(edit.list()->count(), 1);
    }

    // First start at 1280x800: the welcome page's "Read the User Guide" is in view without
    // scrolling; a click opens the guide whole on the main window's screen at a first task, and
    // Escape closes it. Also with the main window on the second screen.
    void welcomeGuideIsInViewAndTheGuideFitsAndCloses_data()
    {
        QTest::addColumn<int>("screenWidth");
        QTest::addRow("1280x800") << 1280;
        QTest::addRow("1920x1080") << 1920;
    }
    void welcomeGuideIsInViewAndTheGuideFitsAndCloses()
    {
        QFETCH(int, screenWidth);
        QScreen *screen = screenOfSize(screenWidth);
        MainWindow w;
        showOn(w, screen);
        auto *welcomeDock = w.findChild<QDockWidget *>(QStringLiteral("welcomeDock"));
        QTRY_VERIFY(welcomeDock->isVisible() && !welcomeDock->visibleRegion().isEmpty());
        auto *open = w.welcomePanel()->findChild<QPushButton *>(QStringLiteral("openUserGuide"));
        QVERIFY(open);
        auto *scroll = w.welcomePanel()->findChild<QScrollArea *>();
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        const QString problem = wholeProblem(open);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        QTest::mouseClick(open, Qt::LeftButton);
        UserGuideView *guide = w.userGuide();
        QVERIFY(guide);
        QWidget *window = guide->window();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QVERIFY2(screen->availableGeometry().contains(window->frameGeometry()),
                 qPrintable(QStringLiteral("%1,%2 %3x%4").arg(window->frameGeometry().x()).arg(window->frameGeometry().y())
                                .arg(window->frameGeometry().width()).arg(window->frameGeometry().height())));
        QVERIFY(window->width() >= 600 && window->height() >= 500);
        // A first task first; building comes later.
        const QString text = guide->toPlainText();
        const qsizetype task = text.indexOf(QStringLiteral("first task"), 0, Qt::CaseInsensitive);
        QVERIFY2(task >= 0 && task < 400, qPrintable(text.left(400)));
        const qsizetype build = text.indexOf(QStringLiteral("scripts/run"));
        QVERIFY(build < 0 || build > task);

        QTRY_VERIFY(QApplication::focusWidget() && QApplication::focusWidget()->window() == window);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QTRY_VERIFY(!window->isVisible());
        // F1 brings it back, whole again.
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_F1);
        QTRY_VERIFY(window->isVisible());
        QVERIFY(screen->availableGeometry().contains(window->frameGeometry()));
        // The offscreen platform activates a window only when it is first shown.
        window->activateWindow();
        QTRY_COMPARE(QApplication::activeWindow(), window);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QTRY_VERIFY(!window->isVisible());
    }

    // A 1280x800 sandbox screen in a docked-size panel: 1:1 shows it at its own size (scrolling),
    // and back to fitted; by mouse on the toggle.
    void desktopHasARealSizeToggle()
    {
        DesktopPanel panel(nullptr);
        panel.resize(540, 430);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QImage screenImage(1280, 800, QImage::Format_RGB32);
        screenImage.fill(Qt::darkCyan);
        panel.view()->setImage(screenImage);
        QApplication::processEvents();
        QVERIFY(panel.view()->targetRect().width() < 640); // fitted: under half size
        QToolButton *toggle = panel.actualSizeButton();
        QCOMPARE(wholeProblem(toggle), QString());
        QTest::mouseClick(toggle, Qt::LeftButton);
        QTRY_COMPARE(panel.view()->targetRect().size(), QSize(1280, 800));
        auto *scroll = panel.findChild<QScrollArea *>(QStringLiteral("desktopScroll"));
        QVERIFY(scroll->horizontalScrollBar()->maximum() > 0);
        QTest::mouseClick(toggle, Qt::LeftButton);
        QTRY_VERIFY(panel.view()->targetRect().width() < 640);
    }
};

// Two offscreen screens side by side: 1280x800 and 1920x1080.
int main(int argc, char **argv)
{
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 2;
    file.write(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1280, "height": 800,
                                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
                               {"name": "large", "x": 1280, "y": 0, "width": 1920, "height": 1080,
                                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", QStringLiteral("offscreen:configfile=%1").arg(config).toLocal8Bit());
    QApplication app(argc, argv);
    TestLayout1280 test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_layout1280.moc"
