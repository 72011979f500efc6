// Audit browser: open a large audit .jsonl in the audit panel and filter it.
//
//   bench_audit_browser FILE
// Reports the time until the first rows are in the view, until the whole file is indexed, the
// time of three filters (kind + decision, which the raw-line prefilter decides; a text search,
// which parses the candidate lines), the longest event-loop stall throughout, and peak RSS.
#include "benchsupport.h"
#include "models/auditlogmodel.h"
#include "panels/auditpanel.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTableView>

#include <cstdio>

using namespace Sandbench;

namespace {

qint64 timeFilter(AuditLogModel *model, const AuditFilter &filter, int *rows, Bench::StallMeter *stalls)
{
    stalls->start();
    QElapsedTimer clock;
    clock.start();
    QSignalSpy done(model, &AuditLogModel::filterFinished);
    model->setFilter(filter);
    if (done.isEmpty())
        done.wait(120000);
    *rows = model->rowCount();
    if (*rows > 0)
        model->index(0, int(AuditLogModel::Column::Resource)).data(); // first row parsed
    QCoreApplication::processEvents();
    const qint64 elapsed = clock.elapsed();
    std::printf("  (longest stall while filtering: %lld ms)\n", stalls->stop());
    return elapsed;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_audit_browser FILE\n");
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    AuditPanel panel;
    panel.resize(1100, 700);
    panel.show();
    AuditLogModel *model = panel.model();
    Bench::StallMeter stalls;
    stalls.start();

    QElapsedTimer clock;
    clock.start();
    QSignalSpy loaded(model, &AuditLogModel::loadingFinished);
    QString error;
    if (!panel.openLog(path, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const qint64 openReturned = clock.elapsed();
    while (model->rowCount() == 0 && loaded.isEmpty())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    QCoreApplication::processEvents(); // let the view paint its first rows
    const QString firstResource = model->index(0, int(AuditLogModel::Column::Resource)).data().toString();
    const qint64 firstRows = clock.elapsed();
    if (loaded.isEmpty())
        loaded.wait(120000);
    const qint64 indexed = clock.elapsed();
    std::printf("longest event-loop stall while opening: %lld ms\n", stalls.stop());
    std::printf("open: returned in %lld ms; first rows after %lld ms (row 1: %s); %lld lines "
                "indexed after %lld ms (%lld allowed, %lld denied)\n",
                openReturned, firstRows, qPrintable(firstResource), model->totalCount(), indexed,
                model->allowCount(), model->denyCount());

    int rows = 0;
    AuditFilter denyRead;
    denyRead.kind = QStringLiteral("read");
    denyRead.decision = AuditFilter::Decision::Deny;
    qint64 ms = timeFilter(model, denyRead, &rows, &stalls);
    std::printf("filter kind=read decision=deny: %d rows in %lld ms\n", rows, ms);
    AuditFilter text;
    text.text = QStringLiteral("file-99999");
    ms = timeFilter(model, text, &rows, &stalls);
    std::printf("filter text=file-99999: %d rows in %lld ms\n", rows, ms);
    AuditFilter net;
    net.kind = QStringLiteral("net");
    ms = timeFilter(model, net, &rows, &stalls);
    std::printf("filter kind=net: %d rows in %lld ms\n", rows, ms);
    ms = timeFilter(model, {}, &rows, &stalls);
    std::printf("filter cleared: %d rows in %lld ms\n", rows, ms);
    std::printf("peak RSS %.1f MiB\n", Bench::peakRssMiB());
    return 0;
}
