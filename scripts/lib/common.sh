# shellcheck shell=bash
# Shared by scripts/setup, scripts/run and scripts/test: where the non-Debian dependencies live,
# the pinned versions and hashes, and the cheap "is setup needed?" check.
#
# Source it from bash; it defines variables and functions only (no side effects besides
# exporting SANDBENCH_PREFIX).
# shellcheck disable=SC2034  # the variables are used by the scripts that source this file

# Everything that does not come from Debian goes under one prefix. CMake reads the same
# variable with the same default (cmake/SandbenchSyntaxHighlighting.cmake).
export SANDBENCH_PREFIX="${SANDBENCH_PREFIX:-/opt/sandbench}"

SB_SCRIPTS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SB_SOURCE_DIR="$(cd "$SB_SCRIPTS_DIR/.." && pwd)"

# Pinned Deno: the npm package deno@VERSION carries the binary in @deno/linux-x64-glibc.
SB_DENO_VERSION="2.9.6"
SB_DENO_SHA256="bceb5b6a6239b0b010418406d8c77a508f67cf4337d94288f1c19fe71304aab0"
SB_DENO_BIN="$SANDBENCH_PREFIX/bin/deno"
SB_DENO_NPM_DIR="$SANDBENCH_PREFIX/deno-npm"
SB_DENO_NPM_BIN="$SB_DENO_NPM_DIR/node_modules/@deno/linux-x64-glibc/deno"

# KSyntaxHighlighting 5.116 (KF5's last release, builds against Qt 6), from Debian trixie's
# source package, installed under its own prefix because its file names clash with Debian's
# Qt 5 build.
SB_KSH_VERSION="5.116.0"
SB_KSH_ORIG="ksyntax-highlighting_${SB_KSH_VERSION}.orig.tar.xz"
SB_KSH_SHA256="6f8ccacebd0dc9ce050b2b23b715750c97938b3336fbbb80967920cb8c1dfaa7"
SB_KSH_PREFIX="$SANDBENCH_PREFIX/ksh"

# The official TypeScript MCP client, for the agent server's tests and benchmark: installed with
# npm ci from the package.json and package-lock.json in tests/mcp/client (which pin it and every
# dependency by version and integrity hash), a copy of both kept beside node_modules.
SB_MCP_SDK_VERSION="1.32.2"
SB_MCP_CLIENT_SRC="$SB_SOURCE_DIR/tests/mcp/client"
SB_MCP_CLIENT_DIR="$SANDBENCH_PREFIX/mcp-client"
SB_MCP_SDK_PACKAGE_JSON="$SB_MCP_CLIENT_DIR/node_modules/@modelcontextprotocol/sdk/package.json"

SB_STAMP="$SANDBENCH_PREFIX/setup.stamp"

# Debian packages scripts/setup installs (nodejs/npm only when npm is not on PATH;
# qt6-translations-l10n only where the archive has it). ccache lets the four builds of scripts/test
# and a later clean clone reuse what one of them compiled.
SB_DEBIAN_PACKAGES=(
    qt6-base-dev qt6-webengine-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
    cmake ninja-build g++ xvfb xauth extra-cmake-modules curl ca-certificates
    fonts-dejavu-core fonts-noto-cjk fonts-freefont-ttf docker.io debootstrap bubblewrap jq xz-utils dpkg-dev
    file git libarchive-dev zlib1g-dev pkg-config clang libclang-rt-14-dev ccache mitmproxy libvncserver-dev
)
SB_DEBIAN_OPTIONAL_PACKAGES=(qt6-translations-l10n)

SB_QUIET="${SB_QUIET:-0}"

sb_log() {
    [[ "$SB_QUIET" == 1 ]] || printf 'setup: %s\n' "$*"
}

sb_warn() {
    printf 'setup: warning: %s\n' "$*" >&2
}

sb_die() {
    printf 'setup: error: %s\n' "$*" >&2
    exit 1
}

# sha256 of one file, or nothing when it does not exist.
sb_sha256() {
    [[ -f "$1" ]] || return 0
    sha256sum "$1" | awk '{print $1}'
}

# The stamp's identity: the setup script and this library (which holds the pins).
sb_setup_hash() {
    cat "$SB_SCRIPTS_DIR/setup" "$SB_SCRIPTS_DIR/lib/common.sh" | sha256sum | awk '{print $1}'
}

