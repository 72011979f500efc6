# KSyntaxHighlighting for Qt 6: a real KF6 package when the distribution has one, else the
# KF5 5.116 build against Qt 6 that scripts/setup installs under its own prefix (Debian 12 only
# packages it for Qt 5). Both end up behind one alias target.
find_package(KF6SyntaxHighlighting QUIET)
if(TARGET KF6::SyntaxHighlighting)
    add_library(Sandbench::SyntaxHighlighting ALIAS KF6::SyntaxHighlighting)
    return()
endif()
set(SANDBENCH_PREFIX "$ENV{SANDBENCH_PREFIX}" CACHE PATH "Prefix of what scripts/setup installs")
if(NOT SANDBENCH_PREFIX)
    set(SANDBENCH_PREFIX "/opt/sandbench" CACHE PATH "Prefix of what scripts/setup installs" FORCE)
endif()
find_package(KF5SyntaxHighlighting 5.116 REQUIRED CONFIG PATHS "${SANDBENCH_PREFIX}/ksh" NO_DEFAULT_PATH)
add_library(Sandbench::SyntaxHighlighting ALIAS KF5::SyntaxHighlighting)
