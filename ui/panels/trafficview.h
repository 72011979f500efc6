#pragma once

#include "common/result.h"
#include "session/replayreport.h"
#include "session/traffic/recordedtraffic.h"

#include <QWidget>

#include <functional>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;

namespace Sandbench {

// The Network tab of a session: every HTTP(S) request the run made, in order, as the proxy saw
// it (method, URL, status or the proxy's refusal, time, size), and the selected one whole:
// headers as recorded (credentials and secrets already redacted), bodies by digest with a
// preview of text. Everything shown comes from the file, so it is shown, never obeyed
// (visibleText); bodies are read off the event loop's thread.
class TrafficView : public QWidget
{
    Q_OBJECT
public:
    // Reads a body the session holds; called on a pool thread, so it must be safe there.
    using BodyReader = std::function<Result<QByteArray>(const SandboxPayloadRef &ref)>;

    explicit TrafficView(QWidget *parent = nullptr);

    // `recorded` false: the session holds no traffic, and `why` (may be empty) says why.
    void setTraffic(bool recorded, const RecordedTraffic &traffic, BodyReader reader, const QString &why = {});
    void clear();
    // A replay's network divergence: the recorded request it names marked and shown, and the
    // request the replay made beside it (headers and the body's first bytes); false when
    // there is neither.
    bool showDivergence(const Divergence &divergence);
    void clearDivergence();
    QString replayedText() const;

    int requestCount() const { return int(m_traffic.exchanges.size()); }
    QString detailsText() const;
    // Bodies shown so far are loaded; emitted after each selected request's details are whole.
    Q_SIGNAL void detailsShown(int index);

private:
    void showExchange(int index);
    void markRow(int index);
    QString describe(const RecordedExchange &exchange, const QString &requestBody, const QString &responseBody) const;
    QString describeReplayed(const ReplayedRequest &request, const QString &why) const;

    QLabel *m_summary;
    QTreeWidget *m_list;
    QPlainTextEdit *m_details;
    // Beside the details while a divergence is shown: captions and the replay's request.
    QLabel *m_recordedCaption;
    QWidget *m_replayedPane;
    QPlainTextEdit *m_replayed;
    RecordedTraffic m_traffic;
    BodyReader m_reader;
    quint64 m_generation = 0; // a body read for what was shown before is dropped
};

} // namespace Sandbench
