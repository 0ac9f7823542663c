import { dockText } from "./dockText";

/** The chat panel's words (loaded with the panel); the spec's own are marked. */
export const text = {
  ...dockText,
  /** The open conversation's messages, a box the keyboard scrolls. */
  messagesWith: (name: string) => `Messages with ${name}`,
  /** A message of theirs arriving in the open conversation, said to screen readers. */
  said: (name: string, content: string) => `${name}: ${content.slice(0, 300)}`,
  contacts: "Contacts",
  /** spec */
  noContacts: "No users available to chat with.",
  /** spec */
  noMessages: "No messages yet. Start the conversation!",
  /** spec */
  placeholder: "Type a message...",
  send: "Send",
  sending: "Sending...",
  back: "Back to contacts",
  loading: "Loading...",
  loadingEarlier: "Loading...",
  earlier: "Load earlier messages",
  retry: "Retry",
  contactsFailed: "Could not load your contacts",
  conversationFailed: "Could not load this conversation",
  earlierFailed: "Could not load earlier messages",
  notSent: (reason: string) => `Message not sent: ${reason}`,
  noOrganization: "Join an organization to chat with its members.",
  online: "Online",
  offline: "Offline",
  you: "You: ",
  me: "You",
  roleAdmin: "Admin",
  roleVoter: "Voter",
  roleMember: "Member",
  seen: "Seen",
  notAccepting: (name: string) => `${name} does not accept direct messages.`,
  /** A past conversation with someone who shares no organization with the user any more. */
  noSharedOrganization: (name: string) =>
    `${name} is no longer in an organization with you. Your past messages stay here to read; new ones cannot be sent.`,
  formerContact: "No shared organization",
  unreadFrom: (n: number) => `${n} unread`,
  messageLabel: "Message",
} as const;
