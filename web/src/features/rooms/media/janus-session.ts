/**
 * A Janus session over Janus's WebSocket API ("janus-protocol"), the little of it rooms need:
 * transactions, plugin handles, keepalives, and a token on every request (Janus runs with
 * token_auth, keepalives included, so the token is swapped for a fresh one before it expires).
 */

export interface JanusJsep {
  type: RTCSdpType;
  sdp: string;
}

/** A plugin event: the plugin's data and, for negotiations, an SDP. */
export interface PluginEvent {
  data: Record<string, unknown>;
  jsep?: JanusJsep;
}

interface JanusMessage {
  janus: string;
  transaction?: string;
  sender?: number;
  data?: { id?: number };
  plugindata?: { data: Record<string, unknown> };
  jsep?: JanusJsep;
  error?: { code: number; reason: string };
}

const KEEPALIVE_MS = 25_000;
const REPLY_TIMEOUT_MS = 15_000;

export class JanusRequestError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** A request waiting for its answer; `pastAck`: the answer comes after Janus's `ack` (plugin messages). */
type Waiter = { resolve(message: JanusMessage): void; reject(error: Error): void; pastAck: boolean };

export class JanusSession {
  private readonly waiters = new Map<string, Waiter>();
  private readonly handles = new Map<number, JanusHandle>();
  private keepalive: ReturnType<typeof setInterval> | undefined;
  private sessionId = 0;
  private closedByUs = false;
  /** Called once when the connection is lost without close() (Janus then drops the session). */
  onLost: () => void = () => {};

  private constructor(
    private readonly socket: WebSocket,
    private token: string,
  ) {
    socket.addEventListener("message", (event) => this.receive(String(event.data)));
    socket.addEventListener("close", () => {
      this.stop(new JanusRequestError("Janus closed the connection"));
      if (!this.closedByUs) this.onLost();
    });
  }

  static open(url: string, token: string): Promise<JanusSession> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, "janus-protocol");
      const failed = () => reject(new JanusRequestError(`Janus is not reachable at ${url}`));
      socket.addEventListener("error", failed, { once: true });
      socket.addEventListener(
        "open",
        async () => {
          socket.removeEventListener("error", failed);
          const session = new JanusSession(socket, token);
          try {
            const created = await session.send({ janus: "create" });
            session.sessionId = created.data?.id ?? 0;
            session.keepalive = setInterval(() => {
              session.send({ janus: "keepalive" }, "ack").catch(() => undefined);
            }, KEEPALIVE_MS);
            resolve(session);
          } catch (error) {
            socket.close();
            reject(error);
          }
        },
        { once: true },
      );
    });
  }

  /** The next requests (keepalives included) carry this token. */
  setToken(token: string): void {
    this.token = token;
  }

  async attach(plugin: string): Promise<JanusHandle> {
    const reply = await this.send({ janus: "attach", plugin });
    const handle = new JanusHandle(this, reply.data?.id ?? 0);
    this.handles.set(handle.id, handle);
    return handle;
  }

  /** Ends the Janus session (its handles and their peer connections on Janus's side) and the socket. */
  close(): void {
    if (this.closedByUs) return;
    this.closedByUs = true;
    if (this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(
        JSON.stringify({
          janus: "destroy",
          session_id: this.sessionId,
          transaction: "bye",
          token: this.token,
        }),
      );
    }
    this.stop(new JanusRequestError("left"));
    this.socket.close();
  }

  /**
   * Sends a request and resolves with its answer: `success` for core requests, `ack` for
   * keepalives and candidates, and for plugin messages the plugin's event (or success) that Janus
   * sends after its `ack`, with the same transaction.
   */
  send(body: Record<string, unknown>, answer: "reply" | "ack" | "plugin" = "reply"): Promise<JanusMessage> {
    const transaction = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      if (this.socket.readyState !== WebSocket.OPEN) {
        reject(new JanusRequestError("Janus is not connected"));
        return;
      }
      const timer = setTimeout(() => {
        this.waiters.delete(transaction);
        reject(new JanusRequestError(`Janus did not answer "${String(body.janus)}"`));
      }, REPLY_TIMEOUT_MS);
      const settle = () => {
        clearTimeout(timer);
        this.waiters.delete(transaction);
      };
      this.waiters.set(transaction, {
        pastAck: answer === "plugin",
        resolve: (message) => {
          settle();
          resolve(message);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      const message: Record<string, unknown> = { ...body, transaction, token: this.token };
      if (this.sessionId) message.session_id = this.sessionId;
      this.socket.send(JSON.stringify(message));
    });
  }

  private receive(text: string): void {
    let message: JanusMessage;
    try {
      message = JSON.parse(text) as JanusMessage;
    } catch {
      return;
    }
    const waiter = message.transaction ? this.waiters.get(message.transaction) : undefined;
    if (waiter) {
      const pluginError = message.plugindata?.data?.error;
      if (message.janus === "error")
        waiter.reject(new JanusRequestError(message.error?.reason ?? "Janus error", message.error?.code));
      else if (message.janus === "ack" && waiter.pastAck) return;
      else if (pluginError !== undefined)
        waiter.reject(
          new JanusRequestError(String(pluginError), Number(message.plugindata?.data?.error_code)),
        );
      else waiter.resolve(message);
      return;
    }
    // Janus ended the session (no keepalive in time, or an expired token): as good as a lost connection.
    if (message.janus === "timeout") {
      this.socket.close();
      return;
    }
    // Not an answer: something the plugin or Janus tells a handle on its own.
    const handle = message.sender === undefined ? undefined : this.handles.get(message.sender);
    if (!handle) return;
    if (message.janus === "event" && message.plugindata)
      handle.onEvent({ data: message.plugindata.data, jsep: message.jsep });
    else if (message.janus === "hangup" || message.janus === "detached") handle.onHangup();
  }

  private stop(error: Error): void {
    clearInterval(this.keepalive);
    for (const waiter of this.waiters.values()) waiter.reject(error);
    this.waiters.clear();
  }
}

/** A handle on a plugin (here always the VideoRoom): messages, trickled candidates, events. */
export class JanusHandle {
  /** Events the plugin sends on its own (new publishers, renegotiations, a publisher leaving). */
  onEvent: (event: PluginEvent) => void = () => {};
  /** Janus hung up this handle's peer connection. */
  onHangup: () => void = () => {};

  constructor(
    private readonly session: JanusSession,
    readonly id: number,
  ) {}

  /** A plugin request; resolves with the plugin's answer (its event or its success). */
  async message(body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit): Promise<PluginEvent> {
    const reply = await this.session.send(
      {
        janus: "message",
        handle_id: this.id,
        body,
        ...(jsep && { jsep: { type: jsep.type, sdp: jsep.sdp } }),
      },
      "plugin",
    );
    return { data: reply.plugindata?.data ?? {}, jsep: reply.jsep };
  }

  /** Our ICE candidates for this handle's peer connection (null: gathering is complete). */
  trickle(candidate: RTCIceCandidate | null): void {
    const payload = candidate
      ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex }
      : { completed: true };
    this.session
      .send({ janus: "trickle", handle_id: this.id, candidate: payload }, "ack")
      .catch(() => undefined);
  }
}
