target_sources(sandbench_core PRIVATE
    common/error.h common/error.cpp
    common/result.h common/background.h common/staleguard.h
    common/filecopy.h common/filecopy.cpp
    common/terminaltext.h common/terminaltext.cpp
    common/boundedfile.h common/boundedfile.cpp
    common/helperprogram.h common/helperprogram.cpp
    common/privateroot.h common/privateroot.cpp
    common/startuptrace.h common/startuptrace.cpp
    common/runfile.h common/runfile.cpp
    common/signalwatcher.h common/signalwatcher.cpp
    common/expectedshim.h common/socketcopy.h)
