#include "portpreviewpanel.h"
#include "textroles.h"

#include "common/terminaltext.h"
#include "sandbox/sandbox.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QEvent>
#include <QWebEnginePage>
#include <QWebEngineView>

namespace Sandbench {

PortPreviewPanel::PortPreviewPanel(Sandbox *sandbox, int port, QWidget *parent)
    : QWidget(parent)
    , m_port(new QComboBox(this))
    , m_address(new QLineEdit(this))
    , m_view(new QWebEngineView(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("portPreviewPanel"));
    m_port->setObjectName(QStringLiteral("previewPort"));
    m_address->setObjectName(QStringLiteral("previewAddress"));
    m_view->setObjectName(QStringLiteral("previewView"));
    m_status->setObjectName(QStringLiteral("previewStatus"));
    m_address->setReadOnly(true);
    updatePageBackground();
    auto *reloadButton = new QPushButton(tr("Reload"), this);
    auto *browser = new QPushButton(tr("Open in browser"), this);
    reloadButton->setObjectName(QStringLiteral("previewReload"));
    browser->setObjectName(QStringLiteral("previewOpen"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Port:"), this));
    bar->addWidget(m_port);
    bar->addWidget(m_address, 1);
    bar->addWidget(reloadButton);
    bar->addWidget(browser);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);

    connect(reloadButton, &QPushButton::clicked, this, &PortPreviewPanel::reload);
    connect(browser, &QPushButton::clicked, this, &PortPreviewPanel::openInBrowser);
    connect(m_port, &QComboBox::activated, this, [this] { load(); });
    connect(m_view, &QWebEngineView::loadFinished, this, [this](bool ok) {
        // The blank page shown once the sandbox went must not replace the reason.
        if (!m_sandbox || !m_sandbox->isAlive())
            return;
        setStatus(ok ? m_view->title() : tr("Nothing answered on %1").arg(url().toString()), !ok);
        emit loadFinished(ok);
    });
    setSandbox(sandbox, port);
}

void PortPreviewPanel::setSandbox(Sandbox *sandbox, int port)
{
    if (m_sandbox)
        disconnect(m_sandbox, nullptr, this, nullptr);
    m_sandbox = sandbox;
    m_port->clear();
    if (sandbox) {
        for (int p : sandbox->options().ports)
            m_port->addItem(QString::number(p), p);
        connect(sandbox, &Sandbox::stateChanged, this, [this] {
            setStatus(tr("The sandbox is no longer alive"), true);
            m_showsPage = false;
            updatePageBackground();
            m_view->setHtml(QString());
            m_address->clear();
        });
    }
    const int i = port > 0 ? m_port->findData(port) : 0;
    if (i >= 0 && i < m_port->count())
        m_port->setCurrentIndex(i);
    load();
}

int PortPreviewPanel::port() const
{
    return m_port->currentData().toInt();
}

QUrl PortPreviewPanel::url() const
{
    if (!m_sandbox || port() <= 0)
        return {};
    const auto u = m_sandbox->url(port());
    return u ? *u : QUrl();
}

QString PortPreviewPanel::status() const
{
    return m_status->text();
}

void PortPreviewPanel::setStatus(const QString &text, bool error)
{
    error ? setTextRole(m_status, TextRole::Error) : clearTextRole(m_status);
    // Statuses quote the sandbox (names, paths, messages): shown, not obeyed.
    m_status->setText(visibleLines(text));
}

void PortPreviewPanel::load()
{
    const QUrl u = url();
    m_address->setText(u.toString());
    if (u.isEmpty()) {
        setStatus(m_sandbox ? tr("This sandbox serves no port") : tr("No sandbox"), true);
        return;
    }
    setStatus(tr("Loading %1…").arg(u.toString()));
    m_showsPage = true;
    updatePageBackground();
    m_view->load(u);
}

void PortPreviewPanel::reload()
{
    // A fresh load rather than QWebEngineView::reload(): a first load that failed (server not
    // up yet) has nothing to reload.
    load();
}

void PortPreviewPanel::openInBrowser()
{
    const QUrl u = url();
    if (!u.isEmpty())
        QDesktopServices::openUrl(u);
}

void PortPreviewPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updatePageBackground();
}

QColor PortPreviewPanel::pageBackground() const
{
    return m_showsPage ? QColor(Qt::white) : palette().color(QPalette::Base);
}

void PortPreviewPanel::updatePageBackground()
{
    m_view->page()->setBackgroundColor(pageBackground());
}

} // namespace Sandbench
