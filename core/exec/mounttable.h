#pragma once

namespace Sandbench {

// Gives the child a mount table that no mount made or removed on the host reaches, before it
// execs bubblewrap. For QProcess::setChildProcessModifier: async-signal-safe.
//
// Why: bubblewrap binds host folders recursively (all of "/" when the broker alone decides on
// files), then remounts every mount it found beneath them with its flags. Its namespace follows
// the host's (MS_SLAVE), so a mount the host removes in between, such as a container's overlay
// that Docker unmounts, makes that remount fail ("Unable to apply mount flags ... Invalid
// argument") and the run with it, for no fault of the run. Started from a namespace whose mounts
// propagate from nowhere (MS_PRIVATE), bubblewrap copies a table that cannot change under it.
//
// As root the child takes a mount namespace of its own; otherwise a user namespace that maps
// only its own user and group, as bubblewrap's own does, gives it that right (bubblewrap then
// nests its namespace inside). Where neither is allowed the child keeps the host's table: the
// run is then exposed to that window, as before, and contains nothing less.
void privateMountTableInChild();

} // namespace Sandbench
