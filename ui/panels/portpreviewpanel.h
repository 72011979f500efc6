#pragma once

#include "sandbox/sandbox.h"

#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QWebEngineView;

namespace Sandbench {

class Sandbox;

// What a sandbox serves on one of its ports (Sandbox::url), rendered by QtWebEngine, with reload
// and open-in-browser. Only the sandbox's own URL is loaded: the address is not editable.
class PortPreviewPanel : public QWidget
{
    Q_OBJECT
public:
    explicit PortPreviewPanel(Sandbox *sandbox, int port = 0, QWidget *parent = nullptr);

    // port 0: the sandbox's first port.
    void setSandbox(Sandbox *sandbox, int port = 0);
    Sandbox *sandbox() const { return m_sandbox; }
    int port() const;
    QUrl url() const;
    QWebEngineView *view() const { return m_view; }
    QString status() const;
    // What the view paints where a page sets no background of its own: white under a page, as
    // in any browser (a page without colours of its own is black text, and Qt 6.4's web engine
    // cannot be told to prefer a dark scheme), the theme's base before and between pages.
    QColor pageBackground() const;

    void reload();
    void openInBrowser();

signals:
    void loadFinished(bool ok);

protected:
    void changeEvent(QEvent *event) override;

private:
    void load();
    void setStatus(const QString &text, bool error = false);
    void updatePageBackground();

    QPointer<Sandbox> m_sandbox;
    QComboBox *m_port;
    QLineEdit *m_address;
    QWebEngineView *m_view;
    QLabel *m_status;
    bool m_showsPage = false; // a served page, not the empty view
};

} // namespace Sandbench
