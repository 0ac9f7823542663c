/**
 * The bulletin board's verifier as one file, beside the app (`/verify-election.mjs`): the checks of
 * `npm run verify-election -- --board` (scripts/verify-board.ts and the server's count it imports),
 * bundled by esbuild for Node with nothing else to install, so anyone who saved a board can check it
 * away from this site: `node verify-election.mjs --board board.json`. The files it was built from
 * are listed in dist/verifier-inputs.json, for the build's staleness check (scripts/web-build.ts).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { VERIFIER_FILE } from "../../contract/bulletin-check.ts";
import { projectRoot as root } from "../../server/root.ts";

export const verifierInputs = path.join(root, "dist/verifier-inputs.json");

/** The verifier bundled: the file's bytes, and the project files it was built from. */
export async function bundleVerifier(): Promise<{ code: Uint8Array; inputs: string[] }> {
  const { build } = await import("esbuild");
  const built = await build({
    entryPoints: [path.join(root, "scripts/verify-board.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    legalComments: "none",
    write: false,
    metafile: true,
    logLevel: "warning",
    banner: {
      js: `#!/usr/bin/env node\n// Votespace's bulletin board verifier: node ${VERIFIER_FILE} --board <saved board.json> [--head <seal>:<root>]...`,
    },
  });
  const code = built.outputFiles[0]?.contents;
  if (!code) throw new Error("esbuild wrote no verifier");
  return { code, inputs: Object.keys(built.metafile.inputs) };
}

export function verifierFilePlugin(): Plugin {
  return {
    name: "votespace-verifier-file",
    apply: "build",
    async generateBundle() {
      const { code, inputs } = await bundleVerifier();
      this.emitFile({ type: "asset", fileName: VERIFIER_FILE, source: code });
      await mkdir(path.dirname(verifierInputs), { recursive: true });
      await writeFile(verifierInputs, JSON.stringify(inputs));
    },
  };
}
