#include "appsettings.h"
#include "settingsdialog.h"
#include "theme.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QProxyStyle>
#include <QSettings>
#include <QSpinBox>
#include <QStyle>
#include <QTest>

using namespace Sandbench;

class TestSettings : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void settingsRoundTrip();
    void dialogReturnsWhatWasEdited();
    void themesSetPalettes();
};

void TestSettings::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_settings"));
    QSettings().clear();
}

void TestSettings::settingsRoundTrip()
{
    QCOMPARE(AppSettings::load(), AppSettings{}); // defaults on a fresh machine
    AppSettings s;
    s.runtimePath = QStringLiteral("/opt/deno");
    s.cacheDir = QStringLiteral("/var/cache/sb");
    s.defaultTimeoutMs = 1234;
    s.defaultMemoryMb = 99;
    s.defaultMaxOutputBytes = 4096;
    s.theme = Theme::Dark;
    s.language = QStringLiteral("ja");
    s.save();
    QCOMPARE(AppSettings::load(), s);
    QCOMPARE(s.engineConfig().runtimePath, QStringLiteral("/opt/deno"));
    QSettings().clear();
}

void TestSettings::dialogReturnsWhatWasEdited()
{
    SettingsDialog dialog(AppSettings{});
    auto *runtime = dialog.findChild<QLineEdit *>(QStringLiteral("runtimePath"));
    auto *theme = dialog.findChild<QComboBox *>(QStringLiteral("theme"));
    auto *language = dialog.findChild<QComboBox *>(QStringLiteral("language"));
    auto *timeout = dialog.findChild<QSpinBox *>(QStringLiteral("defaultTimeout"));
    QVERIFY(runtime && theme && language && timeout);
    runtime->setText(QStringLiteral("/usr/lib/sandbench/deno"));
    theme->setCurrentIndex(theme->findData(QStringLiteral("dark")));
    language->setCurrentIndex(language->findData(QStringLiteral("de")));
    timeout->setValue(5000);
    const AppSettings s = dialog.settings();
    QCOMPARE(s.runtimePath, QStringLiteral("/usr/lib/sandbench/deno"));
    QCOMPARE(s.theme, Theme::Dark);
    QCOMPARE(s.language, QStringLiteral("de"));
    QCOMPARE(s.defaultTimeoutMs, 5000);
}

void TestSettings::themesSetPalettes()
{
    QCOMPARE(themeFromName(themeName(Theme::Dark)), Theme::Dark);
    QCOMPARE(themeFromName(QStringLiteral("nonsense")), Theme::System);
    applyTheme(Theme::Dark);
    QVERIFY(isDarkPalette(QApplication::palette()));
    // Fusion, under the proxy that outlines check boxes on dark palettes.
    auto *proxy = qobject_cast<QProxyStyle *>(QApplication::style());
    QVERIFY(proxy);
    QCOMPARE(proxy->baseStyle()->name().toLower(), QStringLiteral("fusion"));
    applyTheme(Theme::Light);
    QVERIFY(!isDarkPalette(QApplication::palette()));
    // Text must stand out from its background in both.
    for (const QPalette &p : {lightPalette(), darkPalette()})
        QVERIFY(qAbs(p.color(QPalette::Text).lightness() - p.color(QPalette::Base).lightness()) > 120);
}

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
