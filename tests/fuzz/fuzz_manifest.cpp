// Session manifests: every field of every type, total; a manifest that reads writes out and
// reads back unchanged.
#include "session/exec/execsessionmanifest.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    auto manifest = Sandbench::ExecSessionManifest::fromJson(json, QStringLiteral("fuzz.sbsession"));
    if (manifest) {
        auto again = Sandbench::ExecSessionManifest::fromJson(manifest->toJson(), QStringLiteral("again"));
        if (!again)
            std::abort();
    }
    return 0;
}
