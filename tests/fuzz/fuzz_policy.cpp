// Policy files: strict parsing must be total (no crash, no hang) and agree with Qt's parser on
// what is well formed; a policy that parses writes out and reads back unchanged.
#include "policy/jsonlocator.h"
#include "policy/policyfile.h"

#include <QJsonDocument>

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    const Sandbench::JsonLocator locator(json);
    // Qt 6.4 reads only objects and arrays as documents.
    const QByteArray trimmed = json.trimmed();
    if (locator.error().isEmpty() && (trimmed.startsWith('{') || trimmed.startsWith('['))) {
        QJsonParseError error;
        QJsonDocument::fromJson(json, &error);
        // What the strict scanner accepts, Qt must accept too (the reverse need not hold:
        // duplicate keys, raw control characters).
        if (error.error != QJsonParseError::NoError && error.error != QJsonParseError::DeepNesting)
            std::abort();
    }
    auto policy = Sandbench::parsePolicy(json, QStringLiteral("fuzz.json"));
    if (policy) {
        Sandbench::PolicyParseOptions any;
        any.allowSensitiveRoots = true;
        auto again = Sandbench::parsePolicy(Sandbench::policyToJson(*policy), QStringLiteral("again.json"), any);
        if (!again || !(*again == *policy))
            std::abort();
    }
    return 0;
}
