// Tries three things the policy does not allow. Each attempt is answered "denied" by Sandbench
// and appears in the Audit Log; select one and choose "Allow this" to add a rule for it.
const attempts: Array<[string, () => unknown | Promise<unknown>]> = [
  ["read /etc/hostname", () => Deno.readTextFileSync("/etc/hostname")],
  ["read $HOME", () => Deno.env.get("HOME")],
  ["fetch https://example.com", () => fetch("https://example.com")],
];

for (const [what, attempt] of attempts) {
  try {
    await attempt();
    console.log(`${what}: allowed`);
  } catch (error) {
    console.log(`${what}: denied (${(error as Error).name})`);
  }
}
