# Approvals: calls held for a person, the owner-only approver socket, the decisions.
target_sources(sandbench_core PRIVATE
    approvals/approvaltypes.h approvals/approvaltypes.cpp
    approvals/approvalfolder.h approvals/approvalfolder.cpp
    approvals/approvalbroker.h approvals/approvalbroker.cpp
    approvals/approvalclient.h approvals/approvalclient.cpp
    approvals/approvalwatcher.h approvals/approvalwatcher.cpp)
