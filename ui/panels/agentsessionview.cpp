#include "agentsessionview.h"
#include "textroles.h"

#include "agentcallsmodel.h"
#include "common/background.h"
#include "common/terminaltext.h"
#include "fittedpicture.h"
#include "session/agent/agentsessionwriter.h"

#include <QBuffer>
#include <QDateTime>
#include <QFontDatabase>
#include <QHeaderView>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandbench {

namespace {

QPlainTextEdit *jsonView(const QString &objectName, const QString &placeholder, QWidget *parent)
{
    auto *view = new QPlainTextEdit(parent);
    view->setObjectName(objectName);
    view->setReadOnly(true);
    view->setPlaceholderText(placeholder);
    view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return view;
}

// Indented JSON for people, bounded, its bidi and invisible characters shown (JSON already
// escapes the control characters inside strings).
QString prettyJson(const QJsonObject &object)
{
    QString text = QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented));
    const qsizetype total = text.size();
    if (text.size() > AgentSessionView::kMaxDetailChars)
        text.truncate(AgentSessionView::kMaxDetailChars);
    // A text view lays a line out whole, on the event loop: a megabyte string on one line would
    // stall it for seconds. Each line is cut short; the whole value is in the file.
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (line.size() > AgentSessionView::kMaxLineChars)
            line = line.left(AgentSessionView::kMaxLineChars) + AgentSessionView::tr("\u2026 (%1 more characters)").arg(line.size() - AgentSessionView::kMaxLineChars);
    }
    text = lines.join(QLatin1Char('\n'));
    if (total > AgentSessionView::kMaxDetailChars)
        text += AgentSessionView::tr("\n\u2026 (cut: %1 characters in all)").arg(total);
    return visibleLines(text);
}

// The result as text: an image's base64 is shown as its size (the image is shown beside).
QJsonObject withoutImageData(QJsonObject result)
{
    QJsonArray images = result.value(QStringLiteral("images")).toArray();
    for (qsizetype i = 0; i < images.size(); ++i) {
        QJsonObject image = images.at(i).toObject();
        if (image.value(QStringLiteral("data")).isString())
            image.insert(QStringLiteral("data"), QStringLiteral("<%1 characters of base64>").arg(image.value(QStringLiteral("data")).toString().size()));
        images.replace(i, image);
    }
    if (!images.isEmpty())
        result.insert(QStringLiteral("images"), images);
    return result;
}

struct FollowRead
{
    AgentSession session;
    QList<AgentCallRow> rows; // of the calls read this time
    bool grew = false;
    bool live = false;
    QString error;
};

struct DecodedImage
{
    QImage image;
    QString error;
};

DecodedImage decodeImage(const QByteArray &base64)
{
    DecodedImage out;
    if (base64.size() > AgentSessionView::kMaxImageBytes / 3 * 4 + 4) {
        out.error = AgentSessionView::tr("The image is over %1 MiB; not shown.").arg(AgentSessionView::kMaxImageBytes >> 20);
        return out;
    }
    auto decoded = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) {
        out.error = AgentSessionView::tr("The image is not valid base64.");
        return out;
    }
    QByteArray bytes = std::move(decoded.decoded);
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, "png");
    reader.setAllocationLimit(int((qint64(AgentSessionView::kMaxImageSide) * 4096 * 4) >> 20));
    const QSize size = reader.size();
    if (!size.isValid() || size.width() > AgentSessionView::kMaxImageSide || size.height() > AgentSessionView::kMaxImageSide) {
        out.error = size.isValid() ? AgentSessionView::tr("The image is %1\u00d7%2 pixels, over the %3 a side shown.")
                                         .arg(size.width()).arg(size.height()).arg(AgentSessionView::kMaxImageSide)
                                   : AgentSessionView::tr("The image is not a PNG: %1").arg(reader.errorString());
        return out;
    }
    out.image = reader.read();
    if (out.image.isNull())
        out.error = AgentSessionView::tr("The image could not be decoded: %1").arg(reader.errorString());
    return out;
}

} // namespace

