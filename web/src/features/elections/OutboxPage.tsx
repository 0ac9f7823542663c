import { Link } from "react-router";
import { devEndpoints } from "../../../../contract/dev";
import { ApiError } from "../../api/http";
import { useEndpointQuery } from "../../api/query";
import { when } from "./format";
import { LoadError, Loading } from "./parts";
import "./elections.css";

const REFRESH_MS = 3000;

const words = {
  badge: "Developer tool",
  title: "Developer outbox",
  intro:
    "What the embedded notifier would have sent by e-mail or SMS (verification codes, password reset links), so the product can be tried without a mail or SMS provider. It refreshes every 3 seconds, newest first.",
  unavailable:
    "The developer outbox exists only while the server runs with demo data on the embedded database.",
  empty: "No messages yet. Ask for a Voter's Card or Phone code in an election to see one here.",
  to: "To",
  subject: "Subject",
  sent: "Sent",
  count: (n: number) => `${n} ${n === 1 ? "message" : "messages"} (the latest 50)`,
  home: "Votespace",
};

const unavailable = (failure: Error | null) => failure instanceof ApiError && failure.status === 404;

/** /dev/outbox: the notifier's messages while the server runs with demo data (a developer tool). */
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
  const failed = !newest && query.isError && !query.isFetching;

  return (
    <div className="el-public">
      <header className="el-public-bar el-public-bar-dev">
        <Link to="/" className="el-public-brand">
          {words.home}
        </Link>
        <span className="el-pill el-pill-yellow">{words.badge}</span>
      </header>
      <main className="el-public-main">
        <section className="el-card">
          <h1>{words.title}</h1>
          <p className="muted">{words.intro}</p>
        </section>
        {!newest && !failed && <Loading />}
        {failed && unavailable(query.error) && (
          <div className="el-notice el-notice-warning" role="status">
            <p>{words.unavailable}</p>
          </div>
        )}
        {failed && !unavailable(query.error) && (
          <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
        )}
        {newest &&
          (newest.length === 0 ? (
            <p className="el-notice">{words.empty}</p>
          ) : (
            <>
              <p className="muted el-small" aria-live="polite">
                {words.count(newest.length)}
              </p>
              <ul className="el-outbox">
                {newest.map((message) => (
                  <li key={message.id} className="el-card el-outbox-item">
                    <dl className="el-outbox-meta">
                      <div>
                        <dt>{words.to}</dt>
                        <dd>{message.to}</dd>
                      </div>
                      <div>
                        <dt>{words.subject}</dt>
                        <dd>{message.subject}</dd>
                      </div>
                      <div>
                        <dt>{words.sent}</dt>
                        <dd>
                          <time dateTime={message.created_at}>{when(message.created_at)}</time>
                        </dd>
                      </div>
                    </dl>
                    <pre className="el-outbox-body">{message.body}</pre>
                  </li>
                ))}
              </ul>
            </>
          ))}
      </main>
    </div>
  );
}
