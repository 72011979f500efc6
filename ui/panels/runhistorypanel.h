#pragma once

#include <QWidget>

class QTableView;

namespace Sandbench {

class RunHistoryModel;

// The runs of this session; choosing one shows its console and audit log again.
class RunHistoryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RunHistoryPanel(RunHistoryModel *model, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }

signals:
    void runSelected(int row);

private:
    QTableView *m_view;
};

} // namespace Sandbench
