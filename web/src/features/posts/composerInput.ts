import type { Member } from "../../../../contract/organizations";
import { ATTACHMENT_MAX_BYTES, FILE_EXTENSIONS, postMessages } from "../../../../contract/posts";
import { extensionOf } from "./format";

/** "@ama" just before the cursor (at the start or after a space): the name being typed, and where it starts. */
export function mentionQuery(value: string, caret: number): { start: number; query: string } | null {
  const before = value.slice(0, caret);
  const match = /(^|\s)@([^@\n]{0,40})$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? "";
  // Two spaces in a row end a name.
  if (/\s\s/.test(query)) return null;
  return { start: before.length - query.length - 1, query };
}

/** Would the server take it? Checked first so that a refused file is not sent for nothing. */
export function refusal(file: File, kind: "image" | "file"): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return postMessages.attachmentRefused;
  if (kind === "image") return file.type.startsWith("image/") ? null : postMessages.attachmentRefused;
  const extension = extensionOf(file.name);
  return (FILE_EXTENSIONS as readonly string[]).includes(extension) || file.type.startsWith("image/")
    ? null
    : postMessages.attachmentRefused;
}

/** Members whose name holds what is typed after "@" (not the writer), names starting with it first. */
export function suggestMembers(
  members: Member[],
  me: string | undefined,
  query: string,
  max: number,
): Member[] {
  const typed = query.toLowerCase();
  return members
    .filter((member) => member.user_id !== me && member.full_name.toLowerCase().includes(typed))
    .sort(
      (a, b) =>
        Number(b.full_name.toLowerCase().startsWith(typed)) -
          Number(a.full_name.toLowerCase().startsWith(typed)) || a.full_name.localeCompare(b.full_name),
    )
    .slice(0, max);
}
