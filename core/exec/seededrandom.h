#pragma once

#include <QByteArray>

namespace Sandbench {

// The part of the preload that --seed needs beyond the runtime's own seeding: a stream of its
// own for every Worker (derived from the seed and the worker's place in the tree; the runtime
// would give each the main thread's), and WebCrypto key generation drawn from the seeded bytes.
// Expects SEED, WORKER_ID (null on the main thread) in scope.
QByteArray seededPreloadPart();

// node:crypto with what --seed does not cover drawn from the seeded crypto.getRandomValues:
// randomInt, randomFill(Sync), generateKey(Sync), Ed25519/X25519/EC key pairs, ECDH keys, primes;
// in a Worker also randomBytes and randomUUID. Wired in through the import map.
QByteArray cryptoShimModule();

} // namespace Sandbench
