// Imports an npm package. The policy lists it in allow_packages; the first run downloads it
// into the engine's cache (that needs the network once), later runs use the cache.
import Papa from "npm:papaparse@5";

const csv = "name,language\nSandbench,C++\nDeno,Rust\n";
const parsed = Papa.parse(csv, { header: true, skipEmptyLines: true });
for (const row of parsed.data as Array<Record<string, string>>) {
  console.log(`${row.name} is written in ${row.language}`);
}
