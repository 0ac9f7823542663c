import { devEndpoints } from "../../../../contract/dev";
import { ApiError } from "../../api/http";
import { useEndpointQuery } from "../../api/query";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { LoadState } from "../../ui/LoadState";
import { Status } from "../../ui/Status";
import { loadOf } from "./ElectionsLoad";
import shared from "./elections.module.css";
import { when } from "./format";
import styles from "./OutboxPage.module.css";

const REFRESH_MS = 3000;

const words = {
  badge: "Developer tool",
  title: "Developer outbox",
  intro:
    "Every message queued for e-mail or SMS (verification codes, password reset links), shown here on a demo server so the product can be tried without a mail or SMS provider. It refreshes every 3 seconds, newest first.",
  unavailable:
    "The developer outbox exists only while the server runs with demo data on the embedded database.",
  empty: "No messages yet. Ask for a Voter's Card or Phone code in an election to see one here.",
  to: "To",
  subject: "Subject",
  queued: "Queued",
  state: "State",
  states: { queued: "Waiting to be sent", sending: "Sending", sent: "Sent", failed: "Not sent" },
  /** Why it was not sent (the server gives a reason for a failed message only). */
  why: (failure: string | null) => (failure ? `: ${failure}` : ""),
  noText: "Its text is not kept.",
  count: (n: number) => `${n} ${n === 1 ? "message" : "messages"} (the latest 50)`,
  home: "Votespace",
};

/** A message's text with its web addresses as links (the reset and invitation links, to follow in a click). */
function BodyWithLinks({ body }: { body: string }) {
  const parts = body.split(/(https?:\/\/[^\s<>"]+)/);
  return (
    <pre className={styles.outboxBody}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // Odd parts are the addresses the split captured; their position in the text is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's text never changes
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

const unavailable = (failure: Error | null) => failure instanceof ApiError && failure.status === 404;

/** /dev/outbox: the outbox's messages while the server runs with demo data (a developer tool). */
export default function OutboxPage() {
  // Polled while it answers (a 404: not a demo server, or not from its machine; no use asking again).
  const query = useEndpointQuery(devEndpoints.outbox, {
    refetchInterval: (q) =>
      q.state.status === "error" && (unavailable(q.state.error) || q.state.data === undefined)
        ? false
        : REFRESH_MS,
    retry: false,
  });
  const newest = query.data
    ? [...query.data.messages].sort((a, b) => b.created_at.localeCompare(a.created_at))
    : null;
  const load = loadOf(query);
  // Not a demo server (a 404 once it stopped asking): a notice, not a failure with Retry.
  const closed = !newest && !!load.error && unavailable(query.error);

  return (
    <div className={shared.public}>
      <header className={cx(shared.publicBar, styles.publicBarDev)} data-page-header="">
        <Link to="/" className={shared.publicBrand}>
          {words.home}
        </Link>
        <span className={cx(shared.pill, styles.pillYellow)}>{words.badge}</span>
      </header>
      <main className={shared.publicMain}>
        <section className={shared.card}>
          <h1>{words.title}</h1>
          <p className="muted">{words.intro}</p>
        </section>
        {closed ? (
          <Status as="div" className={cx(shared.notice, shared.noticeWarning)}>
            <p>{words.unavailable}</p>
          </Status>
        ) : (
          <LoadState
            {...load}
            data={newest}
            isEmpty={(messages) => messages.length === 0}
            empty={<p className={shared.notice}>{words.empty}</p>}
          >
            {(messages) => (
              <>
                <p className={cx("muted", shared.small)} aria-live="polite">
                  {words.count(messages.length)}
                </p>
                <ul className={styles.outbox}>
                  {messages.map((message) => (
                    <li key={message.id} className={shared.card}>
                      <dl className={styles.outboxMeta}>
                        <div>
                          <dt>{words.to}</dt>
                          <dd>{message.to}</dd>
                        </div>
                        <div>
                          <dt>{words.subject}</dt>
                          <dd>{message.subject}</dd>
                        </div>
                        <div>
                          <dt>{words.queued}</dt>
                          <dd>
                            <time dateTime={message.created_at}>{when(message.created_at)}</time>
                          </dd>
                        </div>
                        <div>
                          <dt>{words.state}</dt>
                          <dd>
                            {words.states[message.state]}
                            {words.why(message.failure)}
                          </dd>
                        </div>
                      </dl>
                      {message.body ? (
                        <BodyWithLinks body={message.body} />
                      ) : (
                        <p className={cx("muted", shared.small)}>{words.noText}</p>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </LoadState>
        )}
      </main>
    </div>
  );
}
