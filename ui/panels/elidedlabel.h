#pragma once

#include <QLabel>

namespace Sandbench {

// A one-line label that never widens its window: it asks for little room, shows as much of its
// text as fits with an ellipsis, and gives the full text in its tooltip when it had to cut.
// For status lines that quote IDs, paths and error messages of any length.
class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    // The whole text; text() is what is shown.
    QString fullText() const { return m_full; }
    void setFullText(const QString &text);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateShown();

    QString m_full;
};

} // namespace Sandbench
