import { useEffect } from "react";
import { leaveGuards } from ".";

/**
 * While `unsaved`, leaving the page asks first: another page of the app (a link, a button, Back or
 * Forward) asks `question`, and reloading or closing the tab asks the browser's own question.
 */
export function useLeaveGuard(unsaved: boolean, question: string): void {
  useEffect(() => {
    if (!unsaved) return;
    const guard = () => window.confirm(question);
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    leaveGuards.add(guard);
    window.addEventListener("beforeunload", onUnload);
    return () => {
      leaveGuards.delete(guard);
      window.removeEventListener("beforeunload", onUnload);
    };
  }, [unsaved, question]);
}
