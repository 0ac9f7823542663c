/**
 * The words of the workspace's frame (organization strip, channel sidebar, its footer, a channel's
 * header, notices): every workspace page loads these, not all of the workspace screens' words (text.ts).
 */
export const shellText = {
  loading: "Loading...",
  loadFailed: "Could not load your workspace",
  retry: "Retry",
  dashboard: "Dashboard",
  noChannels: "No Channels",
  noChannelsBody: "This organization hasn't created any channels yet.",
  noOrganization: "No Organization",
  noOrganizationBody: "Join an organization to access channels and participate in elections.",
  requestWaiting: (names: string[]) =>
    `Your request to join ${names.join(", ")} is waiting for an administrator. You will be let in as soon as one approves it.`,
  searchOrganizations: "Search Organizations",
  joinOrganization: "Join Organization",
  electionResults: "Election Results",
  createChannel: "Create Channel",
  monitoring: "Monitoring",
  organizationProfile: "Organization Profile",
  settings: "Settings",
  voterProfile: "Voter Profile",
  signOut: "Sign Out",
  roleVoter: "Voter",
  /** An organization account that is a plain member here (the Members list's word). */
  roleMember: "Member",
  roleAdmin: "Admin",
  openSidebar: "Open channel list",
  unreadInChannels: "unread in channels",
  closeSidebar: "Close channel list",
  showHidden: (count: number) => `Show hidden (${count})`,
  hideHidden: "Hide hidden channels",
  emptyGroup: "No channels yet",
  generalElection: "General",
  generalElectionNote:
    "Create your first election here. An election channel needs its dates and candidates, so it is made with them.",
  noElectionYet: "No elections yet",
  channelOptions: (name: string) => `Options for ${name}`,
  addChannel: (label: string) => `Create a channel in ${label}`,
  privateChannel: "Private channel",
  mutedChannel: "Muted",
  favoriteChannel: "Favourite",
  newMessageIn: (channel: string) => `New message in #${channel}`,
  /** `organization`: named when it is not the one on screen. */
  mentionedYou: (actor: string, channel: string, organization?: string) =>
    `${actor} mentioned you in #${channel}${organization ? ` (${organization})` : ""}`,
  // Channel page
  channelNotFoundBody: "This channel does not exist or you no longer have access to it.",
  otherOrganization: (name: string) => `This channel belongs to ${name}`,
  otherOrganizationBody:
    "It is not a channel of the organization you have open. Switch to its organization to see it there.",
  switchTo: (name: string) => `Switch to ${name}`,
  backToDashboard: "Back to Dashboard",
  memberCount: (count: number) => `${count} ${count === 1 ? "member" : "members"}`,
  /** The live connection is lost and being tried again. */
  reconnecting: "Reconnecting... Live updates are paused.",
} as const;
