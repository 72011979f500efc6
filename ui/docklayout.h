#pragma once

#include <QJsonObject>
#include <QList>

class QDockWidget;
class QMainWindow;

namespace Sandbench {

// Puts `docks` of `window` where `layout` says: each entry names a dock by object name and an
// area, or another dock to tab with or split from; then the sizes and which tabs are raised.
// Names the layout does not know are left alone, so an old layout file never breaks a newer
// window. The format is resources/layouts/default.json's.
void applyDockLayout(QMainWindow *window, const QList<QDockWidget *> &docks, const QJsonObject &layout);

} // namespace Sandbench
