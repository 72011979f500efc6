// The window from the keyboard: where the focus goes in each panel, Escape out of the editors,
// and the list of shortcuts.
#include "mainwindow.h"

#include "panelnavigator.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/runhistorypanel.h"
#include "panels/scripteditorpanel.h"
#include "shortcutsdialog.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QTableView>

namespace Sandbench {

void MainWindow::setUpKeyboardFocus()
{
    // Going to a panel lands on the control the panel is for.
    m_script->setFocusProxy(m_script->editor());
    m_audit->setFocusProxy(m_audit->view());
    // Tab indents in the editors, so Escape is the way out (Ctrl+Tab and F6 work there too).
    for (CodeEditor *editor : findChildren<CodeEditor *>())
        m_navigator->leaveOnEscape(editor);
    m_script->editor()->setAccessibleName(tr("Script editor"));
    m_audit->view()->setAccessibleName(tr("Audit log"));
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(menuBar(), this);
    dialog.exec();
}

} // namespace Sandbench
