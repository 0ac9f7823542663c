/**
 * The channel settings' words for two administrators (or two tabs) at once, and the posters' list
 * with its version. Apart from channels.ts, which the ballot page loads at first: only the server
 * and the settings dialog (a lazy chunk) read these.
 */

/** Who may post in a private channel, and the version of that list a choice starts from. */
export interface ChannelPosters {
  user_ids: string[];
  version: number;
}

export const channelSettingsMessages = {
  securityChangedElsewhere:
    "This channel's security settings were changed in another tab or by another administrator since you opened them, so yours were not saved. Your choices are still here: reload the settings to see theirs, then make your changes again and save.",
  postersChangedElsewhere:
    "Who may post in this channel was changed in another tab or by another administrator since you opened it, so your choice was not saved. Your choice is still here: reload the list to see theirs, then choose again and save.",
};
