#pragma once

#include <QLabel>

namespace Sandbench {

// A one-line label that never widens its window: it asks for little room, shows as much of its
// text as fits with an ellipsis, and gives the full text in its tooltip when it had to cut.
// For status lines that quote IDs, paths and error messages of any length.
//
// A tooltip is no way to read a text by keyboard, nor to copy it: a label that had to cut is a
// Tab stop, and Enter, Space or a click unfolds it to its whole text, wrapped, selectable by
// mouse and keyboard (Ctrl+C copies); Enter, Space, Escape or the arrow at its end folds it
// again. Ctrl+C on the folded label copies the whole text too. A label that shows everything
// stays out of the Tab order.
class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    // The whole text; text() is what is shown.
    QString fullText() const { return m_full; }
    void setFullText(const QString &text);
    // Where the ellipsis goes: the middle (the default) keeps both ends of an ID or a path.
    void setElideMode(Qt::TextElideMode mode);

    bool isCut() const { return m_cut; }
    bool isUnfolded() const { return m_unfolded; }
    void setUnfolded(bool unfolded);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void unfoldedChanged(bool unfolded);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void updateShown();
    QRect arrowRect() const;

    QString m_full;
    Qt::TextElideMode m_mode = Qt::ElideMiddle;
    bool m_cut = false;
    bool m_unfolded = false;
    bool m_pressedOnArrow = false;
};

} // namespace Sandbench
