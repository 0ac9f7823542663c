/** The signed-in user's own sessions, listed in the voter profile's security section. */

export const sessionMessages = {
  notFound: "That session has already ended.",
  ended: "The session was signed out.",
  endedOthers: "Your other sessions were signed out.",
  none: "No other sessions.",
} as const;

export interface SessionInfo {
  /** A handle for ending the session; not the cookie's token nor its stored hash. */
  id: string;
  /** The session this request came with ("this device"). */
  current: boolean;
  /** A coarse description read from the browser's User-Agent, e.g. "Chrome on Windows". */
  device: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
  /** When it ends if unused (idle expiry), never later than the absolute lifetime allows. */
  expires_at: string;
}
