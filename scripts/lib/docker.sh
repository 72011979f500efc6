# shellcheck shell=bash
# The Docker engine the sandbox pool talks to. Source it from bash; it defines functions only.
#
#   sandbench_docker_start        Make sure an engine answers and export DOCKER_HOST for it:
#                                 reuse $DOCKER_HOST when it answers, else the system engine on
#                                 /var/run/docker.sock when it answers (only one dockerd can own
#                                 docker0), else our own engine on $SANDBENCH_DOCKER_SOCK when it
#                                 answers, else start a private dockerd there. Returns non-zero
#                                 with the log tail when it cannot.
#   sandbench_docker_stop         Stop the private dockerd that sandbench_docker_start started
#                                 (SIGTERM to its pid, wait). Leaves engines it did not start.
#   sandbench_docker_start_at DIR SOCK [DOCKERD ARGS...]
#                                 Start a dockerd with its data root, exec root, pid file and log
#                                 under DIR, listening on unix socket SOCK, and wait until it
#                                 answers. Used for a second, throw-away engine (tests pass
#                                 --bridge=none --iptables=false). It runs in its own network
#                                 namespace: a dockerd with --bridge=none deletes the host's
#                                 docker0 at start, which would cut the first engine's bridge.
#   sandbench_docker_stop_at DIR  Stop the dockerd started by sandbench_docker_start_at DIR.
#   sandbench_docker_ping SOCK    0 when the engine on unix socket SOCK answers /_ping.
#   sandbench_docker_socket       The socket path of $DOCKER_HOST (unix:// only), or nothing.
#
# Defaults live under ${SANDBENCH_STATE:-/var/lib/sandbench}; the exec root and the socket are
# short paths under /run because unix socket paths are limited to 107 bytes and containerd puts
# its own sockets below the exec root.

SANDBENCH_STATE="${SANDBENCH_STATE:-/var/lib/sandbench}"
SANDBENCH_DOCKER_SOCK="${SANDBENCH_DOCKER_SOCK:-/run/sandbench-docker.sock}"
SANDBENCH_DOCKER_EXEC_ROOT="${SANDBENCH_DOCKER_EXEC_ROOT:-/run/sandbench-docker}"

sandbench_docker_ping() {
    [[ -S "$1" ]] && curl -sf --max-time 3 --unix-socket "$1" http://localhost/_ping >/dev/null 2>&1
}

sandbench_docker_socket() {
    case "${DOCKER_HOST:-}" in
    unix://*) printf '%s\n' "${DOCKER_HOST#unix://}" ;;
    esac
}

# Internal: start dockerd with the given roots and wait for it (at most ~30 s).
_sandbench_dockerd() {
    local data_root="$1" exec_root="$2" pidfile="$3" sock="$4" log="$5" netns="$6"
    shift 6
    local wrap=()
    [[ "$netns" == own ]] && wrap=(unshare --net)
    if ! command -v dockerd >/dev/null 2>&1; then
        echo "docker: dockerd is not installed (apt-get install docker.io)" >&2
        return 1
    fi
    mkdir -p "$data_root" "$exec_root" "$(dirname "$pidfile")" "$(dirname "$sock")" "$(dirname "$log")"
    # A pid file left by a dockerd that died makes the next one refuse to start.
    if [[ -f "$pidfile" ]] && ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
        rm -f "$pidfile"
    fi
    rm -f "$sock"
    # setsid: the engine must outlive the shell that started it and not get its Ctrl-C.
    setsid "${wrap[@]}" dockerd --data-root "$data_root" --exec-root "$exec_root" --pidfile "$pidfile" \
        -H "unix://$sock" "$@" >"$log" 2>&1 </dev/null &
    local pid=$! i
    for ((i = 0; i < 150; i++)); do
        if sandbench_docker_ping "$sock"; then
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            break
        fi
        sleep 0.2
    done
    echo "docker: dockerd did not answer on $sock; the end of $log:" >&2
    tail -n 20 "$log" >&2
    kill "$pid" 2>/dev/null
    return 1
}

# Internal: SIGTERM the dockerd of a pid file and wait for it (at most ~20 s, then SIGKILL).
_sandbench_dockerd_stop() {
    local pidfile="$1" pid i
    [[ -f "$pidfile" ]] || return 0
    pid="$(cat "$pidfile")"
    if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        for ((i = 0; i < 100; i++)); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.2
        done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    fi
    rm -f "$pidfile"
}

sandbench_docker_start() {
    local sock
    sock="$(sandbench_docker_socket)"
    if [[ -n "$sock" ]] && sandbench_docker_ping "$sock"; then
        return 0
    fi
    if [[ -n "${DOCKER_HOST:-}" && -z "$sock" ]]; then
        echo "docker: DOCKER_HOST=$DOCKER_HOST is not a unix socket; Sandbench only uses a local engine" >&2
        return 1
    fi
    if sandbench_docker_ping /var/run/docker.sock; then
        export DOCKER_HOST=unix:///var/run/docker.sock
        return 0
    fi
    export DOCKER_HOST="unix://$SANDBENCH_DOCKER_SOCK"
    if sandbench_docker_ping "$SANDBENCH_DOCKER_SOCK"; then
        return 0
    fi
    _sandbench_dockerd "$SANDBENCH_STATE/docker" "$SANDBENCH_DOCKER_EXEC_ROOT" \
        "$SANDBENCH_DOCKER_EXEC_ROOT.pid" "$SANDBENCH_DOCKER_SOCK" "$SANDBENCH_STATE/dockerd.log" host
}

sandbench_docker_stop() {
    _sandbench_dockerd_stop "$SANDBENCH_DOCKER_EXEC_ROOT.pid"
}

sandbench_docker_start_at() {
    local dir="$1" sock="$2"
    shift 2
    _sandbench_dockerd "$dir/data" "$dir/exec" "$dir/dockerd.pid" "$sock" "$dir/dockerd.log" own "$@"
}

sandbench_docker_stop_at() {
    _sandbench_dockerd_stop "$1/dockerd.pid"
}
