# Warnings every target of ours gets; SANDBENCH_WERROR (the dev preset, CI) makes them fatal.
add_library(sandbench_warnings INTERFACE)
target_compile_options(sandbench_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
    -Wimplicit-fallthrough
    $<$<BOOL:${SANDBENCH_WERROR}>:-Werror>)
target_compile_definitions(sandbench_warnings INTERFACE
    QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_URL_CAST_FROM_STRING QT_NO_NARROWING_CONVERSIONS_IN_CONNECT)
