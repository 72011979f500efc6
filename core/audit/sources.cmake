target_sources(sandbench_core PRIVATE
    audit/auditevent.h audit/auditevent.cpp
    audit/auditwriter.h audit/auditwriter.cpp)
