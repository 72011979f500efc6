#include "elidedlabel.h"

#include "common/terminaltext.h"

#include <QFontMetrics>
#include <QResizeEvent>

#include <algorithm>

namespace Sandbench {

namespace {
// Enough for a short status ("Created 3f2a…") before anything is cut.
constexpr int kMinimumChars = 12;
constexpr int kPreferredChars = 40;
} // namespace

ElidedLabel::ElidedLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    // Preferred, not Ignored: the layout keeps minimumSizeHint() (a few characters) as its
    // least, and never more than sizeHint() makes the window wider.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidedLabel::setFullText(const QString &text)
{
    // Statuses quote sandboxes, runs and logs: what is drawn (and the tooltip) is the visible form.
    m_full = visibleLines(text);
    updateShown();
    updateGeometry();
}

QSize ElidedLabel::sizeHint() const
{
    const QFontMetrics fm(font());
    const int width = std::min(fm.horizontalAdvance(m_full), fm.averageCharWidth() * kPreferredChars);
    return {width + 2 * margin() + 4, QLabel::minimumSizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return {fm.averageCharWidth() * kMinimumChars, QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    updateShown();
}

void ElidedLabel::updateShown()
{
    // The first line only: a multi-line message would grow the label's height instead.
    const QString line = m_full.section(QLatin1Char('\n'), 0, 0);
    const QString shown = fontMetrics().elidedText(line, Qt::ElideMiddle, std::max(0, contentsRect().width()));
    QLabel::setText(shown);
    setToolTip(shown == m_full ? QString() : m_full);
}

} // namespace Sandbench
