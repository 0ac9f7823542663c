import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { EventMap, SignalData } from "../../../contract/events";
import { messages } from "../../../contract/messages";
import { roomMessages } from "../../../contract/rooms";
import type { Db } from "../../db/connect";
import { organizations, roomParticipants, roomSessions } from "../../db/schema";
import { forbidden } from "../../http/errors";
import type { Bus, BusLog, BusMessage } from "../../realtime/bus";
import { sendsMedia } from "./policy";
import type { RoomSeats } from "./seats";

/**
 * A description a receive-only browser may send: an answer whose every media section (`m=` block)
 * says `a=recvonly` or `a=inactive` itself. A section without a direction line counts as sendrecv
 * in WebRTC, so it is refused, as is any sending direction, also at the session level.
 */
export function receivesOnly(data: SignalData): boolean {
  if (!data.description) return true;
  if (data.description.type !== "answer") return false;
  const lines = data.description.sdp.split(/\r?\n/).map((line) => line.trim());
  const directions = (section: string[]) =>
    section.filter((line) => /^a=(sendrecv|sendonly|recvonly|inactive)$/.test(line));
  const sections: string[][] = [[]];
  for (const line of lines) {
    if (line.startsWith("m=")) sections.push([]);
    sections.at(-1)?.push(line);
  }
  const [sessionLevel = [], ...media] = sections;
  if (directions(sessionLevel).some((line) => line === "a=sendrecv" || line === "a=sendonly")) return false;
  return media.every((section) => {
    const said = directions(section);
    return said.length > 0 && said.every((line) => line === "a=recvonly" || line === "a=inactive");
  });
}

/**
 * Checks one signal against the database: sender and recipient are two connected participants
 * of the same live session (so never across sessions or organizations), the sender's seat is in
 * this process, at least one of them sends media, a listener or viewer only answers, and only
 * to receive, and the organization is not suspended. Returns the process that holds the recipient's socket.
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
      organizationStatus: organizations.status,
    })
    .from(roomParticipants)
    .innerJoin(roomSessions, eq(roomSessions.id, roomParticipants.sessionId))
    .innerJoin(organizations, eq(organizations.id, roomSessions.organizationId))
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
  // A suspended organization's room is over: no media is negotiated any more (requireActiveOrganization).
  if (sender.organizationStatus === "suspended") throw forbidden(messages.organizationSuspended);
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
