// Deleting in a sandbox's file browser, by mouse and keys against the real engine: Delete asks
// first and names what goes (a folder's question says it goes with everything in it, a
// selection says how many), Cancel is the default and keeps everything, yes removes it and the
// status line says so after the new listing. Uploading over an existing name asks too.
#include "desktoptestsupport.h"

#include "panels/sandboxfileswidget.h"
#include "theme.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QTranslator>
#include <QTemporaryDir>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// Answers every modal box named `name` that comes up while it lives, once it holds the focus,
// with `answer`; counts them and keeps what they said.
class ModalAnswer : public QObject
{
public:
    ModalAnswer(const QString &name, std::function<void(QMessageBox *)> answer)
        : m_name(name)
        , m_answer(std::move(answer))
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || box->objectName() != m_name || !box->isVisible() || box == m_last)
                return;
            m_last = box;
            ++count;
            text = box->text();
            informative = box->informativeText();
            if (auto *cancel = box->findChild<QPushButton *>(QStringLiteral("cancelButton")))
                cancelWasDefault = cancel->isDefault();
            // SANDBENCH_SCREENSHOT_DIR, when set: each question as the user sees it.
            if (const QString dir = qEnvironmentVariable("SANDBENCH_SCREENSHOT_DIR"); !dir.isEmpty())
                box->grab().save(QDir(dir).filePath(QStringLiteral("%1%2-%3.png").arg(prefix, m_name).arg(++s_shots)));
            m_answer(box);
        });
        m_timer.start(30);
    }
    int count = 0;
    bool cancelWasDefault = false;
    QString text;
    QString informative;
    // Put before the pictures' names (the language and theme they show).
    static inline QString prefix;

private:
    QString m_name;
    std::function<void(QMessageBox *)> m_answer;
    QTimer m_timer;
    QPointer<QMessageBox> m_last;
    static inline int s_shots = 0;
};

void clickButton(QMessageBox *box, const char *name)
{
    QPushButton *button = box->findChild<QPushButton *>(QString::fromLatin1(name));
    QVERIFY2(button, name);
    QTest::mouseClick(button, Qt::LeftButton);
}

} // namespace

class TestSandboxFilesDelete : public QObject
{
    Q_OBJECT
    std::unique_ptr<SandboxPool> m_pool;
    QPointer<Sandbox> m_sandbox;
    std::unique_ptr<SandboxFilesWidget> m_files;

    QTreeWidget *list() const { return m_files->findChild<QTreeWidget *>(QStringLiteral("filesList")); }
    QPushButton *deleteButton() const { return m_files->findChild<QPushButton *>(QStringLiteral("fileDelete")); }