# Prints the packages of the given list that are not installed.
sb_missing_debian_packages() {
    (($# > 0)) || return 0
    local status
    status="$(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null || true)"
    local p
    for p in "$@"; do
        grep -qx "$p install ok installed" <<<"$status" || printf '%s\n' "$p"
    done
}

# Whether $SB_MCP_CLIENT_DIR holds the client the repository pins: the same lockfile, and the
# SDK's own package.json saying the pinned version. Cheap: two small files read.
sb_mcp_client_current() {
    [[ -f "$SB_MCP_SDK_PACKAGE_JSON" ]] || return 1
    cmp -s "$SB_MCP_CLIENT_SRC/package-lock.json" "$SB_MCP_CLIENT_DIR/package-lock.json" || return 1
    cmp -s "$SB_MCP_CLIENT_SRC/package.json" "$SB_MCP_CLIENT_DIR/package.json" || return 1
    [[ "$(jq -r .version "$SB_MCP_SDK_PACKAGE_JSON" 2>/dev/null)" == "$SB_MCP_SDK_VERSION" ]]
}

# The KF5SyntaxHighlightingConfig.cmake of our own build, wherever its lib dir is.
sb_ksh_config() {
    [[ -d "$SB_KSH_PREFIX" ]] || return 0
    find "$SB_KSH_PREFIX" -path '*/cmake/KF5SyntaxHighlighting/KF5SyntaxHighlightingConfig.cmake' \
        -print -quit 2>/dev/null
}

# A system-wide KF6SyntaxHighlighting CMake package (CMake prefers it over our build).
sb_kf6_config() {
    local f
    for f in /usr/lib/*/cmake/KF6SyntaxHighlighting/KF6SyntaxHighlightingConfig.cmake \
             /usr/lib/cmake/KF6SyntaxHighlighting/KF6SyntaxHighlightingConfig.cmake \
             /usr/local/lib/*/cmake/KF6SyntaxHighlighting/KF6SyntaxHighlightingConfig.cmake \
             /usr/local/lib/cmake/KF6SyntaxHighlighting/KF6SyntaxHighlightingConfig.cmake \
             /usr/share/cmake/KF6SyntaxHighlighting/KF6SyntaxHighlightingConfig.cmake; do
        if [[ -f "$f" ]]; then
            printf '%s\n' "$f"
            return 0
        fi
    done
}

# Cheap check (no hashing of big files): prints what is missing, returns 0 when nothing is.
sb_setup_check() {
    local missing=0 line
    if [[ ! -f "$SB_STAMP" ]]; then
        echo "setup: missing: $SB_STAMP (scripts/setup has not completed)"
        missing=1
    elif [[ "$(sed -n 's/^setup-sha256=//p' "$SB_STAMP")" != "$(sb_setup_hash)" ]]; then
        echo "setup: stale: $SB_STAMP (scripts/setup changed since it last ran)"
        missing=1
    fi
    if [[ ! -x "$SB_DENO_BIN" ]]; then
        echo "setup: missing: $SB_DENO_BIN (Deno $SB_DENO_VERSION)"
        missing=1
    fi
    if [[ ! -f "$SB_MCP_SDK_PACKAGE_JSON" ]]; then
        echo "setup: missing: $SB_MCP_CLIENT_DIR (@modelcontextprotocol/sdk $SB_MCP_SDK_VERSION)"
        missing=1
    elif ! sb_mcp_client_current; then
        echo "setup: stale: $SB_MCP_CLIENT_DIR (not the client tests/mcp/client/package-lock.json pins)"
        missing=1
    fi
    if ! command -v node >/dev/null 2>&1; then
        echo "setup: missing: node (Node.js, for the MCP client tests)"
        missing=1
    fi
    if [[ -z "$(sb_ksh_config)" && -z "$(sb_kf6_config)" ]]; then
        echo "setup: missing: KSyntaxHighlighting for Qt 6 (neither $SB_KSH_PREFIX nor a system KF6SyntaxHighlighting)"
        missing=1
    fi
    while IFS= read -r line; do
        [[ -n "$line" ]] || continue
        echo "setup: missing: Debian package $line"
        missing=1
    done < <(sb_missing_debian_packages "${SB_DEBIAN_PACKAGES[@]}")
    return "$missing"
}

# The URI of the Debian archive this machine already uses (its main suite, not -security),
# so that the trixie deb-src entry goes to the same mirror. Nothing is hard-coded here.
debian_mirror_uri() {
    local codename='^(bookworm|trixie|forky|sid|stable|testing|unstable|oldstable)$'
    local f=/etc/apt/sources.list.d/debian.sources
    if [[ -r "$f" ]]; then
        awk -v want="$codename" '
            BEGIN { RS = ""; FS = "\n" }
            {
                types = ""; uris = ""; suites = ""; enabled = "yes"
                for (i = 1; i <= NF; i++) {
                    line = $i
                    if (line ~ /^[ \t]*#/ || line ~ /^[ \t]/) continue
                    n = index(line, ":"); if (n == 0) continue
                    key = tolower(substr(line, 1, n - 1)); val = substr(line, n + 1)
                    gsub(/^[ \t]+|[ \t]+$/, "", val)
                    if (key == "types") types = val
                    else if (key == "uris") uris = val
                    else if (key == "suites") suites = val
                    else if (key == "enabled") enabled = tolower(val)
                }
                if (enabled == "no" || uris == "" || (" " types " ") !~ / deb(-src)? /) next
                ns = split(suites, s, /[ \t]+/)
                for (j = 1; j <= ns; j++) if (s[j] ~ want) { split(uris, u, /[ \t]+/); print u[1]; exit }
            }' "$f"
        return 0
    fi
    f=/etc/apt/sources.list
    [[ -r "$f" ]] || return 0
    awk -v want="$codename" '
        $1 == "deb" || $1 == "deb-src" {
            i = 2
            if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
            if ((i + 1) <= NF && $(i + 1) ~ want) { print $i; exit }
        }' "$f"
}
