# The agent server (sandbench-cli mcp): MCP over stdio and HTTP, on the Workbench.
target_sources(sandbench_core PRIVATE
    mcp/jsonrpc.h mcp/jsonrpc.cpp
    mcp/toolschema.h mcp/toolschema.cpp
    mcp/toolcatalogue.h mcp/toolcatalogue.cpp
    mcp/toolresult.h mcp/toolresult.cpp
    mcp/approvalrules.h mcp/approvalrules.cpp
    mcp/coderunresult.h mcp/coderunresult.cpp
    mcp/sandboxtoolcall.h mcp/sandboxtoolcall.cpp
    mcp/sessionworkdir.h mcp/sessionworkdir.cpp
    # The session interface (its closed() signal needs moc) and the server's one.
    mcp/mcpsession.h
    mcp/mcpclientsession.h mcp/mcpclientsession.cpp mcp/mcpclientapproval.cpp
    mcp/mcpserver.h mcp/mcpserver.cpp
    mcp/agentsessionreplayer.h mcp/agentsessionreplayer.cpp
    # The transports: stdio, and Streamable HTTP on loopback.
    mcp/mcpstdio.h mcp/mcpstdio.cpp
    mcp/httprequestparser.h mcp/httprequestparser.cpp
    mcp/mcphttpconnection.h mcp/mcphttpconnection.cpp
    mcp/mcphttpserver.h mcp/mcphttpserver.cpp)
