target_sources(sandbench_core PRIVATE
    session/pngimage.h session/pngimage.cpp
    session/replaypolicy.h session/replaypolicy.cpp
    session/replayreport.h session/replayreport.cpp
    session/sandboxreplay.h session/sandboxreplay.cpp
    session/sandboxreplayer.h session/sandboxreplayer.cpp
    session/sandboxsession.h session/sandboxsession.cpp
    session/sandboxsessionrecorder.h session/sandboxsessionrecorder.cpp
    session/runtimedigest.h session/runtimedigest.cpp
    session/sessionarchive.h session/sessionarchive.cpp
    session/sessionbundle.h session/sessionbundle.cpp
    session/sessionmanifest.h session/sessionmanifest.cpp
    session/sessionrecorder.h session/sessionrecorder.cpp
    session/sessionreplayer.h session/sessionreplayer.cpp)

# Bundles are tar+gzip archives written and read by libarchive (Debian: libarchive-dev).
find_package(PkgConfig REQUIRED)
pkg_check_modules(LibArchive REQUIRED IMPORTED_TARGET GLOBAL libarchive)
target_link_libraries(sandbench_core PRIVATE PkgConfig::LibArchive)

# Screenshots in sandbox sessions are compared pixel by pixel; zlib inflates their PNG data
# (Debian: zlib1g-dev).
find_package(ZLIB REQUIRED)
target_link_libraries(sandbench_core PRIVATE ZLIB::ZLIB)
