# Recorded HTTP(S) traffic of a session (the egress proxy's flows): kept redacted in the bundle
# by digest, checked as hostile input when read, and answered from on replay.
target_sources(sandbench_core PRIVATE
    session/traffic/recordedtraffic.h session/traffic/recordedtraffic.cpp
    session/traffic/replayedrequest.h session/traffic/replayedrequest.cpp
    session/traffic/trafficmatcher.h session/traffic/trafficmatcher.cpp)
