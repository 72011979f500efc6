#pragma once

#include "appsettings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace Sandbench {

// Deno path, cache folder, the limits a new policy starts with, session recording, theme and
// language.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(const AppSettings &settings, QWidget *parent = nullptr);

    AppSettings settings() const;

private:
    QLineEdit *m_runtime;
    QLineEdit *m_cache;
    QSpinBox *m_timeout;
    QSpinBox *m_memory;
    QSpinBox *m_output;
    QComboBox *m_theme;
    QComboBox *m_language;
    QCheckBox *m_recordSessions;
    QCheckBox *m_recordEnvValues;
    AppSettings m_initial;
};

} // namespace Sandbench
