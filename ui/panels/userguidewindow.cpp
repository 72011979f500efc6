#include "userguidewindow.h"

#include "userguideview.h"
#include "windowgeometry.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QScreen>
#include <QShortcut>
#include <QVBoxLayout>

#include <algorithm>

namespace Sandbench {

UserGuideWindow::UserGuideWindow(QWidget *owner)
    : QWidget(owner, Qt::Window)
    , m_view(new UserGuideView(this))
{
    setObjectName(QStringLiteral("userGuideWindow"));
    setWindowTitle(tr("Sandbench User Guide"));
    auto *home = new QPushButton(tr("Contents"), this);
    auto *back = new QPushButton(tr("Back"), this);
    home->setObjectName(QStringLiteral("userGuideHome"));
    back->setObjectName(QStringLiteral("userGuideBack"));
    connect(home, &QPushButton::clicked, m_view, [this] { m_view->setSource(UserGuideView::startPage(), QTextDocument::MarkdownResource); });
    connect(back, &QPushButton::clicked, m_view, &QTextBrowser::backward);
    connect(m_view, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    back->setEnabled(false);
    auto *bar = new QHBoxLayout;
    bar->addWidget(back);
    bar->addWidget(home);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    // Window-wide: the text view has the focus and has no use for Escape.
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(escape, &QShortcut::activated, this, &QWidget::close);
}

QRect UserGuideWindow::placement(const QRect &ownerFrame, const QRect &available, const QMargins &frame)
{
    const QSize room = available.marginsRemoved(frame).size();
    const QSize size(std::min(960, room.width()), std::min(760, room.height()));
    QRect client(QPoint(), size);
    client.moveCenter(ownerFrame.center());
    return fitIntoScreen(client.marginsAdded(frame), available).marginsRemoved(frame);
}

void UserGuideWindow::showOver(QWidget *owner)
{
    QWidget *top = owner ? owner->window() : nullptr;
    QScreen *screen = top ? top->screen() : this->screen();
    if (!isVisible() && screen) {
        // Before the first show the frame is unknown: the owner's (same window manager) stands in.
        QMargins frame;
        if (top) {
            const QRect f = top->frameGeometry(), c = top->geometry();
            frame = QMargins(c.left() - f.left(), c.top() - f.top(), f.right() - c.right(), f.bottom() - c.bottom());
        }
        if (frameGeometry() != geometry()) { // shown before: its own frame is known
            const QRect f = frameGeometry(), c = geometry();
            frame = QMargins(c.left() - f.left(), c.top() - f.top(), f.right() - c.right(), f.bottom() - c.bottom());
        }
        setGeometry(placement(top ? top->frameGeometry() : screen->availableGeometry(), screen->availableGeometry(), frame));
    }
    show();
    clampToScreen(this);
    raise();
    activateWindow();
    m_view->setFocus();
}

} // namespace Sandbench
