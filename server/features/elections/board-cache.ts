import type { Db } from "../../db/connect";
import { sha256 } from "../../lib/crypto";
import { boardParts } from "./bulletin";

/** The boards kept, in characters of JSON (100,000 ballots make some 21 million): the least used go first. */
const KEPT_CHARACTERS = 64 * 1024 * 1024;

interface Kept<T> {
  /** The hash of the board's small parts it was made with. */
  parts: string;
  characters: number;
  made: T;
}

/**
 * The public bulletin board as served: every request reads the board's small parts (the election,
 * its questions, its seals, its count: a few small reads, the count itself kept by counts.ts) and
 * gets what `prepare` made of the board's JSON the last time those parts were the same (the route:
 * its bytes, ETag and compressions). Its ballots change only with a new seal, the close or the
 * results published, which all change those parts; so the board as published stays as it was
 * published, as the count does. A sealed ballot changed in the database afterwards is on a board
 * made after it (the next seal, another process, the next start), where the chain's root check
 * shows it; verify-election always reads the database. An election's board is made by one request
 * at a time: those that come meanwhile wait for it, then read the small parts again (a backlog
 * sealed at the close is many seals in a row, and each board of 100,000 ballots takes a second and
 * some 100 MB to make).
 */
export function boardServer<T>(db: Db, prepare: (json: string) => T) {
  const kept = new Map<string, Kept<T>>();
  const making = new Map<string, Promise<unknown>>();

  /** The board, kept as the most recently used. */
  const use = (electionId: string, board: Kept<T>) => {
    kept.delete(electionId);
    kept.set(electionId, board);
    return board.made;
  };
  /** A board just made, kept; the least used beyond KEPT_CHARACTERS go. */
  const keep = (electionId: string, board: Kept<T>) => {
    use(electionId, board);
    let characters = 0;
    for (const [id, other] of [...kept].reverse()) {
      characters += other.characters;
      if (characters > KEPT_CHARACTERS && id !== electionId) kept.delete(id);
    }
    return board.made;
  };

  return async function board(electionId: string): Promise<T> {
    for (;;) {
      const { board: small, sealedBallots } = await boardParts(db, electionId);
      const id = small.election.id;
      const smallJson = JSON.stringify(small);
      const parts = sha256(smallJson);
      const known = kept.get(id);
      if (known?.parts === parts) return use(id, known);
      const other = making.get(id);
      if (other) {
        await other.catch(() => {});
        continue;
      }
      const made = sealedBallots().then(({ sealed, ballots }) => {
        // The small parts' JSON with the ballots as its last members: the board serialized once.
        const json = `${smallJson.slice(0, -1)},"sealed":${JSON.stringify(sealed)},"ballots":${JSON.stringify(ballots)}}`;
        return keep(id, { parts, characters: json.length, made: prepare(json) });
      });
      making.set(id, made);
      try {
        return await made;
      } finally {
        making.delete(id);
      }
    }
  };
}
