#include "fittedpicture.h"

#include <QPainter>

namespace Sandbench {

FittedPicture::FittedPicture(QWidget *parent)
    : QWidget(parent)
{
    setMinimumSize(160, 100);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void FittedPicture::setPixmap(const QPixmap &pixmap)
{
    m_pixmap = pixmap;
    m_text.clear();
    update();
}

void FittedPicture::setText(const QString &text)
{
    m_pixmap = {};
    m_text = text;
    update();
}

QSize FittedPicture::sizeHint() const
{
    return m_pixmap.isNull() ? QSize(320, 200) : m_pixmap.size().boundedTo(QSize(640, 400));
}

void FittedPicture::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    if (m_pixmap.isNull()) {
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_text);
        return;
    }
    // Fitted into the widget, but never larger than the picture itself.
    const QSize fitted = m_pixmap.size().scaled(this->size().boundedTo(m_pixmap.size()), Qt::KeepAspectRatio);
    const QRect target(QPoint((width() - fitted.width()) / 2, 0), fitted);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.drawPixmap(target, m_pixmap);
}

} // namespace Sandbench
