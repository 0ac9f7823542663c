// Types of scripts/server-build.mjs (plain JavaScript, so that `npm start` needs no TypeScript loader).
export const compiledServer: string;
export function newestMtime(target: string): number;
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<void>;
export function ensureServerBuild(): Promise<void>;
