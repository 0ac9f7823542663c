import { readdirSync } from "node:fs";
import path from "node:path";

// `npm run bench [name]`: runs every bench/*.bench.ts (or the one named), each printing its figures.
const only = process.argv[2];
const dir = import.meta.dirname;
const benches = readdirSync(dir)
  .filter((file) => file.endsWith(".bench.ts"))
  .filter((file) => !only || file.startsWith(only));
for (const file of benches) {
  console.log(`\n## ${file}`);
  const bench = (await import(path.join(dir, file))) as { run(): Promise<void> };
  await bench.run();
}
