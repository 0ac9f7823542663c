// Plain JavaScript: `npm start` runs this with plain `node`, before anything is compiled.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** The compiled server: scripts/start.ts and everything it imports from server/ and contract/. */
export const compiledServer = path.join(root, "dist/server.mjs");
/** What `npm start` runs before it: scripts/start-early.ts, which sets the embedded database's WebAssembly compiling. */
export const compiledEarly = path.join(root, "dist/server-early.mjs");
// The project files the bundle was built from (esbuild's metafile), relative to the root.
const inputsFile = path.join(root, "dist/server-inputs.json");
const entries = { server: "scripts/start.ts", "server-early": "scripts/start-early.ts" };

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
  if (![compiledServer, compiledEarly, inputsFile].every((file) => existsSync(file))) return true;
  const built = statSync(compiledServer).mtimeMs;
  const inputs = [...JSON.parse(readFileSync(inputsFile, "utf8")), "scripts/server-build.mjs"];
  return inputs.some((input) => {
    const file = path.join(root, input);
    return !existsSync(file) || statSync(file).mtimeMs > built;
  });
}

/**
 * npm packages the bundle leaves in node_modules: those that find files beside their own code at run
 * time (PGlite's WebAssembly, argon2's native module), the build tools the start imports only to
 * build the web app, and those the server loads only when configured (S3, SMTP). pino is bundled: only
 * its worker threads (pino.transport, which the server does not use) look for files beside it.
 */
const external = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "vite",
  "esbuild",
  "@aws-sdk/*",
  "nodemailer",
  // The common passwords: Node parses the JSON many times faster than it would compile the same
  // list as a JavaScript module in the bundle.
  "@zxcvbn-ts/language-common/src/passwords.json",
];
// Stands for every bundled npm package in the staleness check: npm rewrites it on every install.
const installedPackages = "node_modules/.package-lock.json";

/**
 * Compiles the server into dist/server.mjs with esbuild, with the npm packages it loads at every
 * start (fastify, zod, drizzle...): one file read and compiled, not some 600 that Node would resolve
 * and read one by one (a third of the main thread's start). What the server imports only when
 * configured (the S3 client, SMTP) goes into chunks beside it (dist/server-*.mjs), so a server
 * without them does not load them.
 * Each file is written under a temporary name and renamed, the entry last: a start that runs at the
 * same time sees the old server or the new one, never half of one.
 */
export async function buildServer() {
  const { build } = await import("esbuild");
  const outdir = path.dirname(compiledServer);
  const result = await build({
    absWorkingDir: root,
    // Two entries, their shared modules in shared chunks: one module instance for both.
    entryPoints: entries,
    bundle: true,
    splitting: true,
    chunkNames: "server-[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    platform: "node",
    format: "esm",
    target: "node20",
    external,
    // Bundled CommonJS packages require Node's own modules: give the ES module a require.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);',
    },
    outdir,
    write: false,
    metafile: true,
    logLevel: "warning",
  });
  mkdirSync(outdir, { recursive: true });
  const temporary = (file) => `${file}.${process.pid}.tmp`;
  const write = (file, contents) => {
    writeFileSync(temporary(file), contents);
    renameSync(temporary(file), file);
  };
  // Relative to absWorkingDir, the root; the packages' files are one entry, the lock npm writes.
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((input) => !input.includes("node_modules/")),
    installedPackages,
  ];
  write(inputsFile, JSON.stringify(inputs));
  const outputs = result.outputFiles;
  for (const chunk of outputs.filter((output) => output.path !== compiledServer))
    write(chunk.path, chunk.contents);
  write(compiledServer, outputs.find((output) => output.path === compiledServer).contents);
  // Chunks of earlier builds: named by their content's hash, so never the ones just written.
  const current = new Set(outputs.map((output) => path.basename(output.path)));
  for (const file of readdirSync(outdir)) {
    if (/^server-.+\.mjs$/.test(file) && !current.has(file)) rmSync(path.join(outdir, file), { force: true });
  }
}

/** Compiles the server when it is missing or stale; a few milliseconds when nothing changed. */
export async function ensureServerBuild() {
  if (!serverBuildIsStale()) return;
  console.log("Compiling the server (dist/server.mjs is missing or older than its sources)...");
  await buildServer();
}
