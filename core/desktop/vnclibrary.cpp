#include "vnclibrary.h"

#include <dlfcn.h>

#include <mutex>

namespace Sandbench {

namespace {

// The soname of Debian's libvncclient1 (the package our .deb depends on by name, since no
// program of ours links it any more).
constexpr const char *libraryName = "libvncclient.so.1";

void silent(const char *, ...) {}

struct Loaded
{
    VncLibrary library;
    QString error;
    bool ok = false;
};

template<typename T>
bool resolve(void *handle, const char *name, T &to, QString &error)
{
    to = reinterpret_cast<T>(::dlsym(handle, name));
    if (!to && error.isEmpty())
        error = QStringLiteral("%1 has no %2").arg(QLatin1String(libraryName), QLatin1String(name));
    return to != nullptr;
}

Loaded load()
{
    Loaded loaded;
    // Never unloaded: a stream's thread may still be inside it at exit.
    void *handle = ::dlopen(libraryName, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        loaded.error = QStringLiteral("cannot load %1 (Debian package libvncclient1): %2")
                               .arg(QLatin1String(libraryName), QString::fromLocal8Bit(::dlerror()));
        return loaded;
    }
    VncLibrary &l = loaded.library;
    QString &e = loaded.error;
    rfbClientLogProc *logSink = nullptr;
    rfbClientLogProc *errorSink = nullptr;
    // Every name is looked up, the first missing one named.
    bool all = true;
    all = resolve(handle, "rfbGetClient", l.getClient, e) && all;
    all = resolve(handle, "rfbClientCleanup", l.clientCleanup, e) && all;
    all = resolve(handle, "rfbClientSetClientData", l.setClientData, e) && all;
    all = resolve(handle, "rfbClientGetClientData", l.getClientData, e) && all;
    all = resolve(handle, "InitialiseRFBConnection", l.initialiseConnection, e) && all;
    all = resolve(handle, "SetFormatAndEncodings", l.setFormatAndEncodings, e) && all;
    all = resolve(handle, "SendFramebufferUpdateRequest", l.sendUpdateRequest, e) && all;
    all = resolve(handle, "SendKeyEvent", l.sendKeyEvent, e) && all;
    all = resolve(handle, "SendPointerEvent", l.sendPointerEvent, e) && all;
    all = resolve(handle, "HandleRFBServerMessage", l.handleServerMessage, e) && all;
    all = resolve(handle, "rfbClientLog", logSink, e) && all;
    all = resolve(handle, "rfbClientErr", errorSink, e) && all;
    if (!all)
        return loaded;
    // libvncclient logs to stderr through these two globals.
    *logSink = silent;
    *errorSink = silent;
    loaded.ok = true;
    return loaded;
}

} // namespace

const VncLibrary *vncLibrary(QString *error)
{
    static std::once_flag once;
    static Loaded loaded;
    std::call_once(once, [] { loaded = load(); });
    if (!loaded.ok) {
        if (error)
            *error = loaded.error;
        return nullptr;
    }
    return &loaded.library;
}

} // namespace Sandbench
