import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite allows one process per data folder (a second one silently loses writes), so the folder is
 * locked by a file holding the owner's pid. A lock whose process is gone is taken over.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "votespace.lock");
  const mine = JSON.stringify({ pid: process.pid, host: hostname() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: "wx" });
      return () => {
        try {
          if (readFileSync(file, "utf8") === mine) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      if (owner && owner.host === hostname() && isAlive(owner.pid)) {
        throw new DataDirLockedError(
          `Another Votespace process (pid ${owner.pid}) is using the data folder ${dataDir}. ` +
            "The embedded database allows one process per folder: stop that process, set DATA_DIR " +
            "to another folder, or set DATABASE_URL to a PostgreSQL server to run several processes.",
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(
    `Could not lock the data folder ${dataDir}; another process is starting on it.`,
  );
}

function readOwner(file: string): { pid: number; host: string } | null {
  try {
    const value = JSON.parse(readFileSync(file, "utf8"));
    return typeof value.pid === "number" ? value : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
