import { describe, expect, it } from "vitest";
import type { BusMessage } from "./bus";
import { QUIET_HORIZON_MS, TopicQuiet } from "./quiet";

function clocked() {
  const clock = { now: 1_000 };
  return { clock, quiet: new TopicQuiet(() => clock.now) };
}

const typing = (topic: `channel:${string}`): BusMessage =>
  ({ topic, event: "typing.started", payload: {} }) as unknown as BusMessage;

describe("a topic's quiet", () => {
  it("counts from the topic's last event, on every topic a message goes to", () => {
    const { clock, quiet } = clocked();
    clock.now += 5_000;
    quiet.note({ ...typing("channel:a"), also: ["user:b"] } as BusMessage);
    clock.now += 700;
    expect(quiet.quietFor("channel:a")).toBe(700);
    expect(quiet.quietFor("user:b")).toBe(700);
    // Never seen: quiet since this process listened.
    expect(quiet.quietFor("channel:c")).toBe(5_700);
  });

  it("counts a post in its organization, whose members hear of it as channel.activity", () => {
    const { clock, quiet } = clocked();
    clock.now += 5_000;
    quiet.note({
      topic: "channel:a",
      event: "post.created",
      payload: { organization_id: "o", channel_id: "a" },
    } as unknown as BusMessage);
    clock.now += 10;
    expect(quiet.quietFor("org:o")).toBe(10);
  });

  it("leaves presence out: a socket's own arrival does not make its organization's topic busy", () => {
    const { clock, quiet } = clocked();
    clock.now += 5_000;
    quiet.note({ topic: "org:o", event: "presence.updated", payload: {} } as unknown as BusMessage);
    expect(quiet.quietFor("org:o")).toBe(5_000);
  });

  it("knows nothing from before a gap in the bus, and nothing further back than its horizon", () => {
    const { clock, quiet } = clocked();
    clock.now += 10_000;
    quiet.gap();
    clock.now += 300;
    expect(quiet.quietFor("channel:a")).toBe(300);
    clock.now += 2 * QUIET_HORIZON_MS;
    expect(quiet.quietFor("channel:a")).toBe(QUIET_HORIZON_MS);
  });

  it("forgets topics quiet past its horizon (its memory is the topics of the last minutes)", () => {
    const { clock, quiet } = clocked();
    for (let i = 0; i < 1_000; i++) quiet.note(typing(`channel:${i}`));
    clock.now += QUIET_HORIZON_MS + 1;
    quiet.note(typing("channel:new"));
    expect((quiet as unknown as { lastSeen: Map<string, number> }).lastSeen.size).toBe(1);
    expect(quiet.quietFor("channel:1")).toBe(QUIET_HORIZON_MS);
  });
});
