#include "policyform.h"
#include "textroles.h"

#include "stringlistedit.h"

#include <QCheckBox>
#include <QDateTime>
#include <QFont>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace Sandbench {

namespace {

QWidget *scrollable(QWidget *page)
{
    auto *area = new QScrollArea;
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

// The lists show entries trimmed; an entry the form did not change keeps the text's bytes, so
// that an edit elsewhere in the form does not rewrite " /data" into "/data".
QStringList asWritten(QStringList values, const QStringList &written)
{
    for (QString &value : values) {
        for (const QString &entry : written) {
            if (entry != value && entry.trimmed() == value) {
                value = entry;
                break;
            }
        }
    }
    return values;
}

QString instantText(std::optional<qint64> ms)
{
    return ms ? QDateTime::fromMSecsSinceEpoch(*ms, Qt::UTC).toString(Qt::ISODateWithMs) : QString();
}

} // namespace

PolicyForm::PolicyForm(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
{
    const QList<QString> placeholders = {
        tr("/path/to/read"), tr("/path/to/write"), tr("host:port"), tr("VARIABLE"),
        tr("program"),       tr("host:port"),      tr("/folder"),   tr("package@version"),
        tr("NAME=value"),
        tr("/path/to/read"), tr("/path/to/write"), tr("host:port"), tr("VARIABLE"), tr("program")};
    for (const QString &placeholder : placeholders) {
        auto *edit = new StringListEdit(placeholder, this);
        connect(edit, &StringListEdit::changed, this, &PolicyForm::emitChanged);
        m_lists << edit;
    }
    m_tabs->addTab(scrollable(buildPermissionsPage()), tr("Permissions"));
    m_tabs->addTab(scrollable(buildLimitsPage()), tr("Limits"));
    m_tabs->addTab(scrollable(buildEnvironmentPage()), tr("Environment"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
}

QWidget *PolicyForm::buildPermissionsPage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    m_sandbox = new QCheckBox(tr("Sandbox: allow only what a list names"), page);
    m_denyFs = new QCheckBox(tr("Deny file system"), page);
    m_denyNet = new QCheckBox(tr("Deny network"), page);
    m_denyEnv = new QCheckBox(tr("Deny environment"), page);
    m_denyRun = new QCheckBox(tr("Deny subprocesses"), page);
    form->addRow(m_sandbox);
    auto *denies = new QGridLayout;
    int slot = 0;
    for (QCheckBox *box : {m_denyFs, m_denyNet, m_denyEnv, m_denyRun}) {
        denies->addWidget(box, slot / 2, slot % 2);
        ++slot;
        connect(box, &QCheckBox::toggled, this, &PolicyForm::emitChanged);
    }
    connect(m_sandbox, &QCheckBox::toggled, this, &PolicyForm::emitChanged);
    form->addRow(denies);
    form->addRow(tr("Read"), list(ListKind::Read));
    form->addRow(tr("Write"), list(ListKind::Write));
    form->addRow(tr("Network"), list(ListKind::Net));
    form->addRow(tr("Listen"), list(ListKind::Listen));
    form->addRow(tr("Environment"), list(ListKind::Env));
    form->addRow(tr("Run"), list(ListKind::Run));
    // Held for a person: each use waits for an answer from the Approvals panel (or
    // `sandbench-cli approve`), and no answer in time is a deny.
    auto *ask = new QLabel(tr("Ask a person first (each use waits for an answer; none in time denies)"), page);
    ask->setWordWrap(true);
    QFont bold = ask->font();
    bold.setBold(true);
    ask->setFont(bold);
    form->addRow(ask);
    form->addRow(tr("Ask: read"), list(ListKind::AskRead));
    form->addRow(tr("Ask: write"), list(ListKind::AskWrite));
    form->addRow(tr("Ask: network"), list(ListKind::AskNet));
    form->addRow(tr("Ask: environment"), list(ListKind::AskEnv));
    form->addRow(tr("Ask: run"), list(ListKind::AskRun));
    return page;
}

QWidget *PolicyForm::buildLimitsPage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    m_timeout = new QSpinBox(page);
    m_timeout->setRange(0, 24 * 3600 * 1000);
    m_timeout->setSingleStep(1000);
    m_timeout->setSuffix(tr(" ms"));
    m_timeout->setSpecialValueText(tr("none"));
    m_memory = new QSpinBox(page);
    m_memory->setRange(0, 64 * 1024);
    m_memory->setSingleStep(64);
    m_memory->setSuffix(tr(" MB"));
    m_memory->setSpecialValueText(tr("none"));
    m_outputCap = new QSpinBox(page);
    m_outputCap->setRange(1, std::numeric_limits<int>::max());
    m_outputCap->setSingleStep(64 * 1024);
    m_outputCap->setSuffix(tr(" bytes"));
    m_seed = new QLineEdit(page);
    m_seed->setPlaceholderText(tr("random"));
    m_seed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,19}")), m_seed));
    m_freezeTime = new QLineEdit(page);
    m_freezeTime->setPlaceholderText(tr("real time (e.g. 2026-01-01T00:00:00Z)"));
    form->addRow(tr("Timeout"), m_timeout);
    form->addRow(tr("Memory"), m_memory);
    form->addRow(tr("Output cap"), m_outputCap);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(tr("Frozen time"), m_freezeTime);
    for (QSpinBox *box : {m_timeout, m_memory, m_outputCap}) {
        // A typed number reaches the policy when it is complete (Enter, Tab), not digit by
        // digit: "5" on the way to "512" is no valid memory limit and would lock the form.
        box->setKeyboardTracking(false);
        connect(box, &QSpinBox::valueChanged, this, &PolicyForm::emitChanged);
    }
    connect(m_seed, &QLineEdit::textEdited, this, &PolicyForm::emitChanged);
    connect(m_freezeTime, &QLineEdit::textEdited, this, [this] {
        // Only a readable instant reaches the policy; the field says when it is not one.
        const QString text = m_freezeTime->text().trimmed();
        const bool valid = text.isEmpty() || parseInstant(text).has_value();
        valid ? clearTextRole(m_freezeTime) : setTextRole(m_freezeTime, TextRole::Error);
        if (valid)
            emitChanged();
    });
    return page;
}

QWidget *PolicyForm::buildEnvironmentPage()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    m_workdir = new QLineEdit(page);
    m_workdir->setPlaceholderText(tr("the policy file's folder"));
    connect(m_workdir, &QLineEdit::textEdited, this, &PolicyForm::emitChanged);
    form->addRow(tr("Working folder"), m_workdir);
    form->addRow(tr("Read-only folders"), list(ListKind::ReadOnlyDirs));
    form->addRow(tr("Packages"), list(ListKind::Packages));
    form->addRow(tr("Variables"), list(ListKind::EnvValues));
    return page;
}

