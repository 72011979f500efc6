target_sources(sandbench_core PRIVATE
    exec/brokerprotocol.h exec/brokerprotocol.cpp
    exec/execengine.h exec/execengine.cpp
    exec/execrequest.h
    exec/execresult.h exec/execresult.cpp
    exec/execrun.h exec/execrun.cpp exec/execrunwarm.cpp
    exec/importlexer.h exec/importlexer.cpp
    exec/modulegraph.h exec/modulegraph.cpp
    exec/mounttable.h exec/mounttable.cpp
    exec/namespaceargs.h exec/namespaceargs.cpp
    exec/nodecodecache.h exec/nodecodecache.cpp
    exec/outputcapture.h exec/outputcapture.cpp
    exec/packagespec.h exec/packagespec.cpp
    exec/permissionbroker.h exec/permissionbroker.cpp
    exec/preloadscript.h exec/preloadscript.cpp
    exec/preparedrun.h exec/preparedrun.cpp
    exec/processgroup.h exec/processgroup.cpp
    exec/runasker.h exec/runasker.cpp
    exec/runlimits.h exec/runlimits.cpp
    exec/runsecrets.h exec/runsecrets.cpp
    exec/seededrandom.h exec/seededrandom.cpp
    exec/runtimelocator.h exec/runtimelocator.cpp
    exec/stderrrewriter.h exec/stderrrewriter.cpp
    exec/symlinkscan.h exec/symlinkscan.cpp
    exec/warmstart.h exec/warmstart.cpp)
