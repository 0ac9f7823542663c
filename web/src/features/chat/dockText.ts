/**
 * The words of the chat's button and panel frame, which every workspace page loads; the panel's
 * own (text.ts) come with the panel.
 */
export const dockText = {
  title: "Messages",
  /** A browser notification's title for a direct message. */
  messageFrom: (name: string | null) => (name ? `${name} sent you a direct message` : "New direct message"),
  openChat: "Open messages",
  closeChat: "Close messages",
  unreadBadge: (n: number) => `${n} unread`,
} as const;
