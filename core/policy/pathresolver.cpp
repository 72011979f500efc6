#include "pathresolver.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace Sandbench {

namespace {

void popComponent(std::string &resolved)
{
    const auto slash = resolved.rfind('/');
    resolved.resize(slash == 0 || slash == std::string::npos ? 1 : slash);
}

void appendComponent(std::string &resolved, const std::string &component)
{
    if (resolved.size() > 1)
        resolved.push_back('/');
    resolved += component;
}

// Walks component by component so that a symlink in an existing prefix is followed even when
// the tail does not exist. Only a component that is truly absent (ENOENT) lets the rest be taken
// as written: anything else the kernel would refuse or resolve differently (more than 40 links,
// a name or path too long, no search permission, an unreadable link) ends the walk with "", so
// the caller denies rather than matching a lexical guess the runtime will not follow.
std::string walk(const std::string &absolute)
{
    std::vector<std::string> pending;
    auto pushComponents = [&pending](const std::string &path) {
        std::vector<std::string> parts;
        size_t start = 0;
        while (start <= path.size()) {
            const size_t end = path.find('/', start);
            const std::string part = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
            if (!part.empty() && part != ".")
                parts.push_back(part);
            if (end == std::string::npos)
                break;
            start = end + 1;
        }
        for (auto it = parts.rbegin(); it != parts.rend(); ++it)
            pending.push_back(*it);
    };
    pushComponents(absolute);
    std::string resolved = "/";
    int links = 0;
    bool missing = false;
    while (!pending.empty()) {
        const std::string component = pending.back();
        pending.pop_back();
        if (component == "..") {
            popComponent(resolved);
            continue;
        }
        std::string candidate = resolved;
        appendComponent(candidate, component);
        if (candidate.size() >= PATH_MAX || component.size() > NAME_MAX)
            return {};
        struct stat info {};
        if (missing) {
            resolved = candidate;
            continue;
        }
        if (::lstat(candidate.c_str(), &info) != 0) {
            if (errno != ENOENT)
                return {};
            missing = true;
            resolved = candidate;
            continue;
        }
        if (missing || !S_ISLNK(info.st_mode)) {
            if (!pending.empty() && !S_ISDIR(info.st_mode) && !S_ISLNK(info.st_mode))
                return {}; // ENOTDIR: nothing lies below a file
            resolved = candidate;
            continue;
        }
        {
            if (++links > 40)
                return {};
            char target[PATH_MAX];
            const ssize_t length = ::readlink(candidate.c_str(), target, sizeof target - 1);
            if (length <= 0)
                return {};
            const std::string link(target, size_t(length));
            // assign(1, '/') rather than = "/": GCC 12 at -O3 inlines the literal's copy into a
            // memcpy it cannot prove disjoint and warns (-Wrestrict), failing -Werror builds.
            if (!link.empty() && link.front() == '/')
                resolved.assign(1, '/');
            pushComponents(link);
        }
    }
    return resolved;
}

} // namespace

std::string resolvePath(const std::string &path, const std::string &base)
{
    std::string absolute = path;
    if (absolute.empty() || absolute.front() != '/') {
        std::string from = base;
        if (from.empty()) {
            char cwd[PATH_MAX];
            from = ::getcwd(cwd, sizeof cwd) ? cwd : "/";
        }
        absolute = from + "/" + path;
    }
    if (absolute.size() >= PATH_MAX)
        return {};
    // Fast path: an existing file resolves in one libc call.
    char buffer[PATH_MAX];
    if (::realpath(absolute.c_str(), buffer))
        return buffer;
    return errno == ENOENT ? walk(absolute) : std::string();
}

bool pathWithin(const std::string &path, const std::string &root)
{
    if (root == "/")
        return !path.empty() && path.front() == '/';
    if (path.size() < root.size() || path.compare(0, root.size(), root) != 0)
        return false;
    return path.size() == root.size() || path[root.size()] == '/';
}

} // namespace Sandbench
