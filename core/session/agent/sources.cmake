# Agent sessions: what one client of the agent server did, as JSON Lines written as it happens.
target_sources(sandbench_core PRIVATE
    session/agent/agentsession.h session/agent/agentsession.cpp
    session/agent/agentsessionwriter.h session/agent/agentsessionwriter.cpp)
