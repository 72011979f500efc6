#pragma once

#include <QByteArray>
#include <QString>

namespace Sandbench {

// One line of Deno's permission broker protocol (v1):
// {"v":1,"pid":6752,"id":1,"datetime":"...","permission":"read","value":"/abs/path"}
struct BrokerRequest
{
    qint64 id = -1;
    qint64 pid = 0;
    QString permission;
    QString value;
    bool hasValue = false; // false when the runtime sent null
};

// A small flat-object reader: the broker answers every check of the script, so this avoids a
// DOM per request. Returns false for anything that is not one flat JSON object with an id.
bool parseBrokerRequest(const char *data, qsizetype size, BrokerRequest *request);

QByteArray brokerResponse(qint64 id, bool allow, const QString &reason);

} // namespace Sandbench
