#include "trafficview.h"

#include "common/background.h"
#include "common/terminaltext.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QStringDecoder>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandbench {

namespace {

enum Column { NumberColumn, StartColumn, MethodColumn, UrlColumn, StatusColumn, TimeColumn, SizeColumn };

// A body larger than this is named by its size and digest only: a preview is for reading, and a
// session may hold bodies of many megabytes.
constexpr qint64 kMaxPreviewReadBytes = qint64(4) << 20;
constexpr qsizetype kMaxPreviewChars = 16 * 1024;

QString bytesText(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

// Text when the bytes are UTF-8 without NUL (shown as visibleLines does: controls and bidi
// overrides visible), else an empty string, which the caller says is binary.
QString previewOf(const QByteArray &bytes)
{
    if (bytes.contains('\0'))
        return {};
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(bytes);
    if (decoder.hasError())
        return {};
    if (text.size() <= kMaxPreviewChars)
        return visibleLines(text);
    return visibleLines(text.left(kMaxPreviewChars)) + QLatin1Char('\n')
           + TrafficView::tr("\u2026 (and %1 more characters, not shown)").arg(text.size() - kMaxPreviewChars);
}

// The first bytes of a body that is not text, as a hex dump: offset, 16 bytes, and those bytes
// that are printable ASCII ('.' for the rest).
QString hexDumpOf(const QByteArray &bytes)
{
    constexpr qsizetype kMaxHexBytes = 512;
    QStringList lines;
    const qsizetype shown = qMin(bytes.size(), kMaxHexBytes);
    for (qsizetype at = 0; at < shown; at += 16) {
        const QByteArray row = bytes.mid(at, qMin<qsizetype>(16, shown - at));
        QString ascii;
        for (char c : row)
            ascii += (c >= 0x20 && c < 0x7f) ? QLatin1Char(c) : QLatin1Char('.');
        lines << QStringLiteral("%1  %2 |%3|").arg(at, 8, 16, QLatin1Char('0'))
                     .arg(QString::fromLatin1(row.toHex(' ')), -47).arg(ascii);
    }
    if (bytes.size() > shown)
        lines << TrafficView::tr("\u2026 (and %1 more bytes, not shown)").arg(bytes.size() - shown);
    return lines.join(QLatin1Char('\n'));
}

// A body's bytes for reading: text, or "(binary)" and a hex dump.
QString bodyPreview(const QByteArray &bytes)
{
    const QString text = previewOf(bytes);
    return text.isEmpty() ? TrafficView::tr("(binary)") + QLatin1Char('\n') + hexDumpOf(bytes) : text;
}

QPlainTextEdit *detailsPane(const QString &objectName, const QString &accessibleName, QWidget *parent)
{
    auto *pane = new QPlainTextEdit(parent);
    pane->setObjectName(objectName);
    pane->setReadOnly(true);
    // Read-only still reads by keyboard: arrows, Page Down and Ctrl+End, and selecting to copy.
    pane->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    pane->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    pane->setAccessibleName(accessibleName);
    return pane;
}

} // namespace

TrafficView::TrafficView(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_details(detailsPane(QStringLiteral("trafficDetails"), tr("Request details"), this))
    , m_recordedCaption(new QLabel(tr("Recorded"), this))
    , m_replayedPane(new QWidget(this))
    , m_replayed(detailsPane(QStringLiteral("replayedRequest"), tr("The request the replay made"), m_replayedPane))
{
    m_summary->setObjectName(QStringLiteral("trafficSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_list->setObjectName(QStringLiteral("trafficList"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAllColumnsShowFocus(true);
    m_list->setHeaderLabels({tr("#"), tr("Start"), tr("Method"), tr("URL"), tr("Status"), tr("Time"), tr("Size")});
    m_list->header()->setSectionResizeMode(UrlColumn, QHeaderView::Stretch);
    m_list->header()->setStretchLastSection(false);
    m_list->setAccessibleName(tr("Recorded requests"));
    m_details->setPlaceholderText(tr("Select a request to see its headers and bodies."));

    // A divergence sets the replay's request beside the recorded one, lines level.
    auto *recordedPane = new QWidget(this);
    auto *recordedLayout = new QVBoxLayout(recordedPane);
    recordedLayout->setContentsMargins(0, 0, 0, 0);
    recordedLayout->setSpacing(1);
    recordedLayout->addWidget(m_recordedCaption);
    recordedLayout->addWidget(m_details, 1);
    auto *replayedLayout = new QVBoxLayout(m_replayedPane);
    replayedLayout->setContentsMargins(0, 0, 0, 0);
    replayedLayout->setSpacing(1);
    replayedLayout->addWidget(new QLabel(tr("Replayed"), m_replayedPane));
    replayedLayout->addWidget(m_replayed, 1);
    auto *sides = new QSplitter(Qt::Horizontal, this);
    sides->addWidget(recordedPane);
    sides->addWidget(m_replayedPane);
    sides->setChildrenCollapsible(false);
    m_recordedCaption->hide();
    m_replayedPane->hide();
    m_replayed->setLineWrapMode(QPlainTextEdit::NoWrap);
    for (QPlainTextEdit *a : {m_details, m_replayed}) {
        QPlainTextEdit *b = a == m_details ? m_replayed : m_details;
        connect(a->verticalScrollBar(), &QScrollBar::valueChanged, b->verticalScrollBar(), [this, b](int value) {
            if (m_replayedPane->isVisible())
                b->verticalScrollBar()->setValue(value);
        });
    }

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_list);
    split->addWidget(sides);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        showExchange(item ? m_list->indexOfTopLevelItem(item) : -1);
    });
    clear();
}

void TrafficView::clear()
{
    ++m_generation;
    m_traffic = {};
    m_reader = {};
    m_list->clear();
    m_details->clear();
    m_summary->clear();
}

void TrafficView::setTraffic(bool recorded, const RecordedTraffic &traffic, BodyReader reader, const QString &why)
{
    clear();
    m_traffic = traffic;
    m_reader = std::move(reader);
    if (!recorded) {
        m_summary->setText(why.isEmpty() ? tr("This session holds no network traffic: the run's policy allowed no network, "
                                              "or it was recorded before traffic was.")
                                         : tr("Network traffic was not recorded: %1").arg(visibleText(why)));
        return;
    }
    int denied = 0;
    QList<QTreeWidgetItem *> items;
    for (qsizetype i = 0; i < m_traffic.exchanges.size(); ++i) {
        const RecordedExchange &e = m_traffic.exchanges.at(i);
        const QString status = !e.allowed ? tr("denied") : e.status ? QString::number(e.status) : tr("no response");
        denied += e.allowed ? 0 : 1;
        auto *item = new QTreeWidgetItem({QString::number(i + 1), tr("%1 ms").arg(e.startMs), visibleText(e.method),
                                          visibleText(e.url), status, tr("%1 ms").arg(e.durationMs),
                                          e.status ? bytesText(e.responseBody.size) : QString()});
        item->setToolTip(UrlColumn, visibleText(e.url));
        for (int column : {NumberColumn, StartColumn, TimeColumn, SizeColumn})
            item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
        if (!e.allowed) {
            QFont bold = item->font(StatusColumn);
            bold.setBold(true);
            item->setFont(StatusColumn, bold);
        }
        items << item;
    }
    m_list->addTopLevelItems(items);
    QString summary = tr("Requests: %1").arg(m_traffic.exchanges.size());
    if (denied)
        summary += QStringLiteral(", ") + tr("denied by the proxy: %1").arg(denied);
    if (!m_traffic.redacted.isEmpty())
        summary += QStringLiteral(". ") + tr("Redacted when recorded: %1").arg(visibleText(m_traffic.redacted.join(QStringLiteral(", "))));
    m_summary->setText(summary);
    for (int column : {NumberColumn, StartColumn, MethodColumn, StatusColumn, TimeColumn, SizeColumn})
        m_list->resizeColumnToContents(column);
}

void TrafficView::clearDivergence()
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        item->setText(NumberColumn, QString::number(i + 1));
        item->setToolTip(NumberColumn, QString());
    }
    m_replayed->clear();
    m_replayedPane->hide();
    m_recordedCaption->hide();
    m_details->setLineWrapMode(QPlainTextEdit::WidgetWidth);
}

