// The window from the keyboard: where the focus goes in each panel, Escape out of the editors,
// and the list of shortcuts.
#include "mainwindow.h"

#include "panelnavigator.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/runhistorypanel.h"
#include "panels/scripteditorpanel.h"
#include "shortcutsdialog.h"

#include <QAbstractSpinBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QTableView>

namespace {

QString withoutMnemonic(QString text)
{
    text.remove(QLatin1Char('&'));
    return text.remove(QLatin1Char(':')).trimmed();
}

// The label a QFormLayout shows beside `widget`, if it is a field of one.
QString formLabel(const QWidget *widget)
{
    const QWidget *parent = widget->parentWidget();
    if (!parent)
        return {};
    for (auto *form : parent->findChildren<QFormLayout *>()) {
        if (auto *label = qobject_cast<QLabel *>(form->labelForField(const_cast<QWidget *>(widget))))
            return withoutMnemonic(label->text());
    }
    return {};
}

// A name for a control that has none, from what a sighted user sees around it.
QString derivedName(const QWidget *widget)
{
    if (!widget)
        return {};
    if (!widget->accessibleName().isEmpty())
        return widget->accessibleName();
    if (QString label = formLabel(widget); !label.isEmpty())
        return label;
    const QWidget *parent = widget->parentWidget();
    // The line edit inside a spin box, the list inside a list editor, the view inside a web view:
    // named after what they are part of.
    if (parent && (qobject_cast<const QAbstractSpinBox *>(parent)
                   || QByteArray(parent->metaObject()->className()) == "Sandbench::StringListEdit"
                   || QByteArray(parent->metaObject()->className()) == "QWebEngineView"))
        return derivedName(parent);
    if (auto *edit = qobject_cast<const QLineEdit *>(widget); edit && !edit->placeholderText().isEmpty())
        return edit->placeholderText();
    if (auto *tabs = qobject_cast<const QTabWidget *>(widget)) {
        QStringList names;
        for (int i = 0; i < tabs->count(); ++i)
            names << withoutMnemonic(tabs->tabText(i));
        return QCoreApplication::translate("Sandbench::MainWindow", "Tabs: %1").arg(names.join(QStringLiteral(", ")));
    }
    // A page of a tab widget is named after its tab.
    if (auto *stack = qobject_cast<const QStackedWidget *>(parent)) {
        if (auto *tabs = qobject_cast<const QTabWidget *>(stack->parentWidget()))
            return withoutMnemonic(tabs->tabText(tabs->indexOf(const_cast<QWidget *>(widget))));
    }
    if (!widget->toolTip().isEmpty())
        return widget->toolTip();
    return {};
}

} // namespace

namespace Sandbench {

void MainWindow::setUpKeyboardFocus()
{
    // Going to a panel lands on the control the panel is for.
    m_script->setFocusProxy(m_script->editor());
    m_audit->setFocusProxy(m_audit->view());
    // Tab indents in the editors, so Escape is the way out (Ctrl+Tab and F6 work there too).
    for (CodeEditor *editor : findChildren<CodeEditor *>())
        m_navigator->leaveOnEscape(editor);
    nameControls();
    // Some controls are made when first shown (the web view's render widget).
    for (QDockWidget *dock : std::as_const(m_docks))
        connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
            if (visible)
                QTimer::singleShot(0, this, &MainWindow::nameControls);
        });
}

void MainWindow::nameControls()
{
    // The panels' main controls, by their stable object names.
    const QList<std::pair<QString, QString>> names = {
        {QStringLiteral("scriptEditor"), tr("Script editor")},
        {QStringLiteral("policyText"), tr("Policy JSON editor")},
        {QStringLiteral("consoleView"), tr("Console output")},
        {QStringLiteral("historyView"), tr("Run history")},
        {QStringLiteral("liveSessions"), tr("Live agent sessions")},
        {QStringLiteral("sandboxesView"), tr("Live sandboxes")},
        {QStringLiteral("execCommand"), tr("Command to run in the sandbox")},
        {QStringLiteral("execOutput"), tr("Command output")},
        {QStringLiteral("filesPath"), tr("Folder in the sandbox")},
        {QStringLiteral("filesList"), tr("Files in the sandbox")},
        {QStringLiteral("fileEditor"), tr("File content")},
        {QStringLiteral("desktopView"), tr("Sandbox desktop")},
        {QStringLiteral("desktopFps"), tr("Screenshots per second")},
        {QStringLiteral("desktopText"), tr("Text to type into the sandbox")},
        {QStringLiteral("desktopTimeline"), tr("Desktop timeline")},
        {QStringLiteral("previewPort"), tr("Port")},
        {QStringLiteral("previewAddress"), tr("Address")},
        {QStringLiteral("previewView"), tr("Port preview")},
    };
    for (const auto &[objectName, name] : names) {
        for (QWidget *w : findChildren<QWidget *>(objectName)) {
            if (w->accessibleName().isEmpty())
                w->setAccessibleName(name);
        }
    }
    m_audit->view()->setAccessibleName(tr("Audit log"));
    // Whatever is left gets the name a sighted user reads beside it.
    for (QWidget *w : findChildren<QWidget *>()) {
        if ((w->focusPolicy() & Qt::TabFocus) && w->accessibleName().isEmpty()) {
            if (const QString name = derivedName(w); !name.isEmpty())
                w->setAccessibleName(name);
        }
    }
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(menuBar(), this);
    dialog.exec();
}

} // namespace Sandbench
