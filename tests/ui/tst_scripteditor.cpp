#include "panels/codeeditor.h"
#include "panels/scripteditorpanel.h"
#include "theme.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>

#include <QApplication>
#include <QMimeData>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QUrl>

using namespace Sandbench;

class TestScriptEditor : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void highlightsJavaScriptAndTypeScript();
    void lineNumberGutterGrowsWithTheLines();
    void openSaveAndRecentFiles();
    void droppedFilesOpen();
    void themeFollowsThePalette();
};

void TestScriptEditor::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_scripteditor"));
    QSettings().clear();
}

void TestScriptEditor::highlightsJavaScriptAndTypeScript()
{
    QVERIFY(CodeEditor::repository().definitions().size() > 100);
    ScriptEditorPanel panel;
    panel.show();
    QCOMPARE(panel.editor()->syntaxName(), QStringLiteral("JavaScript"));
    panel.setCode(QStringLiteral("const x = \"text\"; // note\n"), QStringLiteral("a.ts"));
    QCOMPARE(panel.editor()->syntaxName(), QStringLiteral("TypeScript"));
    // Highlighting happened: the line carries more than one format.
    QTRY_VERIFY(panel.editor()->document()->firstBlock().layout()->formats().size() >= 2);
}

void TestScriptEditor::lineNumberGutterGrowsWithTheLines()
{
    CodeEditor editor;
    editor.setPlainText(QStringLiteral("x\n").repeated(5));
    const int narrow = editor.lineNumberAreaWidth();
    editor.setPlainText(QStringLiteral("x\n").repeated(12000));
    QVERIFY(editor.lineNumberAreaWidth() > narrow);
}

void TestScriptEditor::openSaveAndRecentFiles()
{
    QTemporaryDir dir;
    ScriptEditorPanel panel;
    panel.setCode(QStringLiteral("console.log(1);\n"));
    panel.editor()->insertPlainText(QStringLiteral("// edited\n"));
    QVERIFY(panel.isModified());
    const QString path = dir.filePath(QStringLiteral("script.ts"));
    QString error;
    QVERIFY2(panel.saveFile(path, &error), qPrintable(error));
    QVERIFY(!panel.isModified());
    QCOMPARE(panel.displayName(), QStringLiteral("script.ts"));

    ScriptEditorPanel other;
    QVERIFY(other.openFile(path, &error));
    QCOMPARE(other.code(), panel.code());
    QCOMPARE(other.recentFiles().first(), path);
    QVERIFY(!other.openFile(dir.filePath(QStringLiteral("absent.js")), &error));
    QVERIFY(!error.isEmpty());
}

void TestScriptEditor::droppedFilesOpen()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("dropped.js"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("console.log('dropped');\n");
    file.close();

    ScriptEditorPanel panel;
    panel.show();
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QWidget *target = panel.editor()->viewport();
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    QCOMPARE(panel.filePath(), path);
    QCOMPARE(panel.code(), QStringLiteral("console.log('dropped');\n"));
}

void TestScriptEditor::themeFollowsThePalette()
{
    CodeEditor editor;
    editor.setSyntax(QStringLiteral("JavaScript"));
    editor.setPlainText(QStringLiteral("const a = 1;"));
    editor.setPalette(lightPalette());
    const auto light = CodeEditor::repository().defaultTheme(KSyntaxHighlighting::Repository::LightTheme);
    const auto dark = CodeEditor::repository().defaultTheme(KSyntaxHighlighting::Repository::DarkTheme);
    QVERIFY(light.name() != dark.name());
    const QColor lightText = editor.document()->firstBlock().layout()->formats().first().format.foreground().color();
    editor.setPalette(darkPalette());
    const QColor darkText = editor.document()->firstBlock().layout()->formats().first().format.foreground().color();
    QVERIFY2(lightText != darkText, qPrintable(lightText.name() + QLatin1Char(' ') + darkText.name()));
}

QTEST_MAIN(TestScriptEditor)
#include "tst_scripteditor.moc"
