#pragma once

#include <QByteArray>
#include <QString>

#include <atomic>
#include <thread>

namespace Sandbench::Test {

// A client of the permission broker's socket that speaks the wire protocol as the runtime does
// (one JSON line out, one line back), with every wait bounded so that a broker that hangs fails
// the test instead of stalling it.
class BrokerClient
{
public:
    BrokerClient() = default;
    ~BrokerClient();
    BrokerClient(const BrokerClient &) = delete;
    BrokerClient &operator=(const BrokerClient &) = delete;

    bool connectTo(const QString &socketPath);
    bool isConnected() const { return m_fd >= 0; }
    int fd() const { return m_fd; }
    void close();

    // Sends all of `data`; false when the broker hung up.
    bool send(const QByteArray &data);
    // One line without its newline. Empty with `*eof` set when the broker hung up (EOF or
    // reset); empty with `*eof` clear when nothing came within `timeoutMs`.
    QByteArray readLine(int timeoutMs, bool *eof = nullptr);
    // True when the broker closes the connection within `timeoutMs` without sending anything.
    bool hungUpWithoutAnswer(int timeoutMs);

    static QByteArray request(qint64 id, const QString &permission, const QString &value, bool hasValue = true);

private:
    int m_fd = -1;
    QByteArray m_buffer;
};

// Sends `data` on `client` from a thread of its own, for tests that write more than the socket
// buffers hold while they read the answers. Leaving the scope early (a failed check) cuts the
// connection first, so the thread always ends.
class BackgroundSend
{
public:
    BackgroundSend(BrokerClient &client, QByteArray data);
    ~BackgroundSend();
    BackgroundSend(const BackgroundSend &) = delete;
    BackgroundSend &operator=(const BackgroundSend &) = delete;
    // Waits for the send to end; true when all of it was sent.
    bool finish();

private:
    BrokerClient &m_client;
    std::atomic<bool> m_sent{false};
    std::thread m_thread;
};

} // namespace Sandbench::Test
