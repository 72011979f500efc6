# The include rules of docs/ARCHITECTURE.md, checked on every test run:
#   - no file under ui/ or app/ includes a provider's header (core/sandbox/docker/) or core/net;
#   - nothing in core/ below core/workbench includes it (core/models may: it adapts its store);
#   - nothing in core/ but core/mcp itself includes core/mcp (the agent server);
#   - core/doctor (the self-test) stands below the Workbench and reaches sandboxes only through
#     the provider interface: it includes neither core/workbench nor a provider's header;
#   - core/ includes no QtGui or QtWidgets header;
#   - no source file passes 600 lines.
# Run as: cmake -DROOT=<source dir> -P checklayers.cmake
cmake_policy(SET CMP0007 NEW)
set(failures "")
function(check_files glob regex message)
    file(GLOB_RECURSE files "${ROOT}/${glob}")
    foreach(file IN LISTS files)
        file(STRINGS "${file}" hits REGEX "${regex}")
        if(hits)
            file(RELATIVE_PATH rel "${ROOT}" "${file}")
            set(failures "${failures}${rel}: ${message}: ${hits}\n" PARENT_SCOPE)
        endif()
    endforeach()
endfunction()

foreach(dir ui app)
    check_files("${dir}/*.cpp" "#include \"sandbox/docker/" "a front end includes a provider")
    check_files("${dir}/*.h" "#include \"sandbox/docker/" "a front end includes a provider")
    # The egress proxy (core/net) is the provider's to ask for; front ends reach it through the pool.
    check_files("${dir}/*.cpp" "#include \"net/" "a front end includes core/net")
    check_files("${dir}/*.h" "#include \"net/" "a front end includes core/net")
endforeach()
foreach(layer common policy audit net exec sandbox session doctor approvals)
    check_files("core/${layer}/*.cpp" "#include \"workbench/" "a layer below the Workbench includes it")
    check_files("core/${layer}/*.h" "#include \"workbench/" "a layer below the Workbench includes it")
endforeach()
check_files("core/doctor/*.cpp" "#include \"sandbox/docker/" "the self-test includes a provider")
check_files("core/doctor/*.h" "#include \"sandbox/docker/" "the self-test includes a provider")
# The agent server is a front end in core: it stands on the Workbench, and nothing stands on it.
foreach(layer common policy audit net exec sandbox session doctor approvals workbench models)
    check_files("core/${layer}/*.cpp" "#include \"mcp/" "a layer below the agent server includes it")
    check_files("core/${layer}/*.h" "#include \"mcp/" "a layer below the agent server includes it")
endforeach()
check_files("core/*.h" "#include <Qt(Gui|Widgets)|#include <Q(Widget|Painter|Image|Pixmap|Color|Font)>" "core includes QtGui or QtWidgets")
check_files("core/*.cpp" "#include <Qt(Gui|Widgets)|#include <Q(Widget|Painter|Image|Pixmap|Color|Font)>" "core includes QtGui or QtWidgets")

foreach(dir core ui app)
    file(GLOB_RECURSE sources "${ROOT}/${dir}/*.cpp" "${ROOT}/${dir}/*.h")
    foreach(file IN LISTS sources)
        file(STRINGS "${file}" lines)
        list(LENGTH lines count)
        if(count GREATER 600)
            file(RELATIVE_PATH rel "${ROOT}" "${file}")
            set(failures "${failures}${rel}: ${count} lines (split it: the limit is 600)\n")
        endif()
    endforeach()
endforeach()

if(failures)
    message(FATAL_ERROR "The layer rules of docs/ARCHITECTURE.md are broken:\n${failures}")
endif()
message(STATUS "layer rules hold")
