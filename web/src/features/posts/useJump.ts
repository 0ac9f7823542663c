import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { type Post, type PostPage, postMessages } from "../../../../contract/posts";
import { useSearchParams } from "../../router";
import { useToast } from "../../ui/Toast";
import { fetchPost } from "./keys";
import type { JumpTarget } from "./MessageList";
import { MESSAGE_PARAM } from "./permalink";
import { text } from "./text";

/** Pages of 50 loaded at most while looking for a search result further back. */
const JUMP_PAGES = 40;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Jumping to a message (a search result, a pin, a permalink): earlier pages load until the timeline
 * holds it, then the list scrolls to it and marks it (`target`). A permalink (`?message=`) is read
 * at mount (the frame then rewrites the address) and followed once the channel has loaded.
 */
export function useJump(options: {
  channelId: string;
  ready: boolean;
  held(): PostPage | undefined;
  loadOlder(): Promise<void>;
  onJump(): void;
}) {
  const { channelId, ready, held, loadOlder, onJump } = options;
  const toast = useToast();
  const [target, setTarget] = useState<JumpTarget | null>(null);
  const queryClient = useQueryClient();

  const jumpTo = useCallback(
    async (post: Pick<Post, "id">) => {
      onJump();
      const holds = () => !!held()?.posts.some((item) => item.id === post.id);
      let pages = 0;
      while (!holds() && held()?.has_more && pages++ < JUMP_PAGES) await loadOlder();
      if (holds()) setTarget({ id: post.id, nonce: Date.now() });
      else toast(text.jumpFailed, "error");
    },
    [onJump, held, loadOlder, toast],
  );

  const [params] = useSearchParams();
  const [linked, setLinked] = useState(() => params.get(MESSAGE_PARAM));
  useEffect(() => {
    if (!linked || !ready) return;
    setLinked(null);
    // Only a message id goes into the request's path.
    if (!UUID.test(linked)) {
      toast(postMessages.notFound, "error");
      return;
    }
    fetchPost(queryClient, linked)
      .then((post) => {
        if (post.channel_id !== channelId) throw new Error(postMessages.notFound);
        return jumpTo(post);
      })
      .catch(() => toast(postMessages.notFound, "error"));
  }, [linked, ready, channelId, jumpTo, toast, queryClient]);

  return { target, jumpTo };
}
