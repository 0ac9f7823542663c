import type { Db } from "../../db/connect";
import { type Representation, representation } from "../../http/representation";
import { sha256 } from "../../lib/crypto";
import { boardParts } from "./bulletin";

/** The boards kept, in bytes of JSON (100,000 ballots make some 21 MB): the oldest go first. */
const KEPT_BYTES = 64 * 1024 * 1024;

interface Served {
  /** The hash of the board's small parts it was made with. */
  parts: string;
  answer: Representation;
}

/**
 * The public bulletin board as served: every request reads the board's small parts (the election,
 * its questions, its seals, its count: a few small reads, the count itself kept by counts.ts) and
 * gets the board made from them, made once while they stay the same and shared by the requests
 * that came meanwhile. Its ballots change only with a new seal, the close or the results published,
 * which all change those parts; so the board as published stays as it was published, as the
 * count does. A sealed ballot changed in the database afterwards is on a board made after it (the
 * next seal, another process, the next start), where the chain's root check shows it;
 * verify-election always reads the database. Before, a board of 100,000 ballots cost 0.55-1.4 s of
 * CPU every request on PostgreSQL and 1.4-2.3 s on PGlite, 21.5 MB of JSON sent uncompressed: a
 * public endpoint's cost to anyone, at the close when every voter looks.
 */
export function boardServer(db: Db) {
  const served = new Map<string, Served>();
  const making = new Map<string, Promise<Served>>();

  const keep = (electionId: string, made: Served) => {
    served.delete(electionId);
    served.set(electionId, made);
    let bytes = 0;
    for (const [id, board] of [...served].reverse()) {
      bytes += board.answer.body.length;
      if (bytes > KEPT_BYTES && id !== electionId) served.delete(id);
    }
    return made;
  };

  return async function board(electionId: string): Promise<Representation> {
    const { board: small, sealedBallots } = await boardParts(db, electionId);
    const id = small.election.id;
    const smallJson = JSON.stringify(small);
    const parts = sha256(smallJson);
    const known = served.get(id);
    if (known?.parts === parts) return known.answer;
    const key = `${id} ${parts}`;
    let made = making.get(key);
    if (!made) {
      made = sealedBallots()
        .then((ballots) =>
          keep(id, {
            parts,
            answer: representation(`${smallJson.slice(0, -1)},"ballots":${JSON.stringify(ballots)}}`),
          }),
        )
        .finally(() => making.delete(key));
      making.set(key, made);
    }
    return (await made).answer;
  };
}
