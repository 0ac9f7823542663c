// Plain JavaScript: `npm start` runs this with plain `node`, before anything is compiled.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** The compiled server: scripts/start.ts and everything it imports from server/ and contract/. */
export const compiledServer = path.join(root, "dist/server.mjs");
// The project files the bundle was built from (esbuild's metafile), relative to the root.
const inputsFile = path.join(root, "dist/server-inputs.json");
const entry = path.join(root, "scripts/start.ts");

/** Last change of a file or of a folder's contents (0 when missing), for the build's staleness checks. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/server.mjs is missing or older than one of the files it was built from, or than this script. */
export function serverBuildIsStale() {
  if (!existsSync(compiledServer) || !existsSync(inputsFile)) return true;
  const built = statSync(compiledServer).mtimeMs;
  const inputs = [...JSON.parse(readFileSync(inputsFile, "utf8")), "scripts/server-build.mjs"];
  return inputs.some((input) => {
    const file = path.join(root, input);
    return !existsSync(file) || statSync(file).mtimeMs > built;
  });
}

/**
 * Compiles the server into dist/server.mjs with esbuild (npm packages stay external, read from
 * node_modules at run time). Written under a temporary name and renamed, so a start that runs at
 * the same time sees the old file or the new one, never half of one.
 */
export async function buildServer() {
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: compiledServer,
    write: false,
    metafile: true,
    logLevel: "warning",
  });
  mkdirSync(path.dirname(compiledServer), { recursive: true });
  const temporary = (file) => `${file}.${process.pid}.tmp`;
  const inputs = Object.keys(result.metafile.inputs); // relative to absWorkingDir, the root
  writeFileSync(temporary(inputsFile), JSON.stringify(inputs));
  renameSync(temporary(inputsFile), inputsFile);
  // The inputs list first: a server newer than it means a finished build.
  writeFileSync(temporary(compiledServer), result.outputFiles[0].contents);
  renameSync(temporary(compiledServer), compiledServer);
}

/** Compiles the server when it is missing or stale; a few milliseconds when nothing changed. */
export async function ensureServerBuild() {
  if (!serverBuildIsStale()) return;
  console.log("Compiling the server (dist/server.mjs is missing or older than its sources)...");
  await buildServer();
}
