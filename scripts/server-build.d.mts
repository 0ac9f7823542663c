// Types of scripts/server-build.mjs (plain JavaScript, so that `npm start` needs no TypeScript loader).
export const compiledServer: string;
export function newestMtime(target: string): number;
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<void>;
export function ensureServerBuild(): Promise<void>;
export function runCompiled(
  file: string,
  options?: { keepAfterMs?: number },
): {
  exports: Record<string, unknown>;
  /** Settles once the file's own `listening` export has and, `keepAfterMs` later, the cache is written. */
  listening: Promise<void>;
};
