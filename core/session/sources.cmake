# What both session kinds share: the archive reader and writer, opening a file of either kind,
# the replayer interface and its report, and PNG decoding.
target_sources(sandbench_core PRIVATE
    session/pngimage.h session/pngimage.cpp
    session/recordeddecisions.h session/recordeddecisions.cpp
    session/replaynote.h session/replaynote.cpp
    session/replayreport.h session/replayreport.cpp
    session/replayvalues.h session/replayvalues.cpp
    session/sessionarchive.h session/sessionarchive.cpp
    session/sessionfile.h session/sessionfile.cpp
    session/sessionreplayer.h session/sessionreplayer.cpp)
include(${CMAKE_CURRENT_LIST_DIR}/exec/sources.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/sandbox/sources.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/traffic/sources.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/agent/sources.cmake)

# Bundles are tar+gzip archives written and read by libarchive (Debian: libarchive-dev).
find_package(PkgConfig REQUIRED)
pkg_check_modules(LibArchive REQUIRED IMPORTED_TARGET GLOBAL libarchive)
target_link_libraries(sandbench_core PRIVATE PkgConfig::LibArchive)

# Screenshots in sandbox sessions are compared pixel by pixel; zlib inflates their PNG data
# (Debian: zlib1g-dev).
find_package(ZLIB REQUIRED)
target_link_libraries(sandbench_core PRIVATE ZLIB::ZLIB)
