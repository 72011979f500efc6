# Sandbox sessions: the calls made to one sandbox (exec, write, screenshot, input), recorded and
# replayed step by step in a fresh sandbox of the same image.
target_sources(sandbench_core PRIVATE
    session/sandbox/sandboxpayloads.h session/sandbox/sandboxpayloads.cpp
    session/sandbox/sandboxreplaycompare.h session/sandbox/sandboxreplaycompare.cpp
    session/sandbox/sandboxsession.h session/sandbox/sandboxsession.cpp
    session/sandbox/sandboxsessionrecorder.h session/sandbox/sandboxsessionrecorder.cpp
    session/sandbox/sandboxsessionreplayer.h session/sandbox/sandboxsessionreplayer.cpp
    session/sandbox/sandboxstep.h session/sandbox/sandboxstep.cpp
    session/sandbox/sandboxstepjson.h session/sandbox/sandboxstepjson.cpp)
