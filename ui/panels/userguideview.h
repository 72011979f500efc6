#pragma once

#include <QTextBrowser>

#include <functional>

namespace Sandbench {

// The user guide: README.md and docs/*.md, compiled in under qrc:/guide/, rendered as Markdown.
// It never loads anything remote: resources come from qrc: only (an http image is an empty
// one), links to other guide pages open here, and any other link only opens in the system's
// browser once the user agreed (askExternal; by default a question box).
class UserGuideView : public QTextBrowser
{
    Q_OBJECT
public:
    explicit UserGuideView(QWidget *parent = nullptr);

    // A first task first; building and the CLI are a link away (README.md).
    static QUrl startPage() { return QUrl(QStringLiteral("qrc:/guide/docs/guide.md")); }
    // Whether `url` is a page or picture of the guide itself (qrc:/guide/...).
    static bool isGuideUrl(const QUrl &url);

    // Asked before an external link opens in the system browser; false: nothing opens.
    void setExternalLinkConfirmation(std::function<bool(const QUrl &)> confirm) { m_askExternal = std::move(confirm); }

    QVariant loadResource(int type, const QUrl &name) override;

signals:
    void externalLinkRefused(const QUrl &url);

private:
    void follow(const QUrl &url);

    std::function<bool(const QUrl &)> m_askExternal;
};

} // namespace Sandbench
