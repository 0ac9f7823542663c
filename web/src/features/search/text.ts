import { boxText } from "./boxText";

export const text = {
  ...boxText,
  submit: "Search",
  title: "Search",
  noOrganization: "Join an organization to search its messages.",
  searching: "Searching…",
  typeSomething:
    "Type a word or the start of one to search messages, comments, direct messages and file names.",
  results: (n: number, more: boolean, q: string) =>
    `${n}${more ? "+" : ""} result${n === 1 && !more ? "" : "s"} for "${q}"`,
  noResults: (q: string) => `Nothing matches "${q}". Try fewer or shorter words.`,
  loadMore: "Show older results",
  loadingMore: "Loading…",
  inChannel: (name: string) => `# ${name}`,
  withPerson: (name: string) => `Conversation with ${name}`,
  comment: "Comment",
  file: "File",
  unknownUser: "Unknown User",
  retry: "Retry",
  failed: "Search failed",
};
