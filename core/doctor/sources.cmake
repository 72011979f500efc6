target_sources(sandbench_core PRIVATE
    doctor/brokerprobe.h doctor/brokerprobe.cpp
    doctor/doctor.h doctor/doctor.cpp
    doctor/doctoroptions.h
    doctor/hostprobes.h doctor/hostprobes.cpp
    doctor/layercheck.h doctor/layercheck.cpp
    doctor/namespaceprobe.h doctor/namespaceprobe.cpp
    doctor/proberun.h doctor/proberun.cpp
    doctor/sandboxprobe.h doctor/sandboxprobe.cpp)