AgentSessionView::AgentSessionView(QWidget *parent)
    : QWidget(parent)
    , m_timer(new QTimer(this))
    , m_header(new QLabel(this))
    , m_state(new QLabel(this))
    , m_model(new AgentCallsModel(this))
    , m_calls(new QTableView(this))
    , m_arguments(jsonView(QStringLiteral("agentCallArguments"), tr("The selected call's arguments"), this))
    , m_result(jsonView(QStringLiteral("agentCallResult"), tr("What the selected call answered"), this))
    , m_decisions(new QTreeWidget(this))
    , m_image(new FittedPicture(this))
    , m_extras(new QSplitter(Qt::Horizontal, this))
{
    for (QLabel *label : {m_header, m_state}) {
        // From the file: never taken as markup.
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_header->setObjectName(QStringLiteral("agentSessionHeader"));
    m_state->setObjectName(QStringLiteral("agentSessionState"));
    m_calls->setObjectName(QStringLiteral("agentCalls"));
    m_calls->setModel(m_model);
    m_calls->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_calls->setSelectionMode(QAbstractItemView::SingleSelection);
    m_calls->setTextElideMode(Qt::ElideRight);
    m_calls->setWordWrap(false);
    m_calls->verticalHeader()->hide();
    m_calls->verticalHeader()->setDefaultSectionSize(m_calls->fontMetrics().height() + 6);
    // The arguments take what the others leave; the others are as wide as their text, at most.
    QHeaderView *columns = m_calls->horizontalHeader();
    columns->setMinimumSectionSize(24);
    columns->setStretchLastSection(false);
    for (int c : {AgentCallsModel::SeqColumn, AgentCallsModel::TimeColumn, AgentCallsModel::DurationColumn, AgentCallsModel::DecisionsColumn})
        columns->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    columns->setSectionResizeMode(AgentCallsModel::ArgumentsColumn, QHeaderView::Stretch);
    m_calls->setColumnWidth(AgentCallsModel::ToolColumn, 110);
    m_calls->setColumnWidth(AgentCallsModel::OutcomeColumn, 160);
    m_decisions->setObjectName(QStringLiteral("agentCallDecisions"));
    m_decisions->setRootIsDecorated(false);
    m_decisions->setHeaderLabels({tr("Kind"), tr("Action"), tr("Resource"), tr("Decision"), tr("Rule")});
    m_decisions->header()->setStretchLastSection(false);
    m_decisions->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_decisions->hide();
    m_image->setObjectName(QStringLiteral("agentCallImage"));
    m_image->hide();

    // The calls; under them the selected one's arguments and result side by side; under those,
    // when it has them, its decisions and its screenshot.
    m_extras->addWidget(m_decisions);
    m_extras->addWidget(m_image);
    m_extras->hide();
    auto *details = new QSplitter(Qt::Horizontal, this);
    details->addWidget(m_arguments);
    details->addWidget(m_result);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_calls);
    split->addWidget(details);
    split->addWidget(m_extras);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_header);
    layout->addWidget(m_state);
    layout->addWidget(split, 1);

    m_timer->setInterval(kFollowIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &AgentSessionView::readMore);
    connect(m_calls->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { showCall(current.row()); });
}

void AgentSessionView::clear()
{
    setSession(AgentSession{}, {}, false);
}

void AgentSessionView::setSession(const AgentSession &session, const QList<AgentCallRow> &rows, bool live)
{
    m_reads.invalidate();
    m_details.invalidate();
    m_reading = false;
    m_followError.clear();
    m_session = session;
    m_model->setCalls(m_session.calls, rows);
    m_following = live && !m_session.ended && !m_session.path.isEmpty();
    m_following ? m_timer->start() : m_timer->stop();
    showHeader();
    showState();
    showCall(-1);
}

void AgentSessionView::showHeader()
{
    const AgentSession &s = m_session;
    const QJsonObject &server = s.server;
    QStringList toolSets;
    // Each set as the server wrote it, {"name", and a flag per power}: "box (exec, write)".
    const QJsonArray sets = server.value(QStringLiteral("toolSets")).toArray();
    for (qsizetype i = 0; i < qMin<qsizetype>(sets.size(), 32); ++i) {
        const QJsonValue set = sets.at(i);
        const QJsonObject o = set.toObject();
        QStringList powers;
        for (const char *power : {"exec", "write", "ports", "desktop"}) {
            if (o.value(QLatin1String(power)).toBool())
                powers << QLatin1String(power);
        }
        const QString name = set.isString() ? set.toString() : o.value(QStringLiteral("name")).toString();
        toolSets << (powers.isEmpty() ? name : tr("%1 (%2)").arg(name, powers.join(QStringLiteral(", "))));
    }
    QStringList facts;
    facts << (s.clientName.isEmpty() ? tr("client not introduced yet")
                                     : tr("client %1 %2").arg(s.clientName, s.clientVersion).trimmed());
    if (!s.protocolVersion.isEmpty())
        facts << tr("protocol %1").arg(s.protocolVersion);
    facts << tr("over %1").arg(s.transport);
    facts << tr("recorded %1").arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(s.recordedAtMs), QLocale::ShortFormat));
    facts << tr("tool sets: %1").arg(toolSets.isEmpty() ? tr("none") : toolSets.join(QStringLiteral(", ")));
    if (server.value(QStringLiteral("image")).isString())
        facts << tr("image %1").arg(server.value(QStringLiteral("image")).toString());
    if (server.value(QStringLiteral("network")).isString())
        facts << tr("network %1").arg(server.value(QStringLiteral("network")).toString());
    facts << tr("%n call(s)", nullptr, int(s.calls.size()));
    m_header->setText(visibleText(facts.join(QStringLiteral(" \u00b7 "))));
}

