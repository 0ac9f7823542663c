import type { Member } from "../../../../contract/organizations";
import { type ListWords, useLongList } from "../../ui/LongList";
import { shellText } from "./shellText";

const words: ListWords = {
  find: "Find a member by name or email",
  count: shellText.memberCount,
  noMatch: "No member matches that name or email.",
};

/**
 * The organization's members as a long list (ui/LongList), wherever they are listed (the
 * organization profile, a channel's Members tab): found by name or address, in the same words.
 */
export function useMemberList(members: Member[]) {
  return useLongList(members, (member) => `${member.full_name} ${member.email ?? ""}`, words);
}
