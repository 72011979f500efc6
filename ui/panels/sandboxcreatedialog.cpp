#include "sandboxcreatedialog.h"
#include "textroles.h"

#include "common/background.h"
#include "common/terminaltext.h"
#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxprovider.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

namespace Sandbench {

SandboxCreateDialog::SandboxCreateDialog(SandboxPool *pool, QWidget *parent)
    : QDialog(parent)
    , m_image(new QComboBox(this))
    , m_lifetime(new QSpinBox(this))
    , m_network(new QComboBox(this))
    , m_cpus(new QDoubleSpinBox(this))
    , m_memory(new QSpinBox(this))
    , m_env(new QPlainTextEdit(this))
    , m_ports(new QLineEdit(this))
    , m_allow(new QLineEdit(this))
    , m_allowHint(new QLabel(this))
    , m_secrets(new QLineEdit(this))
    , m_secretsHint(new QLabel(this))
    , m_problem(new QLabel(this))
{
    setWindowTitle(tr("New sandbox"));
    setObjectName(QStringLiteral("sandboxCreateDialog"));
    m_image->setObjectName(QStringLiteral("imageCombo"));
    m_lifetime->setObjectName(QStringLiteral("lifetimeSpin"));
    m_network->setObjectName(QStringLiteral("networkCombo"));
    m_env->setObjectName(QStringLiteral("envEdit"));
    m_ports->setObjectName(QStringLiteral("portsEdit"));
    m_allow->setObjectName(QStringLiteral("allowEdit"));
    m_allowHint->setObjectName(QStringLiteral("allowHint"));
    m_secrets->setObjectName(QStringLiteral("secretsEdit"));
    m_secretsHint->setObjectName(QStringLiteral("secretsHint"));
    m_problem->setObjectName(QStringLiteral("problemLabel"));

    // The images scripts/images builds; any other local image can be typed in.
    m_image->setEditable(true);
    const QString fallback = pool ? pool->provider()->defaultImage() : QString();
    QStringList images{fallback, QStringLiteral("sandbench/debian:12"), QStringLiteral("sandbench/desktop:2")};
    images.removeDuplicates();
    images.removeAll(QString());
    m_image->addItems(images);

    const qint64 maxLifetimeS = pool ? pool->options().maxLifetimeMs / 1000 : 3600;
    m_lifetime->setRange(1, int(std::min<qint64>(maxLifetimeS, std::numeric_limits<int>::max())));
    m_lifetime->setValue(int(std::min<qint64>(600, maxLifetimeS)));
    m_lifetime->setSuffix(tr(" s"));
    m_lifetime->setToolTip(tr("At most %1 s, the pool's maximum").arg(maxLifetimeS));

    for (NetworkKind kind : pool ? pool->options().network : QList<NetworkKind>{NetworkKind::None})
        m_network->addItem(networkKindName(kind), int(kind));
    m_network->setToolTip(tr("none: no network; all: the whole network; allow: only the hosts listed below"));
    m_allow->setPlaceholderText(tr("e.g. api.example.org, *.github.com:443, 127.0.0.1:5173"));
    m_allowHint->setText(tr("Host, host:port, *.domain, IP or CIDR, separated by commas. 127.0.0.1:PORT is that port "
                            "on this machine and nothing else of it."));
    m_allowHint->setWordWrap(true);
    m_secrets->setPlaceholderText(tr("e.g. OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com"));
    m_secretsHint->setText(tr("NAME@HOST[,HOST...], separated by semicolons. The value is Sandbench's environment "
                              "variable NAME, or a file's content with NAME@HOST=file:/absolute/path: the sandbox sees "
                              "only a placeholder, which the proxy replaces for those hosts. Values are never shown or saved."));
    m_secretsHint->setWordWrap(true);
    m_cpus->setRange(0, 64);
    m_cpus->setDecimals(1);
    m_cpus->setSingleStep(0.5);
    m_cpus->setSpecialValueText(tr("default"));
    m_memory->setRange(0, 1 << 20);
    m_memory->setSingleStep(128);
    m_memory->setSuffix(tr(" MiB"));
    m_memory->setSpecialValueText(tr("default"));
    m_env->setPlaceholderText(tr("KEY=value, one per line"));
    m_env->setFixedHeight(m_env->fontMetrics().height() * 4 + 10);
    // The hint is a wrapped line of its own: as a placeholder a longer translation was cut off.
    m_ports->setPlaceholderText(tr("e.g. 8080, 3000"));
    auto *portsHint = new QLabel(tr("Ports are served only with network \"all\"."), this);
    portsHint->setObjectName(QStringLiteral("portsHint"));
    portsHint->setWordWrap(true);
    setTextRole(m_problem, TextRole::Error);
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText); // it quotes what was typed

    auto *form = new QFormLayout;
    form->addRow(tr("&Image:"), m_image);
    form->addRow(tr("&Lifetime:"), m_lifetime);
    form->addRow(tr("&Network:"), m_network);
    form->addRow(tr("&Allowed hosts:"), m_allow);
    form->addRow(QString(), m_allowHint);
    form->addRow(tr("&Secrets:"), m_secrets);
    form->addRow(QString(), m_secretsHint);
    form->addRow(tr("&CPUs:"), m_cpus);
    form->addRow(tr("&Memory:"), m_memory);
    form->addRow(tr("&Environment:"), m_env);
    form->addRow(tr("&Ports:"), m_ports);
    form->addRow(QString(), portsHint);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);

    connect(m_env, &QPlainTextEdit::textChanged, this, &SandboxCreateDialog::validate);
    connect(m_ports, &QLineEdit::textChanged, this, &SandboxCreateDialog::validate);
    connect(m_allow, &QLineEdit::textChanged, this, &SandboxCreateDialog::validate);
    connect(m_secrets, &QLineEdit::textChanged, this, &SandboxCreateDialog::validate);
    connect(m_network, &QComboBox::currentIndexChanged, this, &SandboxCreateDialog::validate);
    validate();
}

