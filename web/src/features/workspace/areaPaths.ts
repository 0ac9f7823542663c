/**
 * The channel pages of each area, by channel type (text, airing, live, election): the member area's
 * live page is /member/streaming (spec part 1 section 2). The route table is made from these.
 */
export const AREA_CHANNEL_PAGES = {
  organization: ["text", "airing", "live", "election"],
  member: ["text", "airing", "streaming", "election"],
} as const;

type AreaName = keyof typeof AREA_CHANNEL_PAGES;

/**
 * A channel's page of one area as the same channel's page in the area whose home is `home`
 * (/organization or /member), with the same query: a link an administrator copied
 * (/organization/airing?channelId=…) opened by a member, or a /member link (a notice's) opened by an
 * organization account. Null when the address names no channel.
 */
export function sameChannelIn(home: string, pathname: string, search: string): string | null {
  const area = home.slice(1);
  if (area !== "organization" && area !== "member") return null;
  const match = /^\/(organization|member)\/([a-z]+)\/?$/.exec(pathname);
  if (!match || !new URLSearchParams(search).get("channelId")) return null;
  const from = match[1] as AreaName;
  const index = (AREA_CHANNEL_PAGES[from] as readonly string[]).indexOf(match[2] ?? "");
  if (index < 0) return null;
  return `/${area}/${AREA_CHANNEL_PAGES[area][index]}${search}`;
}
