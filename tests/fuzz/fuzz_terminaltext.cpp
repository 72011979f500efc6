// The terminal filter and escaper: whatever comes in, nothing that drives a terminal goes out,
// and splitting the input anywhere gives the same bytes.
#include "common/terminaltext.h"

#include <cstdlib>

namespace {

bool drivesTerminal(const QByteArray &out)
{
    for (const char c : out) {
        const auto b = static_cast<unsigned char>(c);
        if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f)
            return true;
    }
    return out.contains("\xc2\x9b") || out.contains("\xe2\x80\xae");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    Sandbench::TerminalFilter whole;
    QByteArray once = whole.filter(bytes);
    once += whole.flush();
    if (drivesTerminal(once))
        std::abort();
    Sandbench::TerminalFilter split;
    QByteArray parts;
    const qsizetype cut = size > 0 ? qsizetype(data[0]) % (qsizetype(size) + 1) : 0;
    parts += split.filter(bytes.left(cut));
    parts += split.filter(bytes.mid(cut));
    parts += split.flush();
    if (parts != once)
        std::abort();
    const QString safe = Sandbench::terminalSafe(QString::fromUtf8(bytes));
    if (safe.contains(QLatin1Char('\n')) || drivesTerminal(safe.toUtf8()))
        std::abort();
    return 0;
}
