import { useSearchParams } from "react-router";
import { useTopic } from "../../api/useRealtime";
import { useToast } from "../../ui/Toast";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "./WorkspaceContext";

/** Tells the user, wherever they are in the workspace, that someone mentioned them (the server decided whether to). */
export function MentionNotices() {
  const { user } = useAuth();
  const { channels } = useWorkspace();
  const [searchParams] = useSearchParams();
  const toast = useToast();
  const openChannelId = searchParams.get("channelId");
  useTopic(user ? `user:${user.id}` : null, {
    "notification.created": (notice) => {
      if (notice.channel_id === openChannelId) return;
      const channel = channels.find((c) => c.id === notice.channel_id);
      toast(
        `${notice.actor_name} mentioned you${channel ? ` in #${channel.name}` : ""}: ${notice.excerpt}`,
        "info",
      );
    },
  });
  return null;
}