    QTreeWidgetItem *row(const QString &name) const
    {
        for (int i = 0; i < list()->topLevelItemCount(); ++i) {
            if (list()->topLevelItem(i)->text(0) == name)
                return list()->topLevelItem(i);
        }
        return nullptr;
    }
    // A click on a row as the user makes it (with Ctrl: adds it to the selection).
    void clickRow(const QString &name, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QTreeWidgetItem *item = row(name);
        QVERIFY2(item, qPrintable(name));
        list()->scrollToItem(item);
        QTest::mouseClick(list()->viewport(), Qt::LeftButton, modifiers, list()->visualItemRect(item).center());
    }
    bool existsInSandbox(const QString &path)
    {
        auto r = waitFor(m_sandbox->readFile(path), 30'000);
        auto listing = waitFor(m_sandbox->listFiles(path), 30'000);
        return (r && r->has_value()) || (listing && listing->has_value());
    }
    void reload()
    {
        QSignalSpy idle(m_files.get(), &SandboxFilesWidget::idle);
        m_files->refresh();
        QVERIFY(idle.wait(30'000));
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 600'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        m_pool = std::move(*pool);
        m_sandbox = makeSandbox(m_pool.get(), QStringLiteral("sandbench/base:1"), 300'000);
        QVERIFY(m_sandbox);
        VERIFY_OK(shell(m_sandbox, QStringLiteral("cd /workspace && echo a > a.txt && echo b > b.txt && echo c > c.txt"
                                                  " && mkdir -p tree/deep && echo x > tree/deep/x.txt")));
        m_files = std::make_unique<SandboxFilesWidget>();
        m_files->resize(900, 500);
        m_files->show();
        m_files->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_files.get()));
        QSignalSpy idle(m_files.get(), &SandboxFilesWidget::idle);
        m_files->setSandbox(m_sandbox);
        QVERIFY(idle.wait(30'000));
        QTRY_VERIFY_WITH_TIMEOUT(m_files->entryNames().contains(QStringLiteral("a.txt")), 30'000);
    }

    void cleanupTestCase()
    {
        m_files.reset();
        if (m_pool)
            waitFor(m_pool->close(), 30'000);
    }

    // With SANDBENCH_SCREENSHOT_DIR set: the questions pictured in German and Japanese, light,
    // and in English, German and Japanese, dark (scripts/screenshots). Nothing is deleted.
    void picturedInEachLanguageAndTheme_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("dark");
        QTest::newRow("de") << QStringLiteral("de") << false;
        QTest::newRow("ja") << QStringLiteral("ja") << false;
        QTest::newRow("dark") << QStringLiteral("en") << true;
        QTest::newRow("de-dark") << QStringLiteral("de") << true;
        QTest::newRow("ja-dark") << QStringLiteral("ja") << true;
    }
    void picturedInEachLanguageAndTheme()
    {
        if (qEnvironmentVariableIsEmpty("SANDBENCH_SCREENSHOT_DIR"))
            QSKIP("pictures only when SANDBENCH_SCREENSHOT_DIR is set");
        QFETCH(QString, language);
        QFETCH(bool, dark);
        QTranslator ours;
        QTranslator qt;
        if (language != QLatin1String("en")) {
            QVERIFY(ours.load(QStringLiteral(":/i18n/sandbench_%1.qm").arg(language)));
            QCoreApplication::installTranslator(&ours);
            if (qt.load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
                QCoreApplication::installTranslator(&qt);
        }
        applyTheme(dark ? Theme::Dark : Theme::Light);
        auto restore = qScopeGuard([&] {
            QCoreApplication::removeTranslator(&ours);
            QCoreApplication::removeTranslator(&qt);
            applyTheme(Theme::Light);
            ModalAnswer::prefix.clear();
        });
        ModalAnswer::prefix = QStringLiteral("delete-%1-").arg(QString::fromLatin1(QTest::currentDataTag()));
        clickRow(QStringLiteral("a.txt"));
        {
            ModalAnswer answer(QStringLiteral("deleteConfirmation"), [](QMessageBox *box) { clickButton(box, "cancelButton"); });
            QTest::mouseClick(deleteButton(), Qt::LeftButton);
            QCOMPARE(answer.count, 1);
        }
        clickRow(QStringLiteral("tree"), Qt::ControlModifier);
        ModalAnswer answer(QStringLiteral("deleteConfirmation"), [](QMessageBox *box) { clickButton(box, "cancelButton"); });
        QTest::mouseClick(deleteButton(), Qt::LeftButton);
        QCOMPARE(answer.count, 1);
        QVERIFY(existsInSandbox(QStringLiteral("/workspace/a.txt")));
        list()->clearSelection();
    }

    void cancelKeepsTheFile()
    {
        clickRow(QStringLiteral("a.txt"));
        {
            // Enter in the question is Cancel: the default button loses nothing.
            ModalAnswer answer(QStringLiteral("deleteConfirmation"),
                               [](QMessageBox *box) { QTest::keyClick(box, Qt::Key_Return); });
            QTest::mouseClick(deleteButton(), Qt::LeftButton);
            QCOMPARE(answer.count, 1);
            QVERIFY(answer.cancelWasDefault);
            QVERIFY2(answer.text.contains(QStringLiteral("/workspace/a.txt")), qPrintable(answer.text));
            QVERIFY2(answer.informative.contains(QStringLiteral("cannot be undone")), qPrintable(answer.informative));
            QVERIFY(existsInSandbox(QStringLiteral("/workspace/a.txt")));
            QCOMPARE(m_files->status(), QStringLiteral("Nothing was deleted"));
        }
        // Escape, from the Delete key this time, keeps it too.
        ModalAnswer escape(QStringLiteral("deleteConfirmation"),
                           [](QMessageBox *box) { QTest::keyClick(box, Qt::Key_Escape); });
        // Back to the window (a box that closed took the activation with it), into the list.
        m_files->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_files.get()));
        list()->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(list()));
        QTest::keyClick(list(), Qt::Key_Delete);
        QCOMPARE(escape.count, 1);
        QVERIFY(existsInSandbox(QStringLiteral("/workspace/a.txt")));
    }

    void yesDeletesAndSaysSo()
    {
        clickRow(QStringLiteral("a.txt"));
        QSignalSpy idle(m_files.get(), &SandboxFilesWidget::idle);
        ModalAnswer answer(QStringLiteral("deleteConfirmation"),
                           [](QMessageBox *box) { clickButton(box, "acceptButton"); });
        // Back to the window (a box that closed took the activation with it), into the list.
        m_files->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_files.get()));
        list()->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(list()));
        QTest::keyClick(list(), Qt::Key_Delete);
        QCOMPARE(answer.count, 1);
        QVERIFY(idle.wait(30'000));
        QVERIFY(!existsInSandbox(QStringLiteral("/workspace/a.txt")));
        QVERIFY(!m_files->entryNames().contains(QStringLiteral("a.txt")));
        // The answer stays after the new listing, not "N entries".
        QCOMPARE(m_files->status(), QStringLiteral("Deleted /workspace/a.txt"));
        QVERIFY(existsInSandbox(QStringLiteral("/workspace/b.txt")));
    }

    void aFolderSaysItIsRecursive()
    {
        clickRow(QStringLiteral("tree"));
        ModalAnswer cancel(QStringLiteral("deleteConfirmation"),
                           [](QMessageBox *box) { clickButton(box, "cancelButton"); });
        QTest::mouseClick(deleteButton(), Qt::LeftButton);
        QCOMPARE(cancel.count, 1);
        QVERIFY2(cancel.text.contains(QStringLiteral("folder /workspace/tree and everything in it")), qPrintable(cancel.text));
        QVERIFY(existsInSandbox(QStringLiteral("/workspace/tree/deep/x.txt")));
    }

    void aSelectionIsCountedAndListed()
    {
        reload();
        clickRow(QStringLiteral("b.txt"));
        clickRow(QStringLiteral("c.txt"), Qt::ControlModifier);
        clickRow(QStringLiteral("tree"), Qt::ControlModifier);
        QSignalSpy idle(m_files.get(), &SandboxFilesWidget::idle);
        ModalAnswer answer(QStringLiteral("deleteConfirmation"),
                           [](QMessageBox *box) { clickButton(box, "acceptButton"); });
        QTest::mouseClick(deleteButton(), Qt::LeftButton);
        QCOMPARE(answer.count, 1);
        QVERIFY2(answer.text.contains(QStringLiteral("3 items")), qPrintable(answer.text));
        for (const char *shown : {"/workspace/b.txt", "/workspace/c.txt", "/workspace/tree (folder, with everything in it)"})
            QVERIFY2(answer.informative.contains(QString::fromUtf8(shown)), qPrintable(answer.informative));
        QVERIFY(idle.wait(60'000));
        QCOMPARE(m_files->status(), QStringLiteral("Deleted 3 items from /workspace"));
        for (const char *gone : {"/workspace/b.txt", "/workspace/c.txt", "/workspace/tree"})
            QVERIFY2(!existsInSandbox(QString::fromUtf8(gone)), gone);
    }

    // Upload… over a name that exists asks before replacing it; Cancel keeps the sandbox's file.
    void uploadOverAFileAsks()
    {
        QTemporaryDir local;
        const QString path = local.filePath(QStringLiteral("keep.txt"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("from the host\n");
        }
        VERIFY_OK(shell(m_sandbox, QStringLiteral("echo original > /workspace/keep.txt")));
        reload();
        auto *upload = m_files->findChild<QPushButton *>(QStringLiteral("fileUpload"));
        QVERIFY(upload);
        // The file dialog: the path typed into its name field, then Enter.
        QTimer chooser;
        int chosen = 0;
        connect(&chooser, &QTimer::timeout, this, [&] {
            auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            auto *name = dialog ? dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit")) : nullptr;
            if (!name || !dialog->isVisible())
                return;
            ++chosen;
            name->setText(path);
            QTest::keyClick(name, Qt::Key_Return);
        });
        chooser.start(30);
        {
            ModalAnswer cancel(QStringLiteral("uploadReplaceConfirmation"),
                               [](QMessageBox *box) { QTest::keyClick(box, Qt::Key_Escape); });
            QTest::mouseClick(upload, Qt::LeftButton);
            QCOMPARE(chosen, 1);
            QCOMPARE(cancel.count, 1);
            QVERIFY2(cancel.text.contains(QStringLiteral("/workspace/keep.txt")), qPrintable(cancel.text));
            auto kept = waitFor(m_sandbox->readFile(QStringLiteral("/workspace/keep.txt")), 30'000);
            VERIFY_OK(kept);
            QCOMPARE(kept->value_or(QByteArray()), QByteArray("original\n"));
        }
        QSignalSpy idle(m_files.get(), &SandboxFilesWidget::idle);
        ModalAnswer yes(QStringLiteral("uploadReplaceConfirmation"),
                        [](QMessageBox *box) { clickButton(box, "acceptButton"); });
        QTest::mouseClick(upload, Qt::LeftButton);
        QCOMPARE(chosen, 2);
        QCOMPARE(yes.count, 1);
        QTRY_VERIFY_WITH_TIMEOUT(m_files->status().startsWith(QStringLiteral("Uploaded")) && idle.size() > 0, 30'000);
        auto replaced = waitFor(m_sandbox->readFile(QStringLiteral("/workspace/keep.txt")), 30'000);
        VERIFY_OK(replaced);
        QCOMPARE(replaced->value_or(QByteArray()), QByteArray("from the host\n"));
    }

    void nothingSelectedDeletesNothing()
    {
        reload();
        VERIFY_OK(shell(m_sandbox, QStringLiteral("echo k > /workspace/keep.txt")));
        reload();
        list()->clearSelection();
        list()->setCurrentItem(nullptr);
        ModalAnswer answer(QStringLiteral("deleteConfirmation"),
                           [](QMessageBox *box) { clickButton(box, "acceptButton"); });
        QTest::mouseClick(deleteButton(), Qt::LeftButton);
        QCOMPARE(answer.count, 0);
        QVERIFY(m_files->status().contains(QStringLiteral("Select")));
        QVERIFY(existsInSandbox(QStringLiteral("/workspace/keep.txt")));
    }
};

QTEST_MAIN(TestSandboxFilesDelete)
#include "tst_sandboxfilesdelete.moc"
