#pragma once

#include "common/result.h"

#include <functional>
#include <memory>

namespace Sandbench {

class SandboxProvider;

// Makes the provider sandboxes run on. The Workbench asks it once for its pool and once more for
// listing and removing sandboxes of every process (orphans included); a front end never builds a
// provider itself. Another engine (gVisor, a VM) plugs in here: a factory that returns its
// provider, and nothing above the Workbench changes.
using SandboxProviderFactory = std::function<Result<std::unique_ptr<SandboxProvider>>()>;

// The local Docker engine (DOCKER_HOST, else its default socket).
SandboxProviderFactory dockerProviderFactory();

} // namespace Sandbench
