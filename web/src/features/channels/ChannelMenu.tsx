import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import type { Channel } from "../../../../contract/channels";

// The menu, its mutations and its dialogs load the first time a menu opens: a member, who may manage
// no channel, never loads them.
const ChannelMenuPanel = lazy(() =>
  import("./ChannelMenuPanel").then((m) => ({ default: m.ChannelMenuPanel })),
);

/**
 * The organization area's channel menu (right-click or the "⋯" button) and the dialogs it opens.
 * Returns `open(channel, at)` and the element to render; shown only for channels the viewer may manage.
 */
export function useChannelMenu(): {
  open(channel: Channel, at: { x: number; y: number }): void;
  /** The channel whose menu is open, if any. */
  openFor: string | null;
  element: ReactNode;
} {
  const [menu, setMenu] = useState<{ channelId: string; at: { x: number; y: number } } | null>(null);
  const [used, setUsed] = useState(false);
  const close = useCallback(() => setMenu(null), []);
  const open = useCallback((channel: Channel, at: { x: number; y: number }) => {
    if (!channel.can.manage) return;
    setUsed(true);
    setMenu({ channelId: channel.id, at });
  }, []);
  const element = used ? (
    <Suspense fallback={null}>
      <ChannelMenuPanel menu={menu} onClose={close} />
    </Suspense>
  ) : null;
  return { open, openFor: menu?.channelId ?? null, element };
}