void AgentSessionView::showState()
{
    QString state;
    if (m_session.path.isEmpty())
        state = QString();
    else if (m_session.ended)
        state = tr("ended: %1").arg(m_session.endReason);
    else if (m_following)
        state = tr("live: the server is still running; new calls show as they are made");
    else
        state = tr("no end: the server is still running or died before closing the session");
    if (m_session.lastLineCut)
        state += QLatin1Char(' ') + tr("(its last line was cut off)");
    if (!m_followError.isEmpty())
        state += QLatin1Char(' ') + m_followError;
    m_state->setText(visibleText(state));
    m_following ? setTextRole(m_state, TextRole::Success, true) : clearTextRole(m_state);
}

void AgentSessionView::readMore()
{
    if (!m_following || m_reading)
        return;
    m_reading = true;
    const StaleGuard::Ticket ticket = m_reads.ticket();
    runInBackground(this, [session = m_session]() mutable {
        FollowRead read;
        // Asked before reading: a server closes the file (end line) before it lets go of the
        // lock, so once the lock is gone everything it wrote is in what is read next.
        read.live = AgentSessionWriter::isLive(session.path);
        const qsizetype before = session.calls.size();
        auto more = AgentSession::readMore(session);
        if (!more)
            read.error = more.error().message;
        else
            read.grew = *more;
        if (read.grew)
            read.rows = AgentCallsModel::describe(session.calls, before);
        read.session = std::move(session);
        return read;
    }, [this, ticket](const FollowRead &read) {
        if (!m_reads.isCurrent(ticket))
            return; // another session is shown by now
        m_reading = false;
        if (!read.error.isEmpty()) {
            stopFollowing(tr("Stopped following it: %1").arg(read.error));
            return;
        }
        if (read.grew) {
            const qsizetype before = m_session.calls.size();
            m_session = read.session;
            m_model->appendCalls(m_session.calls, before, read.rows);
            showHeader();
            if (m_session.calls.size() > before)
                emit callsAdded(int(m_session.calls.size() - before));
        }
        if (m_session.ended || !read.live)
            stopFollowing();
    });
}

void AgentSessionView::stopFollowing(const QString &why)
{
    m_following = false;
    m_timer->stop();
    m_followError = why;
    showState();
    emit followingStopped();
}

void AgentSessionView::showCall(int row)
{
    m_details.invalidate();
    const AgentCall *call = m_model->callAt(row);
    m_decisions->clear();
    m_decisions->hide();
    m_image->hide();
    m_extras->hide();
    m_arguments->clear();
    m_result->clear();
    if (!call)
        return;
    // Arguments and results may be megabytes of JSON: encoded on the thread pool.
    const StaleGuard::Ticket ticket = m_details.ticket();
    runInBackground(this, [copy = *call] {
        return std::pair{prettyJson(copy.arguments),
                         copy.refusedCode ? visibleLines(AgentCallsModel::outcomeText(copy)) : prettyJson(withoutImageData(copy.result))};
    }, [this, ticket](const std::pair<QString, QString> &texts) {
        if (!m_details.isCurrent(ticket))
            return; // another call is selected by now
        // JSON keeps a bidi override or a zero-width space as it is: shown, not obeyed.
        m_arguments->setPlainText(visibleLines(texts.first));
        m_result->setPlainText(visibleLines(texts.second));
        emit callShown();
    });
    if (call->isCodeRun()) {
        QList<QTreeWidgetItem *> items;
        for (const QJsonObject &d : call->decisions.mid(0, 10000)) {
            QStringList columns;
            for (const char *key : {"kind", "action", "resource", "decision", "rule"})
                columns << visibleText(d.value(QLatin1String(key)).toVariant().toString().left(2000));
            auto *item = new QTreeWidgetItem(columns);
            item->setToolTip(2, AgentCallsModel::plainToolTip(d.value(QStringLiteral("resource")).toString()));
            items << item;
        }
        m_decisions->addTopLevelItems(items);
        m_decisions->show();
        m_extras->show();
    }
    showImage(*call);
}

void AgentSessionView::showImage(const AgentCall &call)
{
    const QJsonValue image = call.result.value(QStringLiteral("images")).toArray().at(0).toObject().value(QStringLiteral("data"));
    if (!image.isString())
        return;
    m_image->setPixmap({});
    m_image->setText(tr("Decoding the screenshot\u2026"));
    m_image->show();
    m_extras->show();
    const StaleGuard::Ticket ticket = m_details.ticket();
    runInBackground(this, [base64 = image.toString()] { return decodeImage(base64.toLatin1()); },
                    [this, ticket](const DecodedImage &decoded) {
        if (!m_details.isCurrent(ticket))
            return; // another call is selected by now
        if (decoded.image.isNull())
            m_image->setText(visibleText(decoded.error));
        else
            m_image->setPixmap(QPixmap::fromImage(decoded.image));
        emit imageShown();
    });
}

} // namespace Sandbench
