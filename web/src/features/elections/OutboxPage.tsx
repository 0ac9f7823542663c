import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../api/http";
import { electionsApi, type OutboxMessage } from "./api";
import { when } from "./format";
import { LoadError, Loading } from "./parts";

import "./elections.css";
import { messageOf } from "../../ui/messageOf";

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

type State =
  | { state: "loading" }
  | { state: "ready"; messages: OutboxMessage[] }
  | { state: "unavailable" }
  | { state: "error"; message: string };

/** /dev/outbox: the notifier's messages while the server runs with demo data (a developer tool). */
export default function OutboxPage() {
  const [state, setState] = useState<State>({ state: "loading" });

  const load = useCallback(async () => {
    try {
      const { messages } = await electionsApi.outbox();
      const newest = [...messages].sort((a, b) => b.created_at.localeCompare(a.created_at));
      setState({ state: "ready", messages: newest });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setState({ state: "unavailable" });
      else
        setState((previous) =>
          previous.state === "ready" ? previous : { state: "error", message: messageOf(failure) },
        );
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  const polling = state.state === "ready" || state.state === "loading";
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [polling, load]);

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
        {state.state === "loading" && <Loading />}
        {state.state === "unavailable" && (
          <div className="el-notice el-notice-warning" role="status">
            <p>{words.unavailable}</p>
          </div>
        )}
        {state.state === "error" && (
          <LoadError
            message={state.message}
            onRetry={() => {
              setState({ state: "loading" });
              void load();
            }}
          />
        )}
        {state.state === "ready" &&
          (state.messages.length === 0 ? (
            <p className="el-notice">{words.empty}</p>
          ) : (
            <>
              <p className="muted el-small" aria-live="polite">
                {words.count(state.messages.length)}
              </p>
              <ul className="el-outbox">
                {state.messages.map((message) => (
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
