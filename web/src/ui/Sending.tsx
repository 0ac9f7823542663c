import { useEffect, useState } from "react";
import { Status } from "./Status";

/** How long a message is on its way before its box says so: one answered at once shows nothing. */
export const SENDING_SHOWN_AFTER_MS = 400;

/**
 * "Sending..." by a message box while what it sent is on its way (a message is composed, sending,
 * then appended), once it has been for a moment: a box emptied at once with the server slow or
 * unreachable no longer looks as if its message had gone.
 */
export function Sending({
  waiting,
  label,
  className,
}: {
  waiting: number;
  label: string;
  className?: string;
}) {
  const busy = waiting > 0;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    if (!busy) return;
    const timer = setTimeout(() => setShown(true), SENDING_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return shown ? <Status className={className}>{label}</Status> : null;
}