QString SandboxCreateDialog::parseEnv(const QString &text, QMap<QString, QString> *env)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return tr("\"%1\" is not KEY=value").arg(line);
        env->insert(line.left(eq), line.mid(eq + 1));
    }
    return {};
}

QString SandboxCreateDialog::parsePorts(const QString &text, QList<int> *ports)
{
    const QStringList parts = text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        bool ok = false;
        const int port = part.toInt(&ok);
        if (!ok || port < 1 || port > 65535)
            return tr("\"%1\" is not a port").arg(part);
        if (!ports->contains(port))
            ports->append(port);
    }
    return {};
}

QStringList SandboxCreateDialog::splitAllowList(const QString &text)
{
    return text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
}

SandboxOptions SandboxCreateDialog::options() const
{
    SandboxOptions o;
    o.image = m_image->currentText().trimmed();
    o.lifetimeMs = qint64(m_lifetime->value()) * 1000;
    o.network.kind = NetworkKind(m_network->currentData().toInt());
    if (o.network.kind == NetworkKind::Domains)
        o.network.domains = splitAllowList(m_allow->text());
    o.cpus = m_cpus->value();
    o.memoryMiB = m_memory->value();
    parseEnv(m_env->toPlainText(), &o.env);
    // Never Deferred's stand-in for a file's value: a text with files gives its secrets once
    // Create has read them.
    if (o.network.kind == NetworkKind::Domains) {
        if (m_secretsRead)
            o.secrets = *m_secretsRead;
        else if (!Workbench::secretsReadFiles(m_secrets->text()))
            o.secrets = Workbench::parseSecrets(m_secrets->text(), o.network.domains, o.env).value_or(QList<SandboxSecret>());
    }
    parsePorts(m_ports->text(), &o.ports);
    return o;
}

void SandboxCreateDialog::setImage(const QString &image) { m_image->setCurrentText(image); }
void SandboxCreateDialog::setPorts(const QString &ports) { m_ports->setText(ports); }
void SandboxCreateDialog::setLifetimeSeconds(int seconds) { m_lifetime->setValue(seconds); }

void SandboxCreateDialog::setAllowList(const QStringList &entries)
{
    setNetwork(NetworkKind::Domains);
    m_allow->setText(entries.join(QStringLiteral(", ")));
}

QString SandboxCreateDialog::problem() const
{
    return m_problem->text();
}

void SandboxCreateDialog::setNetwork(NetworkKind kind)
{
    const int i = m_network->findData(int(kind));
    if (i >= 0)
        m_network->setCurrentIndex(i);
}

void SandboxCreateDialog::accept()
{
    if (m_reading)
        return;
    const QString text = m_secrets->text();
    if (NetworkKind(m_network->currentData().toInt()) != NetworkKind::Domains || !Workbench::secretsReadFiles(text))
        return QDialog::accept(); // options() parses the environment's values, checked as typed
    const QStringList entries = splitAllowList(m_allow->text());
    QMap<QString, QString> env;
    parseEnv(m_env->toPlainText(), &env);
    setReading(true);
    setTextRole(m_problem, TextRole::Notice);
    m_problem->setText(tr("Reading the secrets' files\u2026"));
    m_problem->show();
    runInBackground(this, [text, entries, env] { return Workbench::parseSecrets(text, entries, env, Workbench::SecretFiles::Read); },
                    [this](const Result<QList<SandboxSecret>> &read) {
        setTextRole(m_problem, TextRole::Error);
        setReading(false);
        if (!isVisible())
            return; // cancelled while the files were read
        if (!read) {
            m_problem->setText(visibleText(read.error().message));
            m_problem->show();
            return;
        }
        m_problem->hide();
        m_secretsRead = *read;
        QDialog::accept();
    });
}

// While files are read nothing the read depends on may change; Cancel still works.
void SandboxCreateDialog::setReading(bool reading)
{
    m_reading = reading;
    for (QWidget *w : {static_cast<QWidget *>(m_network), static_cast<QWidget *>(m_allow), static_cast<QWidget *>(m_env),
                       static_cast<QWidget *>(m_secrets), m_ok})
        w->setEnabled(!reading);
    if (!reading)
        validate();
}

void SandboxCreateDialog::validate()
{
    m_secretsRead.reset();
    QMap<QString, QString> env;
    QList<int> ports;
    QString problem = parseEnv(m_env->toPlainText(), &env);
    if (problem.isEmpty())
        problem = parsePorts(m_ports->text(), &ports);
    if (problem.isEmpty() && !ports.isEmpty()
        && NetworkKind(m_network->currentData().toInt()) != NetworkKind::All)
        problem = tr("Ports are served only with network \"all\".");
    const bool allow = NetworkKind(m_network->currentData().toInt()) == NetworkKind::Domains;
    m_allow->setEnabled(allow);
    m_allowHint->setEnabled(allow);
    m_secrets->setEnabled(allow);
    m_secretsHint->setEnabled(allow);
    if (problem.isEmpty() && allow) {
        const QStringList entries = splitAllowList(m_allow->text());
        if (entries.isEmpty()) {
            problem = tr("Network \"allow\" needs at least one host.");
        } else if (auto checked = Workbench::checkAllowList(entries); !checked) {
            problem = checked.error().message;
        } else if (auto secrets = Workbench::parseSecrets(m_secrets->text(), entries, env); !secrets) {
            problem = secrets.error().message;
        }
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    if (m_ok)
        m_ok->setEnabled(problem.isEmpty());
}

} // namespace Sandbench
