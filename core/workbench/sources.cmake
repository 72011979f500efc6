# The floor every front end stands on: runs, their history and sessions, the sandbox pool.
target_sources(sandbench_core PRIVATE
    workbench/runhistory.h workbench/runhistory.cpp
    workbench/sandboxproviders.h workbench/sandboxproviders.cpp
    workbench/workbench.h workbench/workbench.cpp)
