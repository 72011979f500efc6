// Reads a CSV from a read-only folder, writes a summary into the workdir, and tries one thing the
// policy does not allow, so the audit log shows both kinds of decision.
const here = new URL(".", import.meta.url).pathname;
const csv = Deno.readTextFileSync(`${here}data/sales.csv`);
const rows = csv.trim().split("\n").slice(1).map((line) => line.split(","));
const total = rows.reduce((sum, [, amount]) => sum + Number(amount), 0);
console.log(`regions: ${rows.length}, total: ${total}`);
Deno.writeTextFileSync("summary.json", JSON.stringify({ total, at: new Date().toISOString() }));
console.log("lucky number:", Math.floor(Math.random() * 100));
try {
  Deno.readTextFileSync("/etc/hostname");
} catch (error) {
  console.error(`as expected: ${(error as Error).message}`);
}
