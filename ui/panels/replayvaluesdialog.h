#pragma once

#include "session/replayvalues.h"

#include <QDialog>
#include <QList>

class QDialogButtonBox;
class QLineEdit;

namespace Sandbench {

// Asks for the values a session kept by name only (replayValueNames) before it replays: one
// password-style field per name, the required ones first. Replay is enabled once each required
// field has a value. The values are handed to the replay and nowhere else: never to settings;
// the Sessions panel deletes the dialog, fields and all, once it has closed.
class ReplayValuesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ReplayValuesDialog(const ReplayValueNames &names, QWidget *parent = nullptr);
    ~ReplayValuesDialog() override;

    // The required names' values, and the optional ones that were filled in.
    ReplayValues values() const;
    QLineEdit *field(const QString &name) const;
    QPushButton *replayButton() const;

    void done(int result) override;

private:
    void updateButton();

    ReplayValueNames m_names;
    QList<QLineEdit *> m_fields; // required names first, as in m_names
    QDialogButtonBox *m_buttons;
};

} // namespace Sandbench
