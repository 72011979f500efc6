target_sources(sandbench_core PRIVATE
    policy/policy.h policy/policy.cpp
    policy/policyfile.h policy/policyfile.cpp
    policy/jsonlocator.h policy/jsonlocator.cpp
    policy/envnames.h policy/envnames.cpp
    policy/policymatcher.h policy/policymatcher.cpp
    policy/netrule.h policy/netrule.cpp
    policy/pathresolver.h policy/pathresolver.cpp)
