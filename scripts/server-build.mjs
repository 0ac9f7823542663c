// Plain JavaScript: `npm start` runs this with plain `node`, before anything is compiled.
import { createHash } from "node:crypto";
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
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";

const root = path.resolve(import.meta.dirname, "..");
/**
 * The compiled server: scripts/start.ts and everything it imports from server/ and contract/, one
 * CommonJS file, which scripts/start.mjs runs with the code V8 compiled for it at the previous start.
 */
export const compiledServer = path.join(root, "dist/server.cjs");
// The project files the bundle was built from (esbuild's metafile), relative to the root.
const inputsFile = path.join(root, "dist/server-inputs.json");

/** Last change of a file or of a folder's contents (0 when missing), for the build's staleness checks. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/server.cjs is missing or older than one of the files it was built from, or than this script. */
export function serverBuildIsStale() {
  if (![compiledServer, inputsFile].every((file) => existsSync(file))) return true;
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
 * Compiles the server into dist/server.cjs with esbuild, with the npm packages it loads at every
 * start (fastify, zod, drizzle...): one file read and compiled, not some 600 that Node would resolve
 * and read one by one (a third of the main thread's start). CommonJS, so that scripts/start.mjs can
 * hand V8 the code it compiled at the previous start (vm.Script's cachedData; Node 20 keeps no compile
 * cache of its own, and V8 otherwise parses the 4 MB on every start). What the server imports only
 * when configured (the S3 client, SMTP) runs only then, and their packages load only then.
 * Written under a temporary name and renamed: a start that runs at the same time sees the old server
 * or the new one, never half of one.
 */
export async function buildServer() {
  const { build } = await import("esbuild");
  const outdir = path.dirname(compiledServer);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { server: "scripts/start.ts" },
    bundle: true,
    outExtension: { ".js": ".cjs" },
    platform: "node",
    format: "cjs",
    target: "node20",
    external,
    // The one use of import.meta in the server (server/root.ts): the bundle's folder, dist/, one level
    // below the root as server/ is.
    define: { "import.meta.dirname": "__dirname" },
    // import() of a package (the common passwords' JSON; vite, which builds the web app) as require():
    // Node 20 runs import() in a vm.Script only with an experimental flag.
    supported: { "dynamic-import": false },
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
  write(compiledServer, result.outputFiles[0].contents);
  // Earlier builds' files (an ES module and its chunks until December 2026).
  for (const file of readdirSync(outdir)) {
    if (/^server.*\.mjs$/.test(file)) rmSync(path.join(outdir, file), { force: true });
  }
}

/** Compiles the server when it is missing or stale; a few milliseconds when nothing changed. */
export async function ensureServerBuild() {
  if (!serverBuildIsStale()) return;
  console.log("Compiling the server (dist/server.cjs is missing or older than its sources)...");
  await buildServer();
}

/**
 * Runs a CommonJS file (dist/server.cjs) as Node would, but with V8's code cache: parsing the
 * server's 4 MB took 100-140 ms of every start, 25 ms with the cache. The cache (`<file>.cache`)
 * begins with the SHA-1 of the source it was made from: V8 itself checks only the source's length,
 * and would run the code of another build of the same length. It is written `keepAfterMs` after the
 * file's `listening` export settles, at every start, off the start's own path: it holds the functions
 * that start compiled, and one made by a start that also built the web app (whose bytecode V8 partly
 * flushed meanwhile: such a cache made the next starts 100 ms slower) lasts one start.
 */
export function runCompiled(file, { keepAfterMs = 1000 } = {}) {
  const cacheFile = `${file}.cache`;
  const source = readFileSync(file);
  const digest = createHash("sha1").update(source).digest();
  let cachedData;
  try {
    const cache = readFileSync(cacheFile);
    if (cache.subarray(0, digest.length).equals(digest)) cachedData = cache.subarray(digest.length);
  } catch {
    // no cache yet
  }
  // Wrapped on the source's first line, so that stack traces give the file's own line numbers.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${source.toString()}\n})`,
    { filename: file, cachedData },
  );
  const compiled = { exports: {} };
  script.runInThisContext()(compiled.exports, createRequire(file), compiled, file, path.dirname(file));
  const keep = () => {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([digest, script.createCachedData()]));
    renameSync(temporary, cacheFile);
  };
  return {
    exports: compiled.exports,
    listening: compiled.exports.listening.then(
      () => new Promise((resolve) => setTimeout(() => resolve(keep()), keepAfterMs).unref()),
    ),
  };
}
