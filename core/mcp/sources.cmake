target_sources(sandbench_core PRIVATE
    # The session interface (its closed() signal needs moc).
    mcp/mcpsession.h
    # The Streamable HTTP transport.
    mcp/httprequestparser.h mcp/httprequestparser.cpp
    mcp/mcphttpconnection.h mcp/mcphttpconnection.cpp
    mcp/mcphttpserver.h mcp/mcphttpserver.cpp)
