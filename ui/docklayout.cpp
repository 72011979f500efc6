#include "docklayout.h"

#include <QDockWidget>
#include <QJsonArray>
#include <QMainWindow>
#include <QTimer>

namespace Sandbench {

void applyDockLayout(QMainWindow *window, const QList<QDockWidget *> &docks, const QJsonObject &layout)
{
    const auto dockNamed = [window](const QString &name) -> QDockWidget * {
        // findChild() with an empty name would match any dock.
        return name.isEmpty() ? nullptr : window->findChild<QDockWidget *>(name, Qt::FindDirectChildrenOnly);
    };
    for (QDockWidget *dock : docks) {
        window->removeDockWidget(dock);
        // Docked again below; a floating dock added to an area would stay floating.
        dock->setFloating(false);
    }
    for (const QJsonValue &value : layout.value(QStringLiteral("docks")).toArray()) {
        const QJsonObject entry = value.toObject();
        QDockWidget *dock = dockNamed(entry.value(QStringLiteral("name")).toString());
        if (!dock)
            continue;
        const QString area = entry.value(QStringLiteral("area")).toString();
        const Qt::DockWidgetArea where = area == QLatin1String("right")    ? Qt::RightDockWidgetArea
                                         : area == QLatin1String("top")    ? Qt::TopDockWidgetArea
                                         : area == QLatin1String("bottom") ? Qt::BottomDockWidgetArea
                                                                           : Qt::LeftDockWidgetArea;
        QDockWidget *tabWith = dockNamed(entry.value(QStringLiteral("tabWith")).toString());
        QDockWidget *splitWith = dockNamed(entry.value(QStringLiteral("splitWith")).toString());
        if (tabWith) {
            window->tabifyDockWidget(tabWith, dock);
        } else if (splitWith) {
            const bool vert = entry.value(QStringLiteral("orientation")).toString() == QLatin1String("vertical");
            window->splitDockWidget(splitWith, dock, vert ? Qt::Vertical : Qt::Horizontal);
        } else {
            window->addDockWidget(where, dock);
        }
        dock->setFloating(false);
        dock->show();
    }
    // Sizes only take once the docks are laid out in a window of its final size.
    const QJsonArray sizes = layout.value(QStringLiteral("sizes")).toArray();
    const auto applySizes = [window, sizes, dockNamed] {
        for (const QJsonValue &value : sizes) {
            const QJsonObject entry = value.toObject();
            QList<QDockWidget *> sized;
            QList<int> pixels;
            const QJsonArray names = entry.value(QStringLiteral("docks")).toArray();
            const QJsonArray values = entry.value(QStringLiteral("sizes")).toArray();
            for (qsizetype i = 0; i < names.size() && i < values.size(); ++i) {
                if (QDockWidget *dock = dockNamed(names.at(i).toString())) {
                    sized << dock;
                    pixels << values.at(i).toInt();
                }
            }
            const bool vert = entry.value(QStringLiteral("orientation")).toString() == QLatin1String("vertical");
            window->resizeDocks(sized, pixels, vert ? Qt::Vertical : Qt::Horizontal);
        }
    };
    applySizes();
    QTimer::singleShot(0, window, applySizes);
    for (const QJsonValue &name : layout.value(QStringLiteral("raise")).toArray())
        if (QDockWidget *dock = dockNamed(name.toString()))
            dock->raise();
}

} // namespace Sandbench
