import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { SmtpConfig } from "../../../config";

/** What the test server does with the next message: take it, refuse it (5xx or 4xx), or never answer. */
export type SmtpMode = "accept" | "refuse-permanent" | "refuse-transient" | "hang";

export interface ReceivedMail {
  messageId: string;
  to: string;
  raw: string;
}

/**
 * A real SMTP server on this machine (smtp-server, as a mail relay would answer), for tests and the
 * bench: plain SMTP on 127.0.0.1, any sender, no authentication.
 */
export interface TestSmtp {
  config: SmtpConfig;
  received: ReceivedMail[];
  /** Messages whose data arrived while the mode was "hang" (their sessions get no answer). */
  hanging: number;
  mode: SmtpMode;
  /** The reply text of a refusal; a test may make it quote what it was sent (`(raw) => ...`). */
  refusal: (raw: string) => string;
  waitFor(predicate: () => boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startTestSmtp(mode: SmtpMode = "accept"): Promise<TestSmtp> {
  const state: TestSmtp = {
    config: { host: "127.0.0.1", port: 0, security: "none", from: "Votespace <vote@votespace.test>" },
    received: [],
    hanging: 0,
    mode,
    refusal: () => "Mailbox unavailable",
    waitFor: async (predicate) => {
      for (let i = 0; i < 600 && !predicate(); i++) await new Promise((r) => setTimeout(r, 50));
      if (!predicate()) throw new Error("the test SMTP server did not see what was awaited within 30 s");
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Up to 5 pooled connections per worker, several workers.
    maxClients: 50,
    // Hung sessions are cut when the test closes the server.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        if (state.mode === "hang") {
          state.hanging++;
          return;
        }
        if (state.mode !== "accept") {
          const error = new Error(state.refusal(raw)) as Error & { responseCode: number };
          error.responseCode = state.mode === "refuse-permanent" ? 550 : 451;
          return callback(error);
        }
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "";
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        state.received.push({ messageId, to, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.config.port = (server.server.address() as AddressInfo).port;
  return state;
}
