#include "userguideview.h"

#include <QDesktopServices>
#include <QImage>
#include <QMessageBox>

#include <algorithm>

namespace Sandbench {

UserGuideView::UserGuideView(QWidget *parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("userGuideView"));
    // Every click comes to follow(): QTextBrowser itself would open external links (with
    // setOpenExternalLinks) or try to load them as pages.
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, &UserGuideView::follow);
    setSource(startPage(), QTextDocument::MarkdownResource);
}

bool UserGuideView::isGuideUrl(const QUrl &url)
{
    return url.scheme() == QLatin1String("qrc") && url.path().startsWith(QLatin1String("/guide/"))
           && !url.path().contains(QLatin1String("/../"));
}

QVariant UserGuideView::loadResource(int type, const QUrl &name)
{
    // Relative names were resolved against the qrc: page already; anything else (http, file,
    // data a document smuggled in) is not loaded.
    const QUrl url = name.isRelative() ? source().resolved(name) : name;
    if (!isGuideUrl(url))
        return {};
    const QVariant loaded = QTextBrowser::loadResource(type, url);
    if (type != QTextDocument::ImageResource)
        return loaded;
    // Screenshots are 1280 pixels wide: shown at most as wide as the page, not scrolled sideways.
    QImage image = QImage::fromData(loaded.toByteArray());
    const int width = std::max(200, viewport()->width() - 40);
    if (!image.isNull() && image.width() > width)
        image = image.scaledToWidth(width, Qt::SmoothTransformation);
    return image.isNull() ? loaded : QVariant(image);
}

void UserGuideView::follow(const QUrl &link)
{
    const QUrl url = link.isRelative() ? source().resolved(link) : link;
    if (isGuideUrl(url)) {
        const QString path = url.path();
        if (path.endsWith(QLatin1String(".md")))
            setSource(url, QTextDocument::MarkdownResource);
        else if (url.hasFragment() && url.adjusted(QUrl::RemoveFragment) == source().adjusted(QUrl::RemoveFragment))
            scrollToAnchor(url.fragment());
        return;
    }
    if (link.scheme().isEmpty() && link.hasFragment()) {
        scrollToAnchor(link.fragment());
        return;
    }
    const bool open = m_askExternal ? m_askExternal(url)
                                    : QMessageBox::question(this, tr("Open External Link?"),
                                                            tr("This link leaves the user guide:\n%1\n\nOpen it in your web browser?")
                                                                .arg(url.toDisplayString()))
                                          == QMessageBox::Yes;
    if (!open) {
        emit externalLinkRefused(url);
        return;
    }
    if (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"))
        QDesktopServices::openUrl(url);
    else
        emit externalLinkRefused(url); // file:, javascript: and the like open nothing
}

} // namespace Sandbench
