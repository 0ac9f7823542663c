import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { keptForUser } from "./keptForUser";
import { type KeptId, sendIds } from "./newId";

/** What a box on screen does with its outbox's items: delivers each, and takes back the refused. */
interface Handlers<Item> {
  deliver(item: Item): Promise<unknown>;
  refused(items: Item[], failure: unknown): void;
}

/**
 * One place's outbox (a channel's, a conversation's, a thread's), kept by this module, not by the
 * box that sends into it: a message on its way goes on when the user opens another channel or
 * closes the panel, and one refused meanwhile waits (`returned`) for the place's box to open again.
 */
interface Outbox<Item> {
  /** The items not yet gone, the first on its way. */
  waiting: Item[];
  /** Refused while no box of the place was on screen: given back to the next one, with why. */
  returned: { items: Item[]; failure: unknown } | null;
  /**
   * Why the last refusal came, until the writer has seen to it (`settle`): a box that closes as it
   * takes the items back (the channel left while its page still shows) does not take the why with it.
   */
  refusal: { failure: unknown } | null;
  /**
   * What came back unanswered (it may have been written), for whichever box of the place sends next:
   * the id it goes again under (`sendIds`), and the item, until the place shows it (`useLostSend`).
   * Kept here, not by the box that took it back: that box may close, and the text come back in the
   * place's next box (its draft), to be sent again under the same id, not written twice.
   */
  kept: { current: KeptId | null };
  lost: { current: Item | null };
  /** The handlers of the place's box on screen (delivering goes on with the last one's after it closed). */
  handlers: Handlers<Item>;
  onScreen: boolean;
  sending: boolean;
  listeners: Set<() => void>;
}

const outboxes = new Map<string, Outbox<unknown>>();

/** Whether some message is on its way or came back unsent with no box to take it. */
const holdsUnsent = () => [...outboxes.values()].some((box) => box.waiting.length > 0 || box.returned);

// Reloading or closing the page while a message is on its way (or came back unsent, its box closed)
// would lose it: the browser asks first, as it does for a form half filled.
if (typeof window !== "undefined")
  window.addEventListener("beforeunload", (event) => {
    if (holdsUnsent()) event.preventDefault();
  });

/** Another user, or none, signed in: what the last one had on its way is theirs, not the next one's. */
export function forgetOutboxes(): void {
  // The one on its way has gone; those after it do not go.
  for (const box of outboxes.values()) box.waiting.splice(1);
  outboxes.clear();
}
keptForUser(forgetOutboxes);

function changed(box: Outbox<unknown>): void {
  for (const listener of box.listeners) listener();
}

/** The place's outbox, made at its first box, with the handlers of the box rendered last. */
function outboxOf<Item>(place: string, handlers: Handlers<Item>): Outbox<Item> {
  let box = outboxes.get(place) as Outbox<Item> | undefined;
  if (!box) {
    box = {
      waiting: [],
      returned: null,
      refusal: null,
      kept: { current: null },
      lost: { current: null },
      handlers,
      onScreen: false,
      sending: false,
      listeners: new Set(),
    };
    outboxes.set(place, box as Outbox<unknown>);
  }
  box.handlers = handlers;
  return box;
}

async function drain<Item>(box: Outbox<Item>): Promise<void> {
  box.sending = true;
  for (let next = box.waiting[0]; next !== undefined; next = box.waiting[0]) {
    try {
      await box.handlers.deliver(next);
      box.waiting.shift();
    } catch (failure) {
      const back = box.waiting.splice(0);
      box.refusal = { failure };
      if (box.onScreen) box.handlers.refused(back, failure);
      else box.returned = { items: [...(box.returned?.items ?? []), ...back], failure };
    }
    changed(box as Outbox<unknown>);
  }
  box.sending = false;
}

/**
 * What a composer sends, for one place (`place`, the same for every box that writes there): each
 * item goes out after the one before it has gone, in the order sent, however fast they come, so the
 * box can be emptied at once and the next one written while the last is on its way. When one is
 * refused, it and those sent after it (not yet gone, so never out of order) come back to `refused`,
 * in order, to be given back to the writer: nothing written is lost. The place's box may close
 * meanwhile (another channel opened, the panel closed): the items go on, and those refused come back
 * when a box of the place opens again; reloading or closing the page asks first. `waiting` is how
 * many are on their way, for the box to say so; `refusal` why the last ones came back, kept for the
 * place's next box until `settle` says the writer has seen to it; `ids` the ids to send under and
 * `lost` the one that came back unanswered, both the place's, so that a box opened again sends it
 * again as the same message.
 */
export function useOutbox<Item>(
  place: string,
  deliver: (item: Item) => Promise<unknown>,
  refused: (items: Item[], failure: unknown) => void,
): {
  send: (item: Item) => void;
  waiting: number;
  refusal: { failure: unknown } | null;
  settle: () => void;
  ids: ReturnType<typeof sendIds>;
  lost: { current: Item | null };
} {
  const box = outboxOf(place, { deliver, refused });

  useEffect(() => {
    box.onScreen = true;
    const back = box.returned;
    box.returned = null;
    if (back) box.handlers.refused(back.items, back.failure);
    return () => {
      box.onScreen = false;
    };
  }, [box]);

  const subscribe = useCallback(
    (listener: () => void) => {
      box.listeners.add(listener);
      return () => box.listeners.delete(listener);
    },
    [box],
  );
  const waiting = useSyncExternalStore(subscribe, () => box.waiting.length);
  const refusal = useSyncExternalStore(subscribe, () => box.refusal);

  const send = useCallback(
    (item: Item) => {
      box.waiting.push(item);
      changed(box as Outbox<unknown>);
      if (!box.sending) void drain(box);
    },
    [box],
  );
  const settle = useCallback(() => {
    if (!box.refusal) return;
    box.refusal = null;
    changed(box as Outbox<unknown>);
  }, [box]);
  const ids = useMemo(() => sendIds(box.kept), [box]);
  return { send, waiting, refusal, settle, ids, lost: box.lost };
}
