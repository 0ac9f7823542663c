import { type BinaryLike, hash } from "node:crypto";

/**
 * SHA-256, hex (the one-shot `hash`: no Hash object per call, which counts when hashing every
 * ballot). A module of its own, with nothing else: the board's verifier (scripts/verify-board.ts),
 * bundled into one file anyone downloads, takes it without the rest of lib/crypto.ts (argon2).
 */
export function sha256(value: BinaryLike): string {
  return hash("sha256", value, "hex");
}
