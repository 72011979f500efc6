target_sources(sandbench_core PRIVATE
    sandbox/sandboxtypes.h sandbox/sandboxtypes.cpp
    sandbox/sandboxoperation.h sandbox/sandboxoperation.cpp
    sandbox/sandboxvalidation.h sandbox/sandboxvalidation.cpp
    sandbox/sandboxenventry.h sandbox/sandboxenventry.cpp
    sandbox/sandboxsecret.h sandbox/sandboxsecret.cpp
    sandbox/sandboxscripts.h sandbox/sandboxscripts.cpp
    sandbox/sandboxsnapshot.h sandbox/sandboxsnapshot.cpp
    sandbox/sandboxprovider.h sandbox/sandboxprovider.cpp
    sandbox/sandbox.h sandbox/sandbox.cpp
    sandbox/desktop.h sandbox/desktop.cpp
    desktop/vncclient.h desktop/vncclient.cpp
    desktop/vnclibrary.h desktop/vnclibrary.cpp
    desktop/desktopstream.h desktop/desktopstream.cpp
    desktop/vnckeys.h desktop/vnckeys.cpp
    sandbox/sandboxpool.h sandbox/sandboxpool.cpp sandbox/sandboxpoolsnapshot.cpp
    sandbox/poolreleaser.h sandbox/poolreleaser.cpp
    sandbox/warmpool.h sandbox/warmpool.cpp
    sandbox/sandboxconformance.h sandbox/sandboxconformance.cpp
    sandbox/docker/dockerhttp.h sandbox/docker/dockerhttp.cpp
    sandbox/docker/dockerengine.h sandbox/docker/dockerengine.cpp
    sandbox/docker/dockerstreamdecoder.h sandbox/docker/dockerstreamdecoder.cpp
    sandbox/docker/dockerexec.h sandbox/docker/dockerexec.cpp
    sandbox/docker/dockerbackend.h sandbox/docker/dockerbackend.cpp sandbox/docker/dockerwarm.cpp
    sandbox/docker/dockerfreezer.h sandbox/docker/dockerfreezer.cpp
    sandbox/docker/dockerhostcutoff.h sandbox/docker/dockerhostcutoff.cpp
    sandbox/docker/dockerlockdown.h sandbox/docker/dockerlockdown.cpp
    sandbox/docker/dockerprovider.h sandbox/docker/dockerprovider.cpp
    sandbox/docker/dockerprovidernetwork.cpp
    sandbox/docker/dockerproviderowners.cpp
    sandbox/docker/dockersnapshot.cpp)