StringListEdit *PolicyForm::list(ListKind kind) const
{
    return m_lists.at(int(kind));
}

QCheckBox *PolicyForm::switchFor(const QString &pointer) const
{
    if (pointer == QLatin1String("/sandbox"))
        return m_sandbox;
    if (pointer == QLatin1String("/permissions/deny_fs"))
        return m_denyFs;
    if (pointer == QLatin1String("/permissions/deny_net"))
        return m_denyNet;
    if (pointer == QLatin1String("/permissions/deny_env"))
        return m_denyEnv;
    if (pointer == QLatin1String("/permissions/deny_run"))
        return m_denyRun;
    return nullptr;
}

StringListEdit *PolicyForm::listFor(const QString &pointer, int *index) const
{
    static const QList<QPair<QString, ListKind>> lists = {
        {QStringLiteral("/permissions/allow_read/"), ListKind::Read},
        {QStringLiteral("/permissions/allow_write/"), ListKind::Write},
        {QStringLiteral("/permissions/allow_net/"), ListKind::Net},
        {QStringLiteral("/permissions/allow_env/"), ListKind::Env},
        {QStringLiteral("/permissions/allow_run/"), ListKind::Run},
        {QStringLiteral("/permissions/allow_listen/"), ListKind::Listen},
        {QStringLiteral("/permissions/ask_read/"), ListKind::AskRead},
        {QStringLiteral("/permissions/ask_write/"), ListKind::AskWrite},
        {QStringLiteral("/permissions/ask_net/"), ListKind::AskNet},
        {QStringLiteral("/permissions/ask_env/"), ListKind::AskEnv},
        {QStringLiteral("/permissions/ask_run/"), ListKind::AskRun},
        {QStringLiteral("/options/read_only_dirs/"), ListKind::ReadOnlyDirs},
        {QStringLiteral("/options/allow_packages/"), ListKind::Packages},
    };
    for (const auto &[prefix, kind] : lists) {
        if (!pointer.startsWith(prefix))
            continue;
        const QString rest = pointer.mid(prefix.size());
        bool ok = rest == QLatin1String("-"); // where a new entry goes: "+"
        *index = ok ? -1 : rest.toInt(&ok);
        return ok ? list(kind) : nullptr;
    }
    const QString envPrefix = QStringLiteral("/options/env/");
    if (pointer.startsWith(envPrefix)) {
        // The variables are listed as NAME=value in the order of the policy's map.
        const QString name = pointer.mid(envPrefix.size()) + QLatin1Char('=');
        const QStringList values = list(ListKind::EnvValues)->values();
        for (int i = 0; i < values.size(); ++i) {
            if (values.at(i).startsWith(name)) {
                *index = i;
                return list(ListKind::EnvValues);
            }
        }
    }
    return nullptr;
}