void TrafficView::markRow(int index)
{
    QTreeWidgetItem *item = m_list->topLevelItem(index);
    item->setText(NumberColumn, QStringLiteral("\u25b6 %1").arg(index + 1));
    item->setToolTip(NumberColumn, tr("The replay diverged at this request"));
    m_list->setCurrentItem(item);
    m_list->scrollToItem(item);
    m_list->resizeColumnToContents(NumberColumn); // room for the mark
}

bool TrafficView::showDivergence(const Divergence &d)
{
    clearDivergence();
    if (d.stream != ReplayStream::Network)
        return false;
    const bool marked = d.recordedRequest >= 0 && d.recordedRequest < m_list->topLevelItemCount();
    if (marked)
        markRow(int(d.recordedRequest));
    if (!d.madeRequest)
        return marked; // a recorded request the replay never made: that row alone
    if (!marked) {
        m_list->setCurrentItem(nullptr);
        m_details->setPlainText(tr("The recording has no request like it."));
    }
    m_replayed->setPlainText(describeReplayed(d.request, d.recorded));
    // Unwrapped while compared: line N on the left sits level with line N on the right.
    m_details->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_recordedCaption->show();
    m_replayedPane->show();
    return true;
}

QString TrafficView::replayedText() const
{
    return m_replayed->toPlainText();
}

