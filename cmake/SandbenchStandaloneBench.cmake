# What a bench under bench/ that builds on its own shares: C++23, Release unless asked, the
# project's warnings, and sandbench_core built from this tree (with placeholder Deno pins: a bench
# uses the Deno it is given). The caller's CMakeLists.txt keeps cmake_minimum_required() and
# project(), which CMake wants in the top-level file itself.
set(CMAKE_CXX_STANDARD 23)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_AUTOMOC ON)
if(NOT CMAKE_BUILD_TYPE)
    set(CMAKE_BUILD_TYPE Release)
endif()
set(SANDBENCH_DENO_VERSION "bench")
set(SANDBENCH_DENO_SHA256 "bench")
include(SandbenchWarnings)
include(GNUInstallDirs)
find_package(Qt6 6.4 REQUIRED COMPONENTS Core Network)
get_filename_component(_sandbench_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
add_subdirectory("${_sandbench_root}/core" core)
# The core names the paths of its helper programs at build time, so they are part of every build.
foreach(_helper launch inside probe)
    add_subdirectory("${_sandbench_root}/app/${_helper}" ${_helper})
endforeach()
