#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace Sandbench {

class RunHistoryModel;

// The runs of this session; choosing one shows its console and audit log again. A finished run
// can be saved as a session file, or opened in the Sessions panel to replay it.
class RunHistoryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RunHistoryPanel(RunHistoryModel *model, QWidget *parent = nullptr);

    RunHistoryModel *model() const { return m_model; }

    QTableView *view() const { return m_view; }
    QPushButton *saveSessionButton() const { return m_save; }
    QPushButton *openSessionButton() const { return m_open; }
    // The selected run's row, or -1.
    int selectedRow() const;

signals:
    void runSelected(int row);
    void saveSessionRequested(int row);
    void openSessionRequested(int row);

private:
    void updateButtons();

    RunHistoryModel *m_model;
    QTableView *m_view;
    QPushButton *m_save;
    QPushButton *m_open;
};

} // namespace Sandbench
