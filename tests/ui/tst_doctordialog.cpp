// The workbench's layer line and its details: a click checks every layer off the GUI thread
// (the line counts the layers as they come, the event loop keeps turning), the dialog lists
// each one with its why, a missing layer is named on the line, and Run Again checks anew.
#include "doctordialog.h"
#include "doctorstatus.h"
#include "workbench/workbench.h"

#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

using namespace Sandbench;

class TestDoctorDialog : public QObject
{
    Q_OBJECT

private slots:
    void clickChecksWithoutBlockingAndLists()
    {
        Workbench workbench;
        DoctorOptions options;
        options.sandboxes = false;
        DoctorStatus status(&workbench, options);
        status.show();
        QCOMPARE(status.text(), QStringLiteral("Layers: not checked"));

        QStringList texts;
        QTimer tick;
        int ticks = 0;
        connect(&tick, &QTimer::timeout, this, [&] {
            ++ticks;
            if (texts.isEmpty() || texts.last() != status.text())
                texts << status.text();
        });
        tick.start(10);
        QTest::mouseClick(&status, Qt::LeftButton);
        DoctorDialog *dialog = status.dialog();
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->isRunning());
        QVERIFY(!dialog->runAgainButton()->isEnabled());
        QSignalSpy checked(dialog, &DoctorDialog::checked);
        QVERIFY(checked.wait(300'000));
        // The loop turned while the probes ran, and the line counted layers as they came.
        QVERIFY(ticks > 5);
        QVERIFY2(std::any_of(texts.begin(), texts.end(), [](const QString &t) { return t.contains(QLatin1String(" of ")); }),
                 qPrintable(texts.join(QLatin1Char('|'))));
        QCOMPARE(dialog->list()->topLevelItemCount(), int(doctorLayers().size()));
        for (int i = 0; i < dialog->list()->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = dialog->list()->topLevelItem(i);
            QCOMPARE(item->text(1), doctorLayers().at(i));
            QVERIFY2(item->text(0) != QLatin1String("missing"), qPrintable(item->text(1) + QLatin1Char(' ') + item->text(2)));
            QVERIFY(!item->text(2).isEmpty());
        }
        QCOMPARE(status.text(), QStringLiteral("Layers: all held"));
        QVERIFY(dialog->runAgainButton()->isEnabled());
        QVERIFY(!dialog->progress()->isVisible());
    }

    void missingLayerIsNamedAndRunAgainChecksAnew()
    {
        Workbench workbench;
        DoctorOptions options;
        options.sandboxes = false;
        options.launcherPath = QStringLiteral(FAKE_LAUNCH_NOLANDLOCK);
        DoctorStatus status(&workbench, options);
        status.openDetails();
        QSignalSpy checked(status.dialog(), &DoctorDialog::checked);
        QVERIFY(checked.wait(300'000));
        QCOMPARE(status.text(), QStringLiteral("Layers: 1 missing: landlock"));
        QVERIFY(status.font().bold());
        QTest::mouseClick(status.dialog()->runAgainButton(), Qt::LeftButton);
        QVERIFY(status.dialog()->isRunning());
        QCOMPARE(status.dialog()->list()->topLevelItemCount() < int(doctorLayers().size()), true);
        QVERIFY(checked.wait(300'000));
        QCOMPARE(checked.size(), 2);
        QCOMPARE(status.text(), QStringLiteral("Layers: 1 missing: landlock"));
    }
};

QTEST_MAIN(TestDoctorDialog)
#include "tst_doctordialog.moc"
