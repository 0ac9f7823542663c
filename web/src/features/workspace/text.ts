import type { ChannelType, NotifyChoice } from "../../../../contract/channels";
import { shellText } from "./shellText";

/** The workspace's own words (the shared ones come from contract/messages). */
export const text = {
  ...shellText,
  channelMenu: (name: string) => `Channel ${name}`,
  // Channel menu
  inviteToChannel: "Invite to Channel",
  copyLink: "Copy Link",
  duplicate: "Duplicate",
  edit: "Edit",
  mute: "Mute",
  unmute: "Unmute",
  delete: "Delete",
  mutedUntil: (when: string) => `Muted until ${when}`,
  mutedForever: "Muted until you turn it back on",
  unmuted: "Notifications turned back on",
  mutedFor: (label: string) => `Muted for ${label}`,
  mutedIndefinitely: "Muted until you turn it back on",
  duplicateFailed: "Failed to duplicate channel: ",
  renameFailed: "Failed to update channel name: ",
  deleteFailed: "Failed to delete channel: ",
  copyFailed: "Could not copy to the clipboard",
  actionFailed: "Failed: ",
  // Rename and delete dialogs
  renameTitle: "Rename Channel",
  channelName: "Channel name",
  save: "Save",
  saving: "Saving...",
  cancel: "Cancel",
  deleteTitle: "Delete Channel",
  deleting: "Deleting...",
  // Settings dialog
  settingsTitle: (name: string) => `Settings: ${name}`,
  notificationSettings: "Notification Settings",
  securitySettings: "Security Settings",
  channelPermissions: "Channel Permissions",
  channelVisibility: "Channel Visibility",
  memberManagement: "Member Management",
  notificationsIntro:
    "Which messages in this channel notify you. This is your own choice; others keep theirs.",
  securityIntro: "Checks a member must pass before taking part in this channel.",
  notAvailable: "Not available",
  permissionsIntro: "What members may do in this channel besides reading.",
  membersCanComment: "Members can comment and react",
  membersCanAttach: "Members can attach images and files",
  visibilityIntro: "Who may post in this channel.",
  public: "Public",
  publicNote: "Every member of the organization may post.",
  private: "Private",
  privateNote: "Read-only for members: only administrators (and members you allow) may post.",
  membersIntro: "Members allowed to post in this private channel. Administrators always may.",
  noVoterMembers: "This organization has no members besides its administrators yet.",
  loadingMembers: "Loading members...",
  saveSection: "Save",
  securityChangedElsewhere:
    "This channel's security settings were changed in another tab or by another administrator. Your unsaved changes are still here, but they cannot be saved over theirs: reload the settings to see their changes, then make yours again.",
  reloadSettings: "Reload settings",
  postersChangedElsewhere:
    "Who may post in this channel was changed in another tab or by another administrator. Your unsaved choice is still here, but it cannot be saved over theirs: reload the list to see their choice, then make yours again.",
  reloadPosters: "Reload list",
  // Home
  welcome: (name: string) => `Welcome to ${name}`,
  noDescription: "No description provided",
  statMembers: "Members",
  statChannels: "Channels",
  statOnline: "Online now",
  statsFailed: "Could not load the statistics: ",
  calendar: "Calendar",
  previousMonth: "Previous month",
  nextMonth: "Next month",
  today: "Today",
  selectedDate: (date: string) => `Selected: ${date}`,
  nothingThatDay: "No elections or sessions on this day.",
  calendarError: "The calendar's events could not be loaded.",
  hasEvents: "has elections or sessions",
  votingOpens: "Voting opens",
  votingCloses: "Voting closes",
  sessionKind: { airing: "Airing session", live: "Live session" } as Record<string, string>,
} as const;

export const CHANNEL_TYPE_LABELS: Record<ChannelType, string> = {
  text: "Text Channel",
  airing: "Airing Channel",
  live: "Live Channel",
  election: "Election Channel",
};

export const NOTIFY_LABELS: Record<NotifyChoice, string> = {
  all: "All messages",
  mentions: "Mentions only",
  voters: "Voters only",
  nothing: "Nothing",
};
