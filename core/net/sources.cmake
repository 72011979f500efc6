target_sources(sandbench_core PRIVATE
    net/egressallowlist.h net/egressallowlist.cpp
    net/squidconfig.h net/squidconfig.cpp
    net/egressproxy.h net/egressproxy.cpp
    net/secretproxyconfig.h net/secretproxyconfig.cpp
    net/hostportrelay.h net/hostportrelay.cpp
    net/hostsecretproxy.h net/hostsecretproxy.cpp
    net/trafficproxyconfig.h net/trafficproxyconfig.cpp)
