#pragma once

#include "audit/auditevent.h"
#include "common/result.h"

#include <QString>

namespace Sandbench {

// Appends audit lines to a file, each one written with its own write(2) as it is decided, so a
// crash or a kill loses no decision that was answered.
class AuditWriter
{
public:
    AuditWriter() = default;
    ~AuditWriter();
    AuditWriter(const AuditWriter &) = delete;
    AuditWriter &operator=(const AuditWriter &) = delete;

    VoidResult open(const QString &path);
    bool isOpen() const { return m_fd >= 0; }
    // False when the line could not be written whole (disk full, file gone).
    bool write(const AuditEvent &event);
    void close();

private:
    int m_fd = -1;
};

} // namespace Sandbench
