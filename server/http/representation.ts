import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sha256 } from "../lib/crypto";

/** The compressions a representation is sent in, the browser's preferred first. */
const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];

const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 4: 21.5 MB of a board's JSON to 3.5 MB in 0.3 s (the default, 11, takes many seconds).
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body),
};

/**
 * A JSON answer made once and sent many times: its bytes, its entity tag (from its bytes), and each
 * compression made the first time a browser asks for it (on zlib's threads, not the event loop),
 * then kept with it.
 */
export interface Representation {
  body: Buffer;
  etag: string;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export function representation(json: string): Representation {
  const body = Buffer.from(json);
  const made = new Map<Encoding, Promise<Buffer>>();
  return {
    body,
    etag: `"${sha256(body).slice(0, 32)}"`,
    encoded(encoding) {
      let known = made.get(encoding);
      if (!known) {
        // A compression that failed is tried again by the next request that asks for it.
        known = compress[encoding](body).catch((error: unknown) => {
          made.delete(encoding);
          throw error;
        });
        made.set(encoding, known);
      }
      return known;
    },
  };
}

/**
 * Sends a representation as the request asks: 304 with no body when the browser holds it already
 * (If-None-Match), else compressed as it accepts (Accept-Encoding), else as is. Cached by the
 * browser and revalidated on every use (`no-cache`): what it shows is never older than the server's.
 * Its ETag is weak: the same for each coding of the same JSON.
 */
export async function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  sent: Representation,
): Promise<FastifyReply> {
  const held = request.headers["if-none-match"];
  const holds =
    held !== undefined &&
    (held.trim() === "*" || held.split(",").some((tag) => tag.trim().replace(/^W\//, "") === sent.etag));
  const encoding = holds ? null : accepted(request.headers["accept-encoding"]);
  const body = encoding ? await sent.encoded(encoding) : sent.body;
  // A shared cache may keep the answer to a request without cookies; one with cookies may be
  // answered with one (a stale session's, cleared), which only that browser may keep.
  const sharing = request.headers.cookie ? "private, no-cache" : "no-cache";
  reply.header("etag", `W/${sent.etag}`).header("cache-control", sharing).header("vary", "accept-encoding");
  if (holds) return reply.code(304).send();
  reply.type("application/json; charset=utf-8");
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(body);
}

/** The first of ENCODINGS the Accept-Encoding header takes; `*` takes any it does not refuse (q=0); null: none. */
function accepted(header: string | undefined): Encoding | null {
  if (!header) return null;
  const taken = new Set<string>();
  const refused = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    (q && !(Number(q.slice(2)) > 0) ? refused : taken).add(name.trim());
  }
  return (
    ENCODINGS.find((encoding) => !refused.has(encoding) && (taken.has(encoding) || taken.has("*"))) ?? null
  );
}