void PolicyForm::setEntryMarks(const QList<EntryMark> &marks)
{
    QHash<StringListEdit *, QList<StringListEdit::RowMark>> rows;
    QHash<StringListEdit *, QStringList> addNotes;
    QHash<StringListEdit *, QIcon> addIcons;
    QHash<QCheckBox *, QStringList> switches;
    QHash<QCheckBox *, QIcon> icons;
    for (const EntryMark &mark : marks) {
        int index = 0;
        if (StringListEdit *edit = listFor(mark.pointer, &index)) {
            if (index >= 0) {
                rows[edit] << StringListEdit::RowMark{index, mark.icon, mark.message};
            } else {
                addIcons.insert(edit, mark.icon);
                addNotes[edit] << mark.message;
            }
        } else if (QCheckBox *box = switchFor(mark.pointer)) {
            if (!icons.contains(box))
                icons.insert(box, mark.icon);
            switches[box] << mark.message;
        }
    }
    for (StringListEdit *edit : std::as_const(m_lists)) {
        edit->setRowMarks(rows.value(edit));
        edit->setAddNote(addIcons.value(edit), addNotes.value(edit));
    }
    for (QCheckBox *box : {m_sandbox, m_denyFs, m_denyNet, m_denyEnv, m_denyRun}) {
        box->setIcon(icons.value(box));
        box->setToolTip(switches.value(box).join(QLatin1Char('\n')));
    }
}

QString PolicyForm::entryMarkText(const QString &pointer) const
{
    int index = 0;
    if (StringListEdit *edit = listFor(pointer, &index)) {
        if (index < 0)
            return edit->addNote();
        const QListWidgetItem *item = edit->itemForValue(index);
        return item ? item->toolTip() : QString();
    }
    if (QCheckBox *box = switchFor(pointer))
        return box->toolTip();
    return {};
}

void PolicyForm::emitChanged()
{
    if (!m_updating)
        emit changed();
}

