import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { PostPage } from "../../../../contract/posts";
import { channelCache } from "./channelCache";
import { timelineKey } from "./keys";
import { post } from "./posts.fixtures";

const CHANNEL = "c1";

/** A timeline query whose reads the test answers one by one, with an observer as the screen has. */
function timelineOnScreen() {
  const queryClient = new QueryClient();
  const answers: Array<(page: PostPage) => void> = [];
  const observer = new QueryObserver<PostPage>(queryClient, {
    queryKey: timelineKey(CHANNEL),
    queryFn: () => new Promise<PostPage>((resolve) => answers.push(resolve)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const page = (ids: string[]): PostPage => ({
    posts: ids.map((id, index) => post(id, index, { channel_id: CHANNEL })),
    has_more: false,
    last_read_at: null,
  });
  const held = () => queryClient.getQueryData<PostPage>(timelineKey(CHANNEL))?.posts.map((item) => item.id);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queryClient, answers, page, held, settled, unsubscribe };
}

describe("channelCache on a timeline still on its first load", () => {
  it("reads the timeline again once the load lands, so a message sent meanwhile shows", async () => {
    const t = timelineOnScreen();
    await t.settled();
    expect(t.answers).toHaveLength(1);
    // The message is sent and answered while the first read is in flight, and a second change comes.
    const cache = channelCache(t.queryClient, CHANNEL);
    cache.upsert(post("sent", 5, { channel_id: CHANNEL }), true);
    cache.remove("a");
    // The first read was made before the message was written.
    t.answers[0]?.(t.page(["a", "b"]));
    await t.settled();
    expect(t.held()).toEqual(["a", "b"]);
    // Once, however many changes came meanwhile.
    expect(t.answers).toHaveLength(2);
    t.answers[1]?.(t.page(["b", "sent"]));
    await t.settled();
    expect(t.held()).toEqual(["b", "sent"]);
    t.unsubscribe();
  });

  it("writes into a timeline that has answered, without reading it again", async () => {
    const t = timelineOnScreen();
    await t.settled();
    t.answers[0]?.(t.page(["a"]));
    await t.settled();
    channelCache(t.queryClient, CHANNEL).upsert(post("sent", 5, { channel_id: CHANNEL }), true);
    await t.settled();
    expect(t.held()).toEqual(["a", "sent"]);
    expect(t.answers).toHaveLength(1);
    t.unsubscribe();
  });
});
