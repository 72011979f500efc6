#include "elidedlabel.h"

#include "common/terminaltext.h"

#include <QApplication>
#include <QClipboard>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QStyle>
#include <QStyleOption>

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
    setFocusPolicy(Qt::NoFocus);
    // Room for the fold arrow, always kept: a margin that came and went with the cut would
    // change the width the cut is measured at.
    const int arrow = fontMetrics().height() * 3 / 4;
    setContentsMargins(0, 0, arrow + 2, 0);
}

void ElidedLabel::setFullText(const QString &text)
{
    // Statuses quote sandboxes, runs and logs: what is drawn (and the tooltip) is the visible form.
    const QString full = visibleLines(text);
    if (full == m_full)
        return;
    m_full = full;
    setAccessibleDescription(m_full);
    updateShown();
    updateGeometry();
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode)
{
    m_mode = mode;
    updateShown();
}

void ElidedLabel::setUnfolded(bool unfolded)
{
    if (unfolded == m_unfolded)
        return;
    m_unfolded = unfolded;
    updateShown();
    updateGeometry();
    emit unfoldedChanged(m_unfolded);
}

QSize ElidedLabel::sizeHint() const
{
    const QFontMetrics fm(font());
    const int width = std::min(fm.horizontalAdvance(m_full), fm.averageCharWidth() * kPreferredChars)
                      + contentsMargins().left() + contentsMargins().right();
    if (m_unfolded)
        return {width + 4, heightForWidth(width + 4)};
    return {width + 2 * margin() + 4, QLabel::minimumSizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    const int width = fm.averageCharWidth() * kMinimumChars;
    if (m_unfolded) // the height the layout gives it comes from heightForWidth
        return {width, fm.lineSpacing()};
    return {width, QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    updateShown();
}

void ElidedLabel::keyPressEvent(QKeyEvent *event)
{
    const bool foldable = m_cut || m_unfolded;
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (foldable && event->modifiers() == Qt::NoModifier) {
            setUnfolded(!m_unfolded);
            return;
        }
        break;
    case Qt::Key_Escape:
        if (m_unfolded) {
            setUnfolded(false);
            return;
        }
        break;
    default:
        break;
    }
    if (!m_unfolded && event->matches(QKeySequence::Copy)) {
        // What a folded label shows is cut: the whole text is what is copied.
        QApplication::clipboard()->setText(m_full);
        return;
    }
    QLabel::keyPressEvent(event);
}

void ElidedLabel::mousePressEvent(QMouseEvent *event)
{
    m_pressedOnArrow = (m_cut || m_unfolded) && arrowRect().contains(event->position().toPoint());
    if (m_pressedOnArrow)
        return;
    QLabel::mousePressEvent(event);
}

void ElidedLabel::mouseReleaseEvent(QMouseEvent *event)
{
    const bool onArrow = m_pressedOnArrow && arrowRect().contains(event->position().toPoint());
    m_pressedOnArrow = false;
    if (event->button() == Qt::LeftButton && (onArrow || (!m_unfolded && m_cut))) {
        // A click on the cut text unfolds it; the arrow folds and unfolds. A click in unfolded
        // text is left to selecting it.
        setUnfolded(!m_unfolded);
        if (focusPolicy() != Qt::NoFocus)
            setFocus(Qt::MouseFocusReason);
        return;
    }
    QLabel::mouseReleaseEvent(event);
}

void ElidedLabel::paintEvent(QPaintEvent *event)
{
    QLabel::paintEvent(event);
    if (!m_cut && !m_unfolded && !hasFocus())
        return;
    QPainter painter(this);
    QStyleOption option;
    option.initFrom(this);
    if ((m_cut || m_unfolded) && isEnabled()) { // a disabled label cannot be unfolded
        option.rect = arrowRect();
        style()->drawPrimitive(m_unfolded ? QStyle::PE_IndicatorArrowUp : QStyle::PE_IndicatorArrowDown, &option, &painter, this);
    }
    if (hasFocus()) {
        // Where the keyboard is, as every other control shows it.
        QStyleOptionFocusRect focus;
        focus.initFrom(this);
        focus.rect = rect();
        focus.backgroundColor = palette().color(backgroundRole());
        style()->drawPrimitive(QStyle::PE_FrameFocusRect, &focus, &painter, this);
    }
}

QRect ElidedLabel::arrowRect() const
{
    const int size = contentsMargins().right() - 2;
    return {width() - size - 1, (std::min(height(), fontMetrics().lineSpacing() + 4) - size) / 2, size, size};
}

void ElidedLabel::updateShown()
{
    const QString line = m_full.section(QLatin1Char('\n'), 0, 0);
    // Cut: the first line does not fit, or there are more lines (a multi-line message would
    // grow the label's height instead).
    const int room = std::max(0, contentsRect().width());
    const bool cut = line != m_full || fontMetrics().horizontalAdvance(line) > room;
    if (m_unfolded) {
        if (!wordWrap())
            setWordWrap(true);
        setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        if (text() != m_full)
            QLabel::setText(m_full);
        setToolTip({});
    } else {
        if (wordWrap())
            setWordWrap(false);
        setTextInteractionFlags(Qt::NoTextInteraction);
        const QString shown = fontMetrics().elidedText(line, m_mode, room);
        if (text() != shown)
            QLabel::setText(shown);
        setToolTip(shown == m_full ? QString() : m_full);
    }
    if (cut != m_cut) {
        m_cut = cut;
        update();
    }
    // A Tab stop only while there is more to read than is shown.
    const Qt::FocusPolicy policy = m_cut || m_unfolded ? Qt::StrongFocus : Qt::NoFocus;
    if (focusPolicy() != policy)
        setFocusPolicy(policy);
    setCursor(m_cut && !m_unfolded ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

} // namespace Sandbench
