#pragma once

#include <rfb/rfbclient.h>

#include <QString>

namespace Sandbench {

// libvncclient, loaded when the first desktop stream opens instead of when the program starts.
// Linked, it and what it needs (GnuTLS, libgcrypt, SASL, libjpeg, LZO, with their start-up
// code) cost every start of the CLI and the window: `sandbench-cli --help` took 9.7 ms linked
// against 7.0 ms without, and a one-shot run that never opens a desktop paid it too
// (bench/README.md, "The cgroup join, libvncclient on demand, ..."). Each entry has
// the type of the function libvncclient's own header declares, so a call through it is checked
// as a direct call is.
struct VncLibrary
{
    decltype(&::rfbGetClient) getClient = nullptr;
    decltype(&::rfbClientCleanup) clientCleanup = nullptr;
    decltype(&::rfbClientSetClientData) setClientData = nullptr;
    decltype(&::rfbClientGetClientData) getClientData = nullptr;
    decltype(&::InitialiseRFBConnection) initialiseConnection = nullptr;
    decltype(&::SetFormatAndEncodings) setFormatAndEncodings = nullptr;
    decltype(&::SendFramebufferUpdateRequest) sendUpdateRequest = nullptr;
    decltype(&::SendKeyEvent) sendKeyEvent = nullptr;
    decltype(&::SendPointerEvent) sendPointerEvent = nullptr;
    decltype(&::HandleRFBServerMessage) handleServerMessage = nullptr;
};

// The library, loaded once per process (thread-safe), its logging silenced (the client reports
// failures itself); nullptr when it cannot be loaded, and then `error` says why.
const VncLibrary *vncLibrary(QString *error);

} // namespace Sandbench