QString TrafficView::detailsText() const
{
    return m_details->toPlainText();
}

void TrafficView::showExchange(int index)
{
    const quint64 generation = ++m_generation;
    if (index < 0 || index >= m_traffic.exchanges.size()) {
        m_details->clear();
        return;
    }
    const RecordedExchange exchange = m_traffic.exchanges.at(index);
    const QString loading = tr("(loading\u2026)");
    m_details->setPlainText(describe(exchange, loading, loading));
    // Bodies come from the session's files (a few megabytes at most are read for a preview):
    // read on the thread pool, shown if this request is still the one selected.
    const auto bodyText = [reader = m_reader](const SandboxPayloadRef &ref) -> QString {
        if (ref.size == 0)
            return tr("(empty)");
        const QString head = tr("%1, SHA-256 %2").arg(bytesText(ref.size), ref.sha256);
        if (ref.size > kMaxPreviewReadBytes || !reader)
            return head;
        const Result<QByteArray> bytes = reader(ref);
        if (!bytes)
            return head + QLatin1Char('\n') + tr("(not readable: %1)").arg(visibleText(bytes.error().message));
        return head + QLatin1Char('\n') + bodyPreview(*bytes);
    };
    runInBackground(this, [exchange, bodyText] {
        return std::pair{bodyText(exchange.requestBody), bodyText(exchange.responseBody)};
    }, [this, generation, index, exchange](const std::pair<QString, QString> &bodies) {
        if (generation != m_generation)
            return;
        m_details->setPlainText(describe(exchange, bodies.first, bodies.second));
        emit detailsShown(index);
    });
}

QString TrafficView::describe(const RecordedExchange &e, const QString &requestBody, const QString &responseBody) const
{
    QStringList lines;
    lines << visibleText(e.method) + QLatin1Char(' ') + visibleText(e.url);
    lines << (e.allowed ? tr("Started at %1 ms, took %2 ms; allowed by the proxy.")
                        : tr("Started at %1 ms, took %2 ms; denied by the proxy."))
                 .arg(e.startMs).arg(e.durationMs);
    const auto headers = [&lines](const HttpHeaderList &list) {
        for (const auto &[name, value] : list)
            lines << QStringLiteral("  ") + visibleText(QString::fromUtf8(name)) + QStringLiteral(": ")
                         + visibleText(QString::fromUtf8(value));
    };
    lines << QString() << tr("Request headers:");
    headers(e.requestHeaders);
    lines << tr("Request body: %1").arg(requestBody);
    lines << QString();
    if (!e.status) {
        lines << (e.allowed ? tr("No response.") : tr("No response: the proxy refused the request."));
        return lines.join(QLatin1Char('\n'));
    }
    lines << tr("Response: %1").arg(e.status) << tr("Response headers:");
    headers(e.responseHeaders);
    lines << tr("Response body: %1").arg(responseBody);
    return lines.join(QLatin1Char('\n'));
}

// Lines level with describe()'s for the recorded request: the request, a line on it, the
// headers, the body.
QString TrafficView::describeReplayed(const ReplayedRequest &r, const QString &why) const
{
    QStringList lines;
    lines << visibleText(r.method) + QLatin1Char(' ') + visibleText(r.url);
    lines << tr("Made by the replay: %1").arg(visibleText(why));
    lines << QString() << tr("Request headers:");
    for (const auto &[name, value] : r.headers)
        lines << QStringLiteral("  ") + visibleText(QString::fromUtf8(name)) + QStringLiteral(": ") + visibleText(QString::fromUtf8(value));
    if (r.bodySize == 0) {
        lines << tr("Request body: %1").arg(tr("(empty)"));
    } else {
        QString body = tr("%1, SHA-256 %2").arg(bytesText(r.bodySize), r.bodySha256) + QLatin1Char('\n') + bodyPreview(r.bodyHead);
        if (r.bodyHead.size() < r.bodySize)
            body += QLatin1Char('\n') + tr("\u2026 (its first %1 bytes shown)").arg(r.bodyHead.size());
        lines << tr("Request body: %1").arg(body);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace Sandbench
