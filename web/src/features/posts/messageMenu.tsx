import { messages } from "../../../../contract/messages";
import type { Post } from "../../../../contract/posts";
import { copyText } from "../../ui/clipboard";
import { LinkIcon } from "../../ui/icons";
import type { MenuItem } from "../../ui/Menu";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { useChannel } from "./context";
import { BookmarkIcon, CopyIcon, FlagIcon, ForwardIcon, PencilIcon, PinIcon, TrashIcon } from "./icons";
import { permalink } from "./permalink";
import { text } from "./text";

/**
 * A message's "More" menu: copy its text or link; pin (administrators), bookmark, forward (when
 * there is a channel to forward to), report (others' messages), edit (one's own), delete (one's
 * own, or any for administrators).
 */
export function useMessageMenu(
  post: Post,
  { mine, onCopied, onEdit }: { mine: boolean; onCopied(): void; onEdit(): void },
): MenuItem[] {
  const { channel, admin, actions, forwardTargets, open } = useChannel();
  const toast = useToast();
  const copy = async () => {
    try {
      await copyText(post.content || post.attachment?.filename || "");
      onCopied();
    } catch (failure) {
      toast(messageOf(failure), "error");
    }
  };

  const copyLink = async () => {
    try {
      await copyText(permalink(channel, post.id));
      toast(messages.linkCopied);
    } catch (failure) {
      toast(messageOf(failure), "error");
    }
  };

  return [
    { id: "copy", label: text.copy, icon: <CopyIcon size={16} />, onSelect: () => void copy() },
    { id: "link", label: text.copyLink, icon: <LinkIcon size={16} />, onSelect: () => void copyLink() },
    ...(admin
      ? [
          {
            id: "pin",
            label: post.is_pinned ? text.unpin : text.pin,
            icon: <PinIcon size={16} />,
            onSelect: () => actions.togglePin(post),
          },
        ]
      : []),
    {
      id: "bookmark",
      label: post.is_bookmarked ? text.unbookmark : text.bookmark,
      icon: <BookmarkIcon size={16} />,
      onSelect: () => actions.toggleBookmark(post),
    },
    ...(forwardTargets.length > 0
      ? [
          {
            id: "forward",
            label: text.forward,
            icon: <ForwardIcon size={16} />,
            onSelect: () => open({ kind: "forward", post }),
          },
        ]
      : []),
    ...(!mine
      ? [
          {
            id: "report",
            label: text.report,
            icon: <FlagIcon size={16} />,
            onSelect: () => open({ kind: "report", post }),
          },
        ]
      : []),
    ...(mine ? [{ id: "edit", label: text.edit, icon: <PencilIcon size={16} />, onSelect: onEdit }] : []),
    ...(mine || admin
      ? [
          {
            id: "delete",
            label: text.delete,
            icon: <TrashIcon size={16} />,
            danger: true,
            onSelect: () => open({ kind: "delete", post }),
          },
        ]
      : []),
  ];
}
