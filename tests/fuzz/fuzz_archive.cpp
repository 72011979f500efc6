// Session files: libarchive plus our checks of names, types, sizes and digests, as each kind
// reads them: SessionFile::open (the manifest alone), an exec session (extracted) and a sandbox
// session (streamed, each payload then loaded from the file). Small limits keep each input
// fast; the bundle's folder goes with it.
#include "session/exec/execsession.h"
#include "session/sandbox/sandboxsession.h"
#include "session/sessionfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/sandbench-fuzz-archive-XXXXXX"));
    const QString path = dir.filePath(QStringLiteral("input.sbsession"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    file.write(reinterpret_cast<const char *>(data), qint64(size));
    file.close();
    Sandbench::ArchiveLimits limits;
    limits.maxEntries = 64;
    limits.maxEntryBytes = 1 << 20;
    limits.maxTotalBytes = 4 << 20;
    auto opened = Sandbench::SessionFile::open(path);
    (void)opened;
    auto bundle = Sandbench::ExecSession::read(path, limits);
    (void)bundle;
    if (auto session = Sandbench::SandboxSession::read(path, limits)) {
        for (qsizetype i = 0; i < session->steps.size(); ++i) {
            for (auto kind : {Sandbench::SandboxPayloadKind::Stdin, Sandbench::SandboxPayloadKind::Stdout,
                              Sandbench::SandboxPayloadKind::Stderr, Sandbench::SandboxPayloadKind::Data,
                              Sandbench::SandboxPayloadKind::Png}) {
                auto payload = session->load(i, kind, 1 << 20);
                (void)payload;
            }
        }
    }
    return 0;
}
