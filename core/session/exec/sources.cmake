# Exec sessions: one run of the exec engine, recorded and replayed offline from the bundle alone.
target_sources(sandbench_core PRIVATE
    session/exec/execreplaypolicy.h session/exec/execreplaypolicy.cpp
    session/exec/execsession.h session/exec/execsession.cpp
    session/exec/execsessionmanifest.h session/exec/execsessionmanifest.cpp
    session/exec/execsessionrecorder.h session/exec/execsessionrecorder.cpp
    session/exec/execsessionreplayer.h session/exec/execsessionreplayer.cpp
    session/exec/exectraffic.h session/exec/exectraffic.cpp
    session/exec/runtimedigest.h session/exec/runtimedigest.cpp)
