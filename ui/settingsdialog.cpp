#include "settingsdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandbench {

namespace {

QWidget *withBrowse(QLineEdit *edit, bool folder, QWidget *parent)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *browse = new QToolButton(row);
    browse->setText(QStringLiteral("\u2026"));
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    QObject::connect(browse, &QToolButton::clicked, row, [edit, folder, row] {
        const QString path = folder ? QFileDialog::getExistingDirectory(row, {}, edit->text())
                                    : QFileDialog::getOpenFileName(row, {}, edit->text());
        if (!path.isEmpty())
            edit->setText(path);
    });
    return row;
}

} // namespace

SettingsDialog::SettingsDialog(const AppSettings &settings, QWidget *parent)
    : QDialog(parent)
    , m_runtime(new QLineEdit(settings.runtimePath, this))
    , m_cache(new QLineEdit(settings.cacheDir, this))
    , m_timeout(new QSpinBox(this))
    , m_memory(new QSpinBox(this))
    , m_output(new QSpinBox(this))
    , m_theme(new QComboBox(this))
    , m_language(new QComboBox(this))
    , m_recordSessions(new QCheckBox(tr("Keep every run as a session that Run History can save"), this))
    , m_recordEnvValues(new QCheckBox(tr("Include environment variable values (they may be secrets)"), this))
    , m_initial(settings)
{
    setWindowTitle(tr("Settings"));
    m_runtime->setObjectName(QStringLiteral("runtimePath"));
    m_cache->setObjectName(QStringLiteral("cacheDir"));
    m_timeout->setObjectName(QStringLiteral("defaultTimeout"));
    m_theme->setObjectName(QStringLiteral("theme"));
    m_language->setObjectName(QStringLiteral("language"));
    m_runtime->setPlaceholderText(tr("the pinned Deno found by Sandbench"));
    m_cache->setPlaceholderText(tr("the user's cache folder"));
    m_timeout->setRange(1000, 24 * 3600 * 1000);
    m_timeout->setSingleStep(1000);
    m_timeout->setSuffix(tr(" ms"));
    m_timeout->setValue(int(settings.defaultTimeoutMs));
    m_memory->setRange(16, 64 * 1024);
    m_memory->setSingleStep(64);
    m_memory->setSuffix(tr(" MB"));
    m_memory->setValue(settings.defaultMemoryMb);
    m_output->setRange(1024, std::numeric_limits<int>::max());
    m_output->setSingleStep(64 * 1024);
    m_output->setSuffix(tr(" bytes"));
    m_output->setValue(int(qMin<qint64>(settings.defaultMaxOutputBytes, m_output->maximum())));
    m_theme->addItem(tr("System"), themeName(Theme::System));
    m_theme->addItem(tr("Light"), themeName(Theme::Light));
    m_theme->addItem(tr("Dark"), themeName(Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(themeName(settings.theme)));
    m_language->addItem(tr("System language"), QString());
    // Each language in its own name, so it can be found by someone who reads only that one.
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    m_language->addItem(QStringLiteral("\u65e5\u672c\u8a9e"), QStringLiteral("ja"));
    m_language->setCurrentIndex(qMax(0, m_language->findData(settings.language)));
    m_recordSessions->setObjectName(QStringLiteral("recordSessions"));
    m_recordEnvValues->setObjectName(QStringLiteral("recordEnvValues"));
    m_recordSessions->setChecked(settings.recordSessions);
    m_recordEnvValues->setChecked(settings.recordEnvValues);
    m_recordEnvValues->setEnabled(settings.recordSessions);
    connect(m_recordSessions, &QCheckBox::toggled, m_recordEnvValues, &QWidget::setEnabled);

    auto *form = new QFormLayout;
    form->addRow(tr("Deno runtime"), withBrowse(m_runtime, false, this));
    form->addRow(tr("Cache folder"), withBrowse(m_cache, true, this));
    form->addRow(tr("Default timeout"), m_timeout);
    form->addRow(tr("Default memory cap"), m_memory);
    form->addRow(tr("Default output cap"), m_output);
    form->addRow(tr("Sessions"), m_recordSessions);
    form->addRow(QString(), m_recordEnvValues);
    form->addRow(tr("Theme"), m_theme);
    form->addRow(tr("Language"), m_language);
    auto *note = new QLabel(tr("A new language applies when Sandbench starts again."), this);
    note->setEnabled(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

AppSettings SettingsDialog::settings() const
{
    AppSettings s = m_initial;
    s.runtimePath = m_runtime->text().trimmed();
    s.cacheDir = m_cache->text().trimmed();
    s.defaultTimeoutMs = m_timeout->value();
    s.defaultMemoryMb = m_memory->value();
    s.defaultMaxOutputBytes = m_output->value();
    s.theme = themeFromName(m_theme->currentData().toString());
    s.language = m_language->currentData().toString();
    s.recordSessions = m_recordSessions->isChecked();
    s.recordEnvValues = m_recordEnvValues->isChecked();
    return s;
}

} // namespace Sandbench