Policy PolicyForm::policy() const
{
    // What the form does not show (max_tasks, max_workdir_mb, accept_missing_layers) stays as
    // the text has it: a form edit changes only what the form shows.
    Policy p = m_shown;
    p.env.clear();
    p.timeoutMs.reset();
    p.maxMemoryMb.reset();
    p.seed.reset();
    p.sandbox = m_sandbox->isChecked();
    Permissions &perm = p.permissions;
    perm.denyFs = m_denyFs->isChecked();
    perm.denyNet = m_denyNet->isChecked();
    perm.denyEnv = m_denyEnv->isChecked();
    perm.denyRun = m_denyRun->isChecked();
    perm.allowRead = asWritten(list(ListKind::Read)->values(), m_shown.permissions.allowRead);
    perm.allowWrite = asWritten(list(ListKind::Write)->values(), m_shown.permissions.allowWrite);
    perm.allowNet = asWritten(list(ListKind::Net)->values(), m_shown.permissions.allowNet);
    perm.allowEnv = asWritten(list(ListKind::Env)->values(), m_shown.permissions.allowEnv);
    perm.allowRun = asWritten(list(ListKind::Run)->values(), m_shown.permissions.allowRun);
    perm.allowListen = asWritten(list(ListKind::Listen)->values(), m_shown.permissions.allowListen);
    perm.askRead = asWritten(list(ListKind::AskRead)->values(), m_shown.permissions.askRead);
    perm.askWrite = asWritten(list(ListKind::AskWrite)->values(), m_shown.permissions.askWrite);
    perm.askNet = asWritten(list(ListKind::AskNet)->values(), m_shown.permissions.askNet);
    perm.askEnv = asWritten(list(ListKind::AskEnv)->values(), m_shown.permissions.askEnv);
    perm.askRun = asWritten(list(ListKind::AskRun)->values(), m_shown.permissions.askRun);
    // A value beyond a box's range is shown clamped; untouched, it stays what the text says.
    if (m_timeout->value() > 0)
        p.timeoutMs = m_timeout->value() == m_timeout->maximum() && m_shown.timeoutMs > m_timeout->maximum()
                ? m_shown.timeoutMs : std::optional<qint64>(m_timeout->value());
    if (m_memory->value() > 0)
        p.maxMemoryMb = m_memory->value() == m_memory->maximum() && m_shown.maxMemoryMb > m_memory->maximum()
                ? m_shown.maxMemoryMb : std::optional<int>(m_memory->value());
    p.maxOutputBytes = m_outputCap->value() == m_outputCap->maximum() && m_shown.maxOutputBytes > m_outputCap->maximum()
            ? m_shown.maxOutputBytes : m_outputCap->value();
    bool ok = false;
    const quint64 seed = m_seed->text().toULongLong(&ok);
    if (ok)
        p.seed = seed;
    p.freezeTimeMs = parseInstant(m_freezeTime->text().trimmed());
    p.workdir = m_workdir->text().trimmed();
    p.readOnlyDirs = asWritten(list(ListKind::ReadOnlyDirs)->values(), m_shown.readOnlyDirs);
    p.allowPackages = asWritten(list(ListKind::Packages)->values(), m_shown.allowPackages);
    for (const QString &entry : list(ListKind::EnvValues)->values()) {
        const qsizetype eq = entry.indexOf(QLatin1Char('='));
        if (eq > 0)
            p.env.insert(entry.left(eq), entry.mid(eq + 1));
    }
    return p;
}

void PolicyForm::setPolicy(const Policy &p)
{
    m_shown = p;
    m_updating = true;
    m_sandbox->setChecked(p.sandbox);
    m_denyFs->setChecked(p.permissions.denyFs);
    m_denyNet->setChecked(p.permissions.denyNet);
    m_denyEnv->setChecked(p.permissions.denyEnv);
    m_denyRun->setChecked(p.permissions.denyRun);
    list(ListKind::Read)->setValues(p.permissions.allowRead);
    list(ListKind::Write)->setValues(p.permissions.allowWrite);
    list(ListKind::Net)->setValues(p.permissions.allowNet);
    list(ListKind::Env)->setValues(p.permissions.allowEnv);
    list(ListKind::Run)->setValues(p.permissions.allowRun);
    list(ListKind::Listen)->setValues(p.permissions.allowListen);
    list(ListKind::AskRead)->setValues(p.permissions.askRead);
    list(ListKind::AskWrite)->setValues(p.permissions.askWrite);
    list(ListKind::AskNet)->setValues(p.permissions.askNet);
    list(ListKind::AskEnv)->setValues(p.permissions.askEnv);
    list(ListKind::AskRun)->setValues(p.permissions.askRun);
    m_timeout->setValue(int(std::clamp<qint64>(p.timeoutMs.value_or(0), 0, m_timeout->maximum())));
    m_memory->setValue(qBound(0, p.maxMemoryMb.value_or(0), m_memory->maximum()));
    m_outputCap->setValue(int(std::clamp<qint64>(p.maxOutputBytes, 1, m_outputCap->maximum())));
    const QString seed = p.seed ? QString::number(*p.seed) : QString();
    if (m_seed->text() != seed)
        m_seed->setText(seed);
    // Keep what the user is typing when it already means the same instant.
    if (parseInstant(m_freezeTime->text().trimmed()) != p.freezeTimeMs) {
        m_freezeTime->setText(instantText(p.freezeTimeMs));
        clearTextRole(m_freezeTime);
    }
    if (m_workdir->text().trimmed() != p.workdir)
        m_workdir->setText(p.workdir);
    list(ListKind::ReadOnlyDirs)->setValues(p.readOnlyDirs);
    list(ListKind::Packages)->setValues(p.allowPackages);
    QStringList env;
    for (auto it = p.env.cbegin(); it != p.env.cend(); ++it)
        env << it.key() + QLatin1Char('=') + it.value();
    list(ListKind::EnvValues)->setValues(env);
    m_updating = false;
}

} // namespace Sandbench
