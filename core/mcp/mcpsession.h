#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

namespace Sandbench {

// Called once per message handed to McpSession::handle, always from the event loop: with the
// JSON-RPC reply (one compact JSON object, no newline), or with an empty array when the message
// needs none (a notification, or a response from the client).
using McpReplyHandler = std::function<void(const QByteArray &reply)>;

// One client session of the agent server (McpServer): what a stdio connection is for its whole
// life, and what one Mcp-Session-Id is over HTTP. It takes JSON-RPC messages as raw bytes, one
// at a time and in any number concurrently, and answers each through its handler; it never
// reads or writes a transport itself, so stdio, HTTP and tests drive it alike. Everything a
// message asks for is checked here (JSON, JSON-RPC shape, protocol version, the tool's name and
// arguments): a transport only frames messages and bounds their size.
class McpSession : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~McpSession() override = default;

    // An id no one can guess (128 random bits, hex): the Mcp-Session-Id over HTTP.
    virtual QString id() const = 0;
    // Whether initialize was answered (HTTP refuses other requests before it).
    virtual bool isInitialized() const = 0;
    // The protocol version agreed at initialize (empty before).
    virtual QString protocolVersion() const = 0;

    // Answers one message: `message` is the raw bytes of one JSON-RPC message as the client sent
    // it (not trusted in any way: malformed JSON is answered -32700 with a null id).
    virtual void handle(const QByteArray &message, McpReplyHandler answer) = 0;

    // The client is gone (stdio closed, HTTP DELETE or the server stops): calls still running
    // are cancelled, their handlers are never called, the session's sandboxes are released and
    // its record is closed. closed() follows once all of that is done; the session may then be
    // deleted. Closing again does nothing.
    virtual void close(const QString &reason) = 0;
    virtual bool isClosed() const = 0;

signals:
    void closed();
};

// Makes a new session for a transport: "stdio" or "http" names it in the record.
using McpSessionFactory = std::function<McpSession *(const QString &transport, QObject *parent)>;

} // namespace Sandbench
