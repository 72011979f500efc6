# KSyntaxHighlighting for Qt 6: a real KF6 package when the distribution has one, else the
# KF5 5.116 build against Qt 6 that scripts/setup installs under its own prefix (Debian 12 only
# packages it for Qt 5). Both end up behind one alias target.
find_package(KF6SyntaxHighlighting QUIET)
if(TARGET KF6::SyntaxHighlighting)
    add_library(Sandbench::SyntaxHighlighting ALIAS KF6::SyntaxHighlighting)
    return()
endif()
set(SANDBENCH_KSH_PREFIX "$ENV{SANDBENCH_PREFIX}" CACHE PATH "Prefix of the KSyntaxHighlighting build for Qt 6")
if(NOT SANDBENCH_KSH_PREFIX)
    set(SANDBENCH_KSH_PREFIX "/opt/sandbench-deps")
endif()
find_package(KF5SyntaxHighlighting 5.116 REQUIRED CONFIG PATHS "${SANDBENCH_KSH_PREFIX}" NO_DEFAULT_PATH)
add_library(Sandbench::SyntaxHighlighting ALIAS KF5::SyntaxHighlighting)
