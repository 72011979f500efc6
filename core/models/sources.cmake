target_sources(sandbench_core PRIVATE
    models/auditfilter.h models/auditfilter.cpp
    models/auditlogmodel.h models/auditlogmodel.cpp
    models/auditlogindexer.h models/auditlogindexer.cpp
    models/runhistorymodel.h models/runhistorymodel.cpp
    models/allowrule.h
    models/allowscope.h models/allowscope.cpp
    models/sandboxlistmodel.h models/sandboxlistmodel.cpp)
