#pragma once

#include <QPixmap>
#include <QWidget>

namespace Sandbench {

// A picture drawn as large as the widget allows, keeping its aspect ratio and never enlarged;
// it follows every resize, which a QLabel's pixmap does not. Without a picture, a line of text.
class FittedPicture : public QWidget
{
    Q_OBJECT
public:
    explicit FittedPicture(QWidget *parent = nullptr);

    void setPixmap(const QPixmap &pixmap);
    QPixmap pixmap() const { return m_pixmap; }
    void setText(const QString &text);
    QString text() const { return m_text; }

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QPixmap m_pixmap;
    QString m_text;
};

} // namespace Sandbench
