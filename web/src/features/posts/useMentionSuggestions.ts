import { type KeyboardEvent, useId, useState } from "react";
import type { Member } from "../../../../contract/organizations";
import { mentionQuery, suggestMembers } from "./composerInput";
import { useChannel } from "./context";

const MAX_SUGGESTIONS = 6;

/**
 * "@" suggestions for a box one writes a message or a reply in: the organization's members whose
 * name holds what is typed after "@" before the caret. `follow` is told the box's text and caret
 * as they change; `onKeyDown` takes the list's keys while it shows (arrows, Enter or Tab to choose,
 * Escape to close) and says whether it took one; `choose(member)` answers the box's text with the
 * "@name" before the caret replaced by the member's full name and a space, and where the caret goes.
 * `input` is what the box itself carries for assistive technology; `list`, the listbox's props.
 */
export function useMentionSuggestions() {
  const { members, me } = useChannel();
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const suggestions = mention ? suggestMembers(members, me, mention.query, MAX_SUGGESTIONS) : [];
  const suggesting = suggestions.length > 0;

  const follow = (value: string, caret: number | null) => {
    setMention(mentionQuery(value, caret ?? value.length));
    setActive(0);
  };
  const close = () => setMention(null);

  const choose = (member: Member, value: string, caret: number | null) => {
    const start = mention?.start ?? caret ?? value.length;
    const insertion = `@${member.full_name} `;
    setMention(null);
    return {
      value: value.slice(0, start) + insertion + value.slice(caret ?? value.length),
      caret: start + insertion.length,
    };
  };

  /** The list's keys while it shows; true when the key was the list's (the box does nothing more with it). */
  const onKeyDown = (event: KeyboardEvent, chosen: (member: Member) => void): boolean => {
    if (!suggesting) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const delta = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + delta + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      const member = suggestions[active];
      if (member) chosen(member);
    } else if (event.key === "Escape") {
      setMention(null);
    } else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  return {
    suggesting,
    follow,
    close,
    choose,
    onKeyDown,
    list: { id: listId, members: suggestions, active, onHover: setActive },
    input: {
      "aria-autocomplete": "list" as const,
      "aria-controls": suggesting ? listId : undefined,
      "aria-activedescendant": suggesting ? `${listId}-${active}` : undefined,
    },
  };
}
