#include "sandboxcreatedialog.h"
#include "textroles.h"

#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxprovider.h"

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
    , m_problem(new QLabel(this))
{
    setWindowTitle(tr("New sandbox"));
    setObjectName(QStringLiteral("sandboxCreateDialog"));
    m_image->setObjectName(QStringLiteral("imageCombo"));
    m_lifetime->setObjectName(QStringLiteral("lifetimeSpin"));
    m_network->setObjectName(QStringLiteral("networkCombo"));
    m_env->setObjectName(QStringLiteral("envEdit"));
    m_ports->setObjectName(QStringLiteral("portsEdit"));

    // The images scripts/images builds; any other local image can be typed in.
    m_image->setEditable(true);
    const QString fallback = pool ? pool->provider()->defaultImage() : QString();
    QStringList images{fallback, QStringLiteral("sandbench/debian:12"), QStringLiteral("sandbench/desktop:1")};
    images.removeDuplicates();
    images.removeAll(QString());
    m_image->addItems(images);

    const qint64 maxLifetimeS = pool ? pool->options().maxLifetimeMs / 1000 : 3600;
    m_lifetime->setRange(1, int(std::min<qint64>(maxLifetimeS, std::numeric_limits<int>::max())));
    m_lifetime->setValue(int(std::min<qint64>(600, maxLifetimeS)));
    m_lifetime->setSuffix(tr(" s"));
    m_lifetime->setToolTip(tr("At most %1 s, the pool's maximum").arg(maxLifetimeS));

    for (NetworkKind kind : pool ? pool->options().network : QList<NetworkKind>{NetworkKind::None}) {
        if (kind != NetworkKind::Domains)
            m_network->addItem(networkKindName(kind), int(kind));
    }
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

    auto *form = new QFormLayout;
    form->addRow(tr("&Image:"), m_image);
    form->addRow(tr("&Lifetime:"), m_lifetime);
    form->addRow(tr("&Network:"), m_network);
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

SandboxOptions SandboxCreateDialog::options() const
{
    SandboxOptions o;
    o.image = m_image->currentText().trimmed();
    o.lifetimeMs = qint64(m_lifetime->value()) * 1000;
    o.network.kind = NetworkKind(m_network->currentData().toInt());
    o.cpus = m_cpus->value();
    o.memoryMiB = m_memory->value();
    parseEnv(m_env->toPlainText(), &o.env);
    parsePorts(m_ports->text(), &o.ports);
    return o;
}

void SandboxCreateDialog::setImage(const QString &image) { m_image->setCurrentText(image); }
void SandboxCreateDialog::setPorts(const QString &ports) { m_ports->setText(ports); }
void SandboxCreateDialog::setLifetimeSeconds(int seconds) { m_lifetime->setValue(seconds); }

void SandboxCreateDialog::setNetwork(NetworkKind kind)
{
    const int i = m_network->findData(int(kind));
    if (i >= 0)
        m_network->setCurrentIndex(i);
}

void SandboxCreateDialog::validate()
{
    QMap<QString, QString> env;
    QList<int> ports;
    QString problem = parseEnv(m_env->toPlainText(), &env);
    if (problem.isEmpty())
        problem = parsePorts(m_ports->text(), &ports);
    if (problem.isEmpty() && !ports.isEmpty()
        && NetworkKind(m_network->currentData().toInt()) != NetworkKind::All)
        problem = tr("Ports are served only with network \"all\".");
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    if (m_ok)
        m_ok->setEnabled(problem.isEmpty());
}

} // namespace Sandbench
