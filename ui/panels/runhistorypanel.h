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
    // The run the window shows becomes the view's current and selected row, without a
    // runSelected(): the focus lands on it, and a key moves on from it.
    void setShownRow(int row);

signals:
    // The user chose a run: clicked it, moved to it with the keys, pressed Enter on it. Never
    // from the view getting the focus (it makes a first row current when none is).
    void runSelected(int row);
    void saveSessionRequested(int row);
    void openSessionRequested(int row);

private:
    void updateButtons();

    RunHistoryModel *m_model;
    QTableView *m_view;
    QPushButton *m_save;
    QPushButton *m_open;
    bool m_settingShown = false;
};

} // namespace Sandbench
