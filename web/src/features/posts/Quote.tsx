import { authorName, type Post } from "../../../../contract/posts";
import parts from "./ChannelParts.module.css";

/** The message a dialog is about, quoted. */
export function Quote({ post }: { post: Post }) {
  return (
    <blockquote className={parts.quote}>
      <strong>{authorName(post.author)}</strong>
      <span>{post.content || post.attachment?.filename}</span>
    </blockquote>
  );
}
