#include "sandboxlistmodel.h"

#include "common/terminaltext.h"

#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"

namespace Sandbench {

SandboxListModel::SandboxListModel(SandboxPool *pool, QObject *parent)
    : QAbstractTableModel(parent)
    , m_pool(pool)
{
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &SandboxListModel::tick);
    if (!pool)
        return;
    for (Sandbox *s : pool->sandboxes())
        add(s);
    connect(pool, &SandboxPool::sandboxAdded, this, &SandboxListModel::add);
    connect(pool, &SandboxPool::sandboxRemoved, this, &SandboxListModel::remove);
}

int SandboxListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SandboxListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(Column::Count);
}

Sandbox *SandboxListModel::sandbox(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row) : nullptr;
}

int SandboxListModel::rowOf(const Sandbox *sandbox) const
{
    return int(m_rows.indexOf(sandbox));
}

QString SandboxListModel::formatDuration(qint64 ms)
{
    // Rounded up: a countdown shows 0:00 only once the lifetime is really over.
    const qint64 total = (std::max<qint64>(0, ms) + 999) / 1000;
    const qint64 h = total / 3600, m = (total / 60) % 60, s = total % 60;
    if (h > 0)
        return QStringLiteral("%1:%2:%3").arg(h).arg(m, 2, 10, QLatin1Char('0')).arg(s, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

QVariant SandboxListModel::data(const QModelIndex &index, int role) const
{
    // Names, paths and messages come from a run, a bundle or a log: every text role of every
    // row is shown through the one function that makes bidi overrides and invisible characters
    // visible, whichever column or path produced it.
    return visibleForRole(rawData(index, role), role);
}

QVariant SandboxListModel::rawData(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    Sandbox *s = m_rows.at(index.row());
    switch (role) {
    case SandboxRole: return QVariant::fromValue<QObject *>(s);
    case RemainingMsRole: return s->remainingMs();
    case LifetimeMsRole: return s->createdAt().msecsTo(s->expiresAt()); // grows with an extension
    case Qt::ToolTipRole:
        if (Column(index.column()) == Column::Id)
            return s->id();
        if (Column(index.column()) == Column::Remaining)
            return tr("Ends at %1").arg(s->expiresAt().toLocalTime().toString(QStringLiteral("HH:mm:ss")));
        if (Column(index.column()) == Column::Network && s->options().network.kind == NetworkKind::Domains) {
            QString tip = tr("Allowed hosts:\n%1").arg(s->options().network.domains.join(QLatin1Char('\n')));
            // By name and host only: a secret's value never leaves the pool's proxy.
            QStringList secrets;
            for (const SandboxSecret &secret : s->options().secrets)
                secrets << tr("%1 for %2").arg(secret.name, secret.hosts.join(QStringLiteral(", ")));
            if (!secrets.isEmpty())
                tip += QStringLiteral("\n\n") + tr("Secrets (the sandbox sees placeholders):\n%1").arg(secrets.join(QLatin1Char('\n')));
            return tip;
        }
        return {};
    case Qt::DisplayRole: break;
    default: return {};
    }
    switch (Column(index.column())) {
    case Column::Id: return s->id().left(12);
    case Column::Image: return s->image();
    case Column::State:
        switch (s->state()) {
        case Sandbox::State::Alive:
            if (s->isPaused())
                return s->features().desktop ? tr("paused, desktop") : tr("paused");
            return s->features().desktop ? tr("alive, desktop") : tr("alive");
        case Sandbox::State::Released: return tr("released");
        case Sandbox::State::Gone: return tr("gone");
        }
        return {};
    case Column::Network: {
        const NetworkSpec &net = s->options().network;
        if (net.kind != NetworkKind::Domains)
            return networkKindName(net.kind);
        QString text = QStringLiteral("allow: ") + net.domains.join(QStringLiteral(", "));
        QStringList names;
        for (const SandboxSecret &secret : s->options().secrets)
            names << secret.name;
        if (!names.isEmpty())
            text += QStringLiteral(" · ") + tr("secrets: %1").arg(names.join(QStringLiteral(", ")));
        return text;
    }
    case Column::Ports: {
        QStringList parts;
        for (int port : s->options().ports) {
            const auto url = s->url(port);
            parts << (url ? QStringLiteral("%1 → %2").arg(port).arg(url->port()) : QString::number(port));
        }
        return parts.join(QStringLiteral(", "));
    }
    case Column::Remaining: return formatDuration(s->remainingMs());
    case Column::Count: break;
    }
    return {};
}

QVariant SandboxListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Column::Id: return tr("Sandbox");
    case Column::Image: return tr("Image");
    case Column::State: return tr("State");
    case Column::Network: return tr("Network");
    case Column::Ports: return tr("Ports");
    case Column::Remaining: return tr("Remaining");
    case Column::Count: break;
    }
    return {};
}

void SandboxListModel::add(Sandbox *sandbox)
{
    if (!sandbox || !sandbox->isAlive() || m_rows.contains(sandbox))
        return;
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows << sandbox;
    endInsertRows();
    // The sandbox pointer stays valid until the pool dies (see Sandbox); a pool destroyed
    // before this model takes its sandboxes along, so forget them first.
    connect(sandbox, &QObject::destroyed, this, [this, sandbox] { remove(sandbox); });
    // A pause or an extension shows at once, not at the next tick: the state, the remaining
    // time, its bar and the "Ends at" tooltip all read from the sandbox.
    connect(sandbox, &Sandbox::pausedChanged, this, [this, sandbox] { refresh(sandbox); });
    connect(sandbox, &Sandbox::lifetimeChanged, this, [this, sandbox] { refresh(sandbox); });
    if (!m_tick.isActive())
        m_tick.start();
}

void SandboxListModel::remove(Sandbox *sandbox)
{
    const int row = rowOf(sandbox);
    if (row < 0)
        return;
    disconnect(sandbox, nullptr, this, nullptr);
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
    if (m_rows.isEmpty())
        m_tick.stop();
}

void SandboxListModel::refresh(Sandbox *sandbox)
{
    const int row = rowOf(sandbox);
    if (row >= 0)
        emit dataChanged(index(row, 0), index(row, int(Column::Count) - 1));
}

void SandboxListModel::tick()
{
    if (m_rows.isEmpty())
        return;
    const int col = int(Column::Remaining);
    emit dataChanged(index(0, col), index(int(m_rows.size()) - 1, col),
                     {Qt::DisplayRole, RemainingMsRole});
}

} // namespace Sandbench
