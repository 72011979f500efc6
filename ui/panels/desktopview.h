#pragma once

#include "sandbox/desktop.h"

#include <QHash>
#include <QImage>
#include <QWidget>

namespace Sandbench {

// Shows a sandbox's screen, scaled to fit with its aspect ratio kept or at its real size (1:1,
// inside a scroll area: a 1280x800 screen fitted into a docked panel is too small to read), and turns what the user
// does on it into screen coordinates: clicks, wheel turns, typed text and key combinations.
// It only emits, in two forms: whole actions (clicked, scrolled, textTyped, keyPressed) for
// commands in the sandbox, and raw events (pointerChanged, keysymChanged: every move, press and
// release) for the RFB stream. DesktopPanel sends whichever its way of reaching the sandbox takes.
class DesktopView : public QWidget
{
    Q_OBJECT
public:
    explicit DesktopView(QWidget *parent = nullptr);

    void setImage(const QImage &image);
    // 1:1: the screen's own pixels, the widget at least as large; otherwise scaled to fit.
    void setActualSize(bool actual);
    bool isActualSize() const { return m_actual; }
    // How large the fitted picture is against the screen (1 = real size) in `area`.
    double fittedScale(const QSize &area) const;
    QImage image() const { return m_image; }
    // Where the screen is drawn inside the widget.
    QRect targetRect() const;
    // Widget coordinates to screen pixels; nullopt outside the drawn screen.
    std::optional<QPoint> toScreen(const QPointF &widgetPos) const;
    // Qt's key to xdotool's combination ("ctrl+shift+t", "Return"); empty when it is plain
    // text that type() should send instead.
    static QString keyCombo(int key, Qt::KeyboardModifiers modifiers);

    QSize sizeHint() const override { return {640, 400}; }

signals:
    void clicked(QPoint screenPos, Sandbench::MouseButton button, int count);
    void scrolled(QPoint screenPos, int dx, int dy);
    void textTyped(const QString &text);
    void keyPressed(const QString &combo);
    // The pointer at screenPos with X's button mask (1 left, 2 middle, 4 right; 8/16 wheel up
    // and down, 32/64 left and right, pressed and released per notch).
    void pointerChanged(QPoint screenPos, int buttonMask);
    // An X keysym (VncKeys) pressed or released; a release is always the keysym pressed.
    void keysymChanged(quint32 keysym, bool down);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool focusNextPrevChild(bool) override { return false; } // Tab goes to the sandbox

private:
    QImage m_image;
    // The screen pixel under the pointer, clamped to the screen (a drag may leave the picture).
    std::optional<QPoint> pointerAt(const QPointF &widgetPos) const;
    void sendPointer(const QPointF &widgetPos, Qt::MouseButtons buttons);

    QPoint m_wheelRest; // eighths of a degree not yet worth a notch
    QPoint m_lastPointer;
    QHash<int, quint32> m_keysDown; // Qt key -> the keysym its press sent
    bool m_actual = false;
};

} // namespace Sandbench
