#include "sandboxproviders.h"

#include "sandbox/docker/dockerprovider.h"

namespace Sandbench {

SandboxProviderFactory dockerProviderFactory()
{
    return []() -> Result<std::unique_ptr<SandboxProvider>> {
        auto provider = DockerProvider::create();
        if (!provider)
            return std::unexpected(provider.error());
        return std::unique_ptr<SandboxProvider>(std::move(*provider));
    };
}

} // namespace Sandbench
