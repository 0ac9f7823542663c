/** Asks the chat panel (ChatDock) to open the conversation with a member, from anywhere in the workspace. */
const EVENT = "votespace:open-conversation";

export function openConversation(userId: string): void {
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: userId }));
}

export function onOpenConversation(listener: (userId: string) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
