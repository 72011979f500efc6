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

    void reload();
    void openInBrowser();

signals:
    void loadFinished(bool ok);

protected:
    void changeEvent(QEvent *event) override;

private:
    void load();
    void setStatus(const QString &text, bool error = false);

    QPointer<Sandbox> m_sandbox;
    QComboBox *m_port;
    QLineEdit *m_address;
    QWebEngineView *m_view;
    QLabel *m_status;
};

} // namespace Sandbench
