import { useLostSend, withoutSent } from "./lostSend";
import { useOutbox } from "./useOutbox";

/** A text on its way, under the id it is written with. */
export interface OutgoingText {
  id: string;
  content: string;
}

/**
 * The outbox of a box that sends one line of text at a time (a conversation's, a thread's comment
 * box): useOutbox, with texts that come back going in front of what the box holds (`read`/`write`,
 * joined by a space), each sent under an id made here. One that came back unanswered goes again
 * under the same id (useOutbox `ids`), so that if it was written and only its answer was lost it
 * is not written twice; once the place shows it (`shown`: its event, or a read catching up), it
 * leaves the box with its notice (useLostSend). The box calls `edited` as its text changes (its
 * onChange): what is sent next is then a new message, even when edited back to the same text.
 */
export function useTextOutbox(
  place: string,
  deliver: (item: OutgoingText) => Promise<unknown>,
  box: { read(): string; write(value: string): void; shown(id: string): boolean },
) {
  const outbox = useOutbox<OutgoingText>(place, deliver, (back, failure) => {
    const current = box.read();
    const mayBeWritten = outbox.ids.back(
      back.map((item) => ({ key: item.content, id: item.id })),
      failure,
      current,
    );
    lost.back(back, mayBeWritten);
    box.write([...back.map((item) => item.content), current].filter(Boolean).join(" "));
  });
  const lost = useLostSend<OutgoingText>(outbox.lost, box.shown, (item) => {
    outbox.ids.forget();
    outbox.settle();
    box.write(withoutSent(box.read(), item.content, " "));
  });
  return {
    waiting: outbox.waiting,
    refusal: outbox.refusal,
    settle: outbox.settle,
    edited: outbox.ids.forget,
    /** Sends the box's text: the last notice goes, and nothing waits to be settled. */
    send(content: string): void {
      lost.clear();
      outbox.settle();
      outbox.send({ id: outbox.ids.take(content), content });
    },
  };
}
