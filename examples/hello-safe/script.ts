// Needs no permission at all: computes and prints. Runs under a policy that denies everything.
function primes(limit: number): number[] {
  const found: number[] = [];
  for (let n = 2; found.length < limit; n++) {
    if (found.every((p) => n % p !== 0)) found.push(n);
  }
  return found;
}

console.log("Hello from the sandbox!");
console.log(`The first ten primes: ${primes(10).join(", ")}`);
