import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { type Channel, channelPath, MUTE_DURATIONS } from "../../../../contract/channels";
import { channelsEndpoints } from "../../../../contract/channels-endpoints";
import { messages } from "../../../../contract/messages";
import { useEndpointMutation } from "../../api/query";
import { useNavigate, useSearchParams } from "../../router";
import { copyText } from "../../ui/clipboard";
import { TrashIcon } from "../../ui/icons";
import { Menu, type MenuItem } from "../../ui/Menu";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { inviteLink } from "../organizations/inviteLink";
import {
  BellIcon,
  BellOffIcon,
  CopyIcon,
  GearIcon,
  LinkIcon,
  PencilIcon,
  UserPlusIcon,
} from "../workspace/icons";
import { text } from "../workspace/text";
import { useWorkspace } from "../workspace/WorkspaceContext";

/** The words of a mute duration, as the menu offers it. */
const muteLabel = (minutes: number | undefined): string =>
  MUTE_DURATIONS.find((option) => option.minutes === minutes)?.label ?? "";

/** Spec: the chosen mute option is shown with a check for one second. */
const MUTE_TICK_MS = 1000;

// The dialogs (and the form library they use) load when one opens, not with every workspace page.
const RenameDialog = lazy(() => import("./ChannelDialogs").then((m) => ({ default: m.RenameDialog })));
const DeleteDialog = lazy(() => import("./ChannelDialogs").then((m) => ({ default: m.DeleteDialog })));
const ChannelSettingsDialog = lazy(() =>
  import("./ChannelSettingsDialog").then((m) => ({ default: m.ChannelSettingsDialog })),
);

type Dialog = { kind: "settings" | "rename" | "delete"; channelId: string } | null;

const timeFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * The channel menu itself (right-click or the "⋯" button) and the dialogs it opens: loaded the first
 * time a menu opens (ChannelMenu.tsx), then kept mounted so a dialog outlives the menu that opened it.
 */
export function ChannelMenuPanel({
  menu,
  onClose,
}: {
  /** The channel whose menu is open and where, or null when no menu is open. */
  menu: { channelId: string; at: { x: number; y: number } } | null;
  onClose(): void;
}) {
  const { channels, current, replaceChannel, refreshChannels } = useWorkspace();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tick, setTick] = useState<number | null>(null);
  const tickTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(tickTimer.current), []);

  const close = useCallback(() => {
    clearTimeout(tickTimer.current);
    setTick(null);
    onClose();
  }, [onClose]);

  // A menu opened afresh shows no check from the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another menu opens
  useEffect(() => {
    clearTimeout(tickTimer.current);
    setTick(null);
  }, [menu?.channelId, menu?.at]);

  const menuChannel = menu ? channels.find((channel) => channel.id === menu.channelId) : undefined;
  const dialogChannel = dialog ? channels.find((channel) => channel.id === dialog.channelId) : undefined;

  const fail = (prefix: string) => (error: unknown) => toast(prefix + messageOf(error), "error");

  const preferences = useEndpointMutation(channelsEndpoints.setPreferences, {
    onSuccess: (result, { body }) => {
      replaceChannel(result.channel);
      toast(
        body.mute === false
          ? text.unmuted
          : body.mute === null
            ? text.mutedIndefinitely
            : text.mutedFor(muteLabel(body.mute)),
      );
    },
    onError: fail(""),
  });
  const setMute = (channel: Channel, mute: number | null | false) =>
    preferences.mutate({ params: { id: channel.id }, body: { mute } });
  const duplicate = useEndpointMutation(channelsEndpoints.duplicate, {
    onSuccess: (result) => {
      toast(result.message);
      return refreshChannels();
    },
    onError: fail(text.duplicateFailed),
  });

  const items = (channel: Channel): MenuItem[] => {
    const muteItems: MenuItem[] = MUTE_DURATIONS.map((option, index) => ({
      id: `mute-${index}`,
      label: option.label,
      checked: tick === index,
      keepOpen: true,
      onSelect: () => {
        setTick(index);
        setMute(channel, option.minutes);
        clearTimeout(tickTimer.current);
        tickTimer.current = setTimeout(close, MUTE_TICK_MS);
      },
    }));
    const { muted, muted_until } = channel.preferences;
    const list: MenuItem[] = [
      {
        id: "invite",
        label: text.inviteToChannel,
        icon: <UserPlusIcon size={16} />,
        onSelect: () => {
          const code = current?.invite_code;
          if (!code) {
            toast(messages.inviteLinkFailed, "error");
            return;
          }
          copyText(inviteLink(code))
            .then(() => toast(messages.inviteLinkCopied))
            .catch(() => toast(messages.inviteLinkFailed, "error"));
        },
      },
      {
        id: "copy",
        label: text.copyLink,
        icon: <LinkIcon size={16} />,
        onSelect: () => {
          copyText(window.location.origin + channelPath("organization", channel))
            .then(() => toast(messages.linkCopied))
            .catch(() => toast(text.copyFailed, "error"));
        },
      },
      {
        id: "settings",
        label: text.settings,
        icon: <GearIcon size={16} />,
        onSelect: () => setDialog({ kind: "settings", channelId: channel.id }),
      },
      {
        id: "duplicate",
        label: text.duplicate,
        icon: <CopyIcon size={16} />,
        onSelect: () => duplicate.mutate({ params: { id: channel.id } }),
      },
      {
        id: "edit",
        label: text.edit,
        icon: <PencilIcon size={16} />,
        onSelect: () => setDialog({ kind: "rename", channelId: channel.id }),
      },
      {
        id: "mute",
        label: text.mute,
        icon: <BellOffIcon size={16} />,
        hint: muted ? (muted_until ? `until ${timeFormat.format(new Date(muted_until))}` : "on") : undefined,
        submenu: muteItems,
      },
    ];
    if (muted) {
      list.push({
        id: "unmute",
        label: text.unmute,
        icon: <BellIcon size={16} />,
        onSelect: () => setMute(channel, false),
      });
    }
    list.push({
      id: "delete",
      label: text.delete,
      icon: <TrashIcon size={16} />,
      danger: true,
      onSelect: () => setDialog({ kind: "delete", channelId: channel.id }),
    });
    return list;
  };

  return (
    <>
      {menu && menuChannel && (
        <Menu
          label={text.channelMenu(menuChannel.name)}
          at={menu.at}
          items={items(menuChannel)}
          onClose={close}
        />
      )}
      <Suspense fallback={null}>
        {dialog?.kind === "settings" && dialogChannel && (
          <ChannelSettingsDialog channel={dialogChannel} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === "rename" && dialogChannel && (
          <RenameDialog channel={dialogChannel} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === "delete" && dialogChannel && (
          <DeleteDialog
            channel={dialogChannel}
            onClose={() => setDialog(null)}
            onDeleted={() => {
              if (searchParams.get("channelId") === dialogChannel.id) navigate("/organization");
            }}
          />
        )}
      </Suspense>
    </>
  );
}
