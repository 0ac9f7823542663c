import type { Member } from "../../../../contract/organizations";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import styles from "./MentionSuggestions.module.css";
import { text } from "./text";

/** "@" suggestions under the message box: the organization's members whose name matches. */
export function MentionSuggestions({
  id,
  members,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  members: Member[];
  active: number;
  onChoose(member: Member): void;
  onHover(index: number): void;
}) {
  return (
    <div id={id} className={styles.suggestions} role="listbox" aria-label={text.mentionSuggestions}>
      {members.map((member, index) => (
        <div
          key={member.user_id}
          id={`${id}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          className={index === active ? cx(styles.suggestion, styles.suggestionActive) : styles.suggestion}
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(member);
          }}
          onMouseEnter={() => onHover(index)}
        >
          <Avatar name={member.full_name} size={24} />
          <span>{member.full_name}</span>
          <span className={styles.suggestionRole}>{member.role === "admin" ? text.admin : text.voter}</span>
        </div>
      ))}
    </div>
  );
}
