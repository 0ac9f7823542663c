import type { EventMap } from "../../../../contract/events";
import { useTopic } from "../../api/useRealtime";
import { useNavigate, useSearchParams } from "../../router";
import { useToast } from "../../ui/Toast";
import { useAuth } from "../accounts/AuthProvider";
import { chime, useNotificationChoices } from "../chat/sound";
import { messageAddress } from "../posts/permalink";
import { countedMessages, notifyChoice } from "../posts/useUnreadCounts";
import { browserNoticeWanted, showBrowserNotice } from "../settings/browserNotifications";
import { shellText as text } from "./shellText";
import { useWorkspace } from "./WorkspaceContext";

/**
 * Tells the user, wherever they are in the workspace, that someone mentioned them (the server
 * decided whether to: mutes, the channel's choice, Notifications and Mentions): a toast unless
 * they are reading that channel, and a browser notification when they chose those and the tab is
 * hidden or shows another channel.
 */
export function MentionNotices() {
  const { user } = useAuth();
  const { currentId, area } = useWorkspace();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const choices = useNotificationChoices();
  const openChannelId = searchParams.get("channelId");
  useTopic(user ? `user:${user.id}` : null, {
    "notification.created": (notice) => {
      // Named with its organization when it is not the one on screen.
      const elsewhere = notice.organization_id !== currentId ? notice.organization_name : undefined;
      const said = text.mentionedYou(notice.actor_name, notice.channel_name, elsewhere);
      const reading = notice.channel_id === openChannelId && document.visibilityState === "visible";
      // A message of another organization opens once that one is current (its page would not find it here).
      if (!reading && browserNoticeWanted(choices(), "mention")) {
        showBrowserNotice({
          title: said,
          body: notice.excerpt,
          tag: `mention:${notice.post_id}`,
          open: () =>
            elsewhere
              ? undefined
              : navigate(
                  messageAddress(area, { id: notice.channel_id, name: notice.channel_name }, notice.post_id),
                ),
        });
      }
      if (notice.channel_id === openChannelId) return;
      toast(`${said}: ${notice.excerpt}`, "info");
    },
  });
  return null;
}

/**
 * Settings › Notifications › All Messages: a notice for every new message by others in the
 * current organization's channels, as each channel's own choice allows ("All messages", or
 * "Voters only" for messages by voters; "Mentions only" has its own notice above, "Nothing" and a
 * mute silence the channel). Not for the channel the user is reading.
 */
export function MessageNotices() {
  const { user } = useAuth();
  const { currentId, channels } = useWorkspace();
  const [searchParams] = useSearchParams();
  const toast = useToast();
  const choices = useNotificationChoices();
  const openChannelId = searchParams.get("channelId");
  useTopic(currentId ? `org:${currentId}` : null, {
    "channel.activity": (event: EventMap["channel.activity"]) => {
      const wanted = choices();
      if (!user || !wanted?.enabled || !wanted.allMessages) return;
      // One notice per channel of the batch (at most one batch a second).
      for (const activity of event.channels) {
        if (activity.channel_id === openChannelId && document.visibilityState === "visible") continue;
        const channel = channels.find((c) => c.id === activity.channel_id);
        if (!channel) continue;
        const notify = notifyChoice(channel);
        if (notify !== "all" && notify !== "voters") continue;
        // Messages that mention the user have their own notice.
        const mentioningMe = activity.mentions.find((m) => m.user_id === user.id)?.posts ?? 0;
        if (countedMessages(activity, user.id, notify) <= mentioningMe) continue;
        toast(text.newMessageIn(channel.name), "info");
        if (wanted.sounds) chime();
      }
    },
  });
  return null;
}
