import { useState } from "react";
import { type Post, REACTION_EMOJI } from "../../../../contract/posts";
import { cx } from "../../ui/cx";
import parts from "./ChannelParts.module.css";
import { EmojiPicker } from "./EmojiPicker";
import { SmileIcon } from "./icons";
import styles from "./Reactions.module.css";
import { text } from "./text";

/**
 * A message's emoji reactions as chips (after the Like's heart): the emoji and its count, the
 * viewer's own highlighted; the name says who reacted. Where the viewer may react, a chip adds or
 * takes back their own; elsewhere it only tells.
 */
export function ReactionChips({
  post,
  canReact,
  onToggle,
}: {
  post: Post;
  canReact: boolean;
  onToggle(emoji: string): void;
}) {
  return post.reactions.map((reaction) => {
    const who = text.reactedBy(
      reaction.emoji,
      reaction.count,
      reaction.people.map((person) => person.full_name),
    );
    const className = reaction.mine
      ? cx(parts.chip, styles.reaction, styles.reactionMine)
      : cx(parts.chip, styles.reaction);
    const body = (
      <>
        <span aria-hidden="true">{reaction.emoji}</span>
        <span className={styles.reactionCount} aria-hidden="true">
          {reaction.count}
        </span>
      </>
    );
    if (!canReact) {
      return (
        <span key={reaction.emoji} className={className} role="img" aria-label={who} title={who}>
          {body}
        </span>
      );
    }
    return (
      <button
        key={reaction.emoji}
        type="button"
        className={className}
        aria-pressed={reaction.mine}
        aria-label={`${who}. ${reaction.mine ? text.removeReaction : text.addSame}`}
        title={who}
        onClick={() => onToggle(reaction.emoji)}
      >
        {body}
      </button>
    );
  });
}

/** "Add reaction" in a message's actions: the offered emoji; picking one adds it or takes it back. */
export function ReactionPicker({ onPick }: { onPick(emoji: string): void }) {
  const [open, setOpen] = useState(false);
  return (
    <EmojiPicker
      open={open}
      onOpenChange={setOpen}
      onPick={(emoji) => {
        setOpen(false);
        onPick(emoji);
      }}
      choices={REACTION_EMOJI}
      label={text.addReaction}
      choiceLabel={text.reactWith}
      buttonClass={parts.action}
      paletteClass={styles.reactionPalette}
      icon={<SmileIcon size={17} />}
    />
  );
}
