import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { EventMap } from "../../../contract/events";
import { roomMessages, type SignalData } from "../../../contract/rooms";
import type { Db } from "../../db/connect";
import { roomParticipants, roomSessions } from "../../db/schema";
import { forbidden } from "../../http/errors";
import type { Bus, BusLog, BusMessage } from "../../realtime/bus";
import { sendsMedia } from "./policy";
import type { RoomSeats } from "./seats";

/** A description a receive-only browser may send: an answer whose every media section only receives. */
function receivesOnly(data: SignalData): boolean {
  if (!data.description) return true;
  if (data.description.type !== "answer") return false;
  return !/^a=(sendrecv|sendonly)\s*$/m.test(data.description.sdp);
}

/**
 * Checks one signal against the database: sender and recipient are two connected participants
 * of the same live session (so never across sessions or organizations), the sender's seat is in
 * this process, at least one of them sends media, and a listener or viewer only answers, and
 * only to receive. Returns the process that holds the recipient's socket.
 */
export async function checkSignal(
  db: Db,
  signal: { sessionId: string; from: string; to: string; data: SignalData; processId: string },
): Promise<string> {
  const refuse = () => forbidden(roomMessages.signalRefused);
  if (signal.from === signal.to) throw refuse();
  const rows = await db
    .select({
      userId: roomParticipants.userId,
      role: roomParticipants.role,
      processId: roomParticipants.processId,
      status: roomSessions.status,
    })
    .from(roomParticipants)
    .innerJoin(roomSessions, eq(roomSessions.id, roomParticipants.sessionId))
    .where(
      and(
        eq(roomParticipants.sessionId, signal.sessionId),
        inArray(roomParticipants.userId, [signal.from, signal.to]),
        eq(roomParticipants.isConnected, true),
      ),
    );
  const sender = rows.find((row) => row.userId === signal.from);
  const recipient = rows.find((row) => row.userId === signal.to);
  if (!sender || !recipient?.processId || sender.status !== "live") throw refuse();
  if (sender.processId !== signal.processId) throw refuse();
  const senderSends = sendsMedia(sender.role);
  if (!senderSends && !sendsMedia(recipient.role)) throw refuse();
  if (!senderSends && !receivesOnly(signal.data)) throw refuse();
  return recipient.processId;
}

type SignalPart = EventMap["room.signal"];

/** Characters of a signal per bus message: at most 3 bytes each in UTF-8, well under NOTIFY's 8000. */
const PART_CHARS = 2000;
/** A signal whose parts do not all arrive within this time is dropped (the peers renegotiate). */
const ASSEMBLY_TIMEOUT_MS = 10_000;

/**
 * Delivers checked signals to the recipient's socket: directly when this process holds it (the
 * common case, and always on the embedded database), else on the bus to `process:{id}` of the
 * process that does, split into parts that each fit a PostgreSQL NOTIFY and reassembled there.
 */
export class SignalRouter {
  private readonly assembling = new Map<
    string,
    { parts: string[]; received: number; timer: NodeJS.Timeout }
  >();

  constructor(
    private readonly bus: Bus,
    private readonly processId: string,
    private readonly seats: RoomSeats,
    private readonly log: BusLog,
  ) {}

  async route(sessionId: string, from: string, to: string, data: SignalData, targetProcess: string) {
    if (targetProcess === this.processId) {
      this.deliver(sessionId, from, to, data);
      return;
    }
    const text = JSON.stringify(data);
    const count = Math.ceil(text.length / PART_CHARS);
    const signalId = randomUUID();
    for (let index = 0; index < count; index++) {
      await this.bus.publish(`process:${targetProcess}`, "room.signal", {
        session_id: sessionId,
        from,
        to,
        signal_id: signalId,
        index,
        count,
        part: text.slice(index * PART_CHARS, (index + 1) * PART_CHARS),
      });
    }
  }

  /** The bus receiver: parts addressed to this process, put back together. */
  receive(message: BusMessage): void {
    if (message.event !== "room.signal" || message.topic !== `process:${this.processId}`) return;
    const part = message.payload as SignalPart;
    if (part.count < 1 || part.index < 0 || part.index >= part.count) return;
    let entry = this.assembling.get(part.signal_id);
    if (!entry) {
      const timer = setTimeout(() => this.assembling.delete(part.signal_id), ASSEMBLY_TIMEOUT_MS);
      timer.unref();
      entry = { parts: new Array(part.count).fill(undefined), received: 0, timer };
      this.assembling.set(part.signal_id, entry);
    }
    if (entry.parts[part.index] !== undefined) return;
    entry.parts[part.index] = part.part;
    entry.received++;
    if (entry.received < part.count) return;
    clearTimeout(entry.timer);
    this.assembling.delete(part.signal_id);
    try {
      this.deliver(part.session_id, part.from, part.to, JSON.parse(entry.parts.join("")) as SignalData);
    } catch (error) {
      this.log.warn({ err: error }, "room signal could not be reassembled");
    }
  }

  private deliver(sessionId: string, from: string, to: string, data: SignalData): void {
    this.seats.holder(sessionId, to)?.send({ type: "signal", session_id: sessionId, from, data });
  }
}
