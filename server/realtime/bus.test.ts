import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../db/connect";
import { testDatabase } from "../test/support";
import {
  type Bus,
  type BusMessage,
  decodeNotification,
  EventTooLargeError,
  encodeBusMessage,
  localBus,
  NOTIFY_CHANNEL,
  postgresBus,
} from "./bus";

const onPostgres = process.env.TEST_DB === "postgres";
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const organizationId = randomUUID();
const topic = `org:${organizationId}` as const;

/** Resolves with the first message for which `match` holds. */
function receive(bus: Bus, match: (message: BusMessage) => boolean): Promise<BusMessage> {
  return new Promise((resolve) => {
    const stop = bus.onMessage((message) => {
      if (!match(message)) return;
      stop();
      resolve(message);
    });
  });
}

describe("the local bus", () => {
  it("delivers to every receiver, and one failing receiver does not stop the others", async () => {
    const bus = localBus(silent);
    const got: string[] = [];
    bus.onMessage(() => {
      throw new Error("broken receiver");
    });
    bus.onMessage((message) => got.push(message.event));
    await bus.publish(topic, "member.left", {
      organization_id: organizationId,
      user_id: randomUUID(),
      reason: "left",
    });
    expect(got).toEqual(["member.left"]);
    await bus.close();
  });

  it("refuses an event PostgreSQL could not carry (8000 bytes), on the embedded database too", async () => {
    const bus = localBus(silent);
    const organization = {
      id: organizationId,
      name: "x",
      description: "é".repeat(4000),
      website: "",
      location: "",
      logo_url: "",
    };
    await expect(bus.publish(topic, "organization.updated", { organization })).rejects.toThrow(
      EventTooLargeError,
    );
    await bus.close();
  });

  it("has no one to tell in a write: an event told by its write reaches this process's receivers once delivered", async () => {
    const bus = localBus(silent);
    const got: BusMessage[] = [];
    bus.onMessage((message) => got.push(message));
    const payload = { organization_id: organizationId, user_id: randomUUID(), reason: "left" as const };
    const told = bus.inWrite(topic, "member.left", payload);
    expect(told.text).toBeNull();
    expect(got).toEqual([]);
    told.deliver(payload);
    expect(got).toEqual([{ topic, event: "member.left", payload }]);
    await bus.close();
  });

  it("ignores what is not one of our messages", () => {
    expect(decodeNotification("not json")).toBeNull();
    expect(decodeNotification(JSON.stringify({ topic: "org:1", event: "x", payload: {} }))).toBeNull();
    expect(decodeNotification(JSON.stringify({ topic, event: "member.left" }))).toBeNull();
  });

  it("names the process a message comes from, and reads one from a process that does not", () => {
    const message: BusMessage = {
      topic,
      event: "member.left",
      payload: { organization_id: organizationId, user_id: randomUUID(), reason: "left" },
    };
    expect(decodeNotification(encodeBusMessage(message, "0123456789abcdef"))).toEqual({
      origin: "0123456789abcdef",
      message,
    });
    // An older process during a rolling restart sends the message alone: another's, delivered.
    expect(decodeNotification(JSON.stringify(message))).toEqual({ origin: null, message });
  });
});

describe.skipIf(!onPostgres)("the PostgreSQL bus", () => {
  let database: Database;
  const buses: Bus[] = [];
  const open = async (name = `votespace test ${randomUUID()}`) => {
    const bus = await postgresBus(database, inject("postgresUrl"), silent, name);
    buses.push(bus);
    return bus;
  };

  /** Two processes' buses, and what bus A's receivers got of one user's messages. */
  const twoBuses = async () => {
    const [a, b] = [await open(), await open()];
    const userId = randomUUID();
    const mine = (message: BusMessage) => (message.payload as { user_id?: string }).user_id === userId;
    const onA: BusMessage[] = [];
    a.onMessage((message) => mine(message) && onA.push(message));
    return { a, b, userId, mine, onA };
  };

  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await database.close();
  });

  it("brings a message published on one bus to every bus on the database, its own included", async () => {
    const [a, b] = [await open(), await open()];
    const userId = randomUUID();
    const match = (message: BusMessage) =>
      message.event === "member.left" && "user_id" in message.payload && message.payload.user_id === userId;
    const arrivals = Promise.all([receive(a, match), receive(b, match)]);
    await a.publish(topic, "member.left", {
      organization_id: organizationId,
      user_id: userId,
      reason: "left",
    });
    const [onA, onB] = await arrivals;
    expect(onA).toEqual({
      topic,
      event: "member.left",
      payload: { organization_id: organizationId, user_id: userId, reason: "left" },
    });
    expect(onB).toEqual(onA);
  });

  it("hands its own messages to its receivers at once, and once: not again when the notification returns", async () => {
    const { a, b, userId, mine, onA } = await twoBuses();
    const atB = receive(b, mine);
    const publishing = a.publish(topic, "member.left", {
      organization_id: organizationId,
      user_id: userId,
      reason: "left",
    });
    // Delivered here before the database is asked to tell the others.
    expect(onA).toHaveLength(1);
    await publishing;
    await atB;
    // The other bus heard it through the database; by then the notification came back here too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onA).toHaveLength(1);
  });

  it("gives a write the text that tells the others; this process's receivers get it once, when delivered", async () => {
    const { a, b, userId, mine, onA } = await twoBuses();
    const payload = { organization_id: organizationId, user_id: userId, reason: "left" as const };
    const told = a.inWrite(topic, "member.left", payload);
    // The bus itself sends nothing: the write does, with its change.
    const atB = receive(b, mine);
    await database.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${told.text})`);
    expect(await atB).toEqual({ topic, event: "member.left", payload });
    told.deliver(payload);
    // Here once, from deliver, not again when the notification came back.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onA).toEqual([{ topic, event: "member.left", payload }]);
  });

  it("listens again after its connection is killed, and says delivery resumed", async () => {
    const name = `votespace test ${randomUUID()}`;
    const bus = await open(name);
    const resumed = new Promise<void>((resolve) => bus.onResume?.(resolve));
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`,
    );
    await resumed;
    const userId = randomUUID();
    const arrival = receive(
      bus,
      (message) => "user_id" in message.payload && message.payload.user_id === userId,
    );
    const publisher = await open();
    await publisher.publish(topic, "member.left", {
      organization_id: organizationId,
      user_id: userId,
      reason: "left",
    });
    expect((await arrival).topic).toBe(topic);
  });

  it("ignores foreign notifications on its channel", async () => {
    const bus = await open();
    const got: BusMessage[] = [];
    bus.onMessage((message) => got.push(message));
    await database.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, 'hello')`);
    const userId = randomUUID();
    const arrival = receive(
      bus,
      (message) => "user_id" in message.payload && message.payload.user_id === userId,
    );
    await bus.publish(topic, "member.left", {
      organization_id: organizationId,
      user_id: userId,
      reason: "left",
    });
    await arrival;
    expect(
      got.filter((message) => (message.payload as { user_id?: string }).user_id === userId),
    ).toHaveLength(1);
  });
});
