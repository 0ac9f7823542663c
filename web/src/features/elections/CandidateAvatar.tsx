import { Avatar } from "../../ui/Avatar";
import { text } from "./text";

/** A candidate's picture (a web address or a path on this site), or their initials. */
export function CandidateAvatar({ name, image, size = 44 }: { name: string; image: string; size?: number }) {
  return <Avatar name={name} src={image || null} size={size} />;
}

/** A candidate's party, or "Independent". */
export const partyOf = (party: string) => party.trim() || text.independent;
