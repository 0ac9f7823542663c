import { type KeyboardEvent, type ReactNode, useCallback, useId, useRef, useState } from "react";
import { Avatar } from "../../ui/Avatar";
import { TrophyIcon } from "../../ui/icons";
import { LoadFailure, LoadingState } from "../../ui/LoadState";
import { Modal } from "../../ui/Modal";
import { messageOf } from "../../ui/messageOf";
import { channelStatusTone, resultsStatusTone, statusLabel } from "./format";
import { text } from "./text";

/** A function whose identity never changes but which always calls the latest `fn` (for Modal's onClose). */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}

/** The election's status as a coloured badge; each screen has its own colour rule (spec). */
export function StatusBadge({ status, scheme }: { status: string; scheme: "channel" | "results" }) {
  const tone = scheme === "channel" ? channelStatusTone(status) : resultsStatusTone(status);
  return (
    <span className={`el-badge el-badge-${tone}`}>
      <span className="el-badge-dot" aria-hidden="true" />
      {statusLabel(status)}
    </span>
  );
}

/** A candidate's picture (a web address or a path on this site), or their initials. */
export function CandidateAvatar({ name, image, size = 44 }: { name: string; image: string; size?: number }) {
  return <Avatar name={name} src={image || null} size={size} />;
}

export const partyOf = (party: string) => party.trim() || text.independent;

export function Trophy({ label }: { label: string }) {
  return (
    <span className="el-trophy" title={label}>
      <TrophyIcon size={16} />
      <span className="visually-hidden">{` (${label})`}</span>
    </span>
  );
}

export interface TabDef<K extends string> {
  key: K;
  label: string;
}

/** Accessible tabs: arrow keys move between them; the panel is labelled by its tab. */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  children,
}: {
  tabs: Array<TabDef<K>>;
  active: K;
  onChange(key: K): void;
  label: string;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === active);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    refs.current[tab.key]?.focus();
  };
  return (
    <>
      <div className="el-tabs" role="tablist" aria-label={label} onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(node) => {
              refs.current[tab.key] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${base}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            className={tab.key === active ? "el-tab el-tab-active" : "el-tab"}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        className="el-tab-panel"
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${active}`}
      >
        {children}
      </div>
    </>
  );
}

/** "Are you sure?" for an action that changes the election; the action's failure is shown inside. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  danger,
  onConfirm,
  onClose,
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(): Promise<void>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = useRef({ busy, onClose });
  state.current = { busy, onClose };
  // One onClose for the dialog's life (the modal refocuses when it changes); ignored while busy.
  const close = useCallback(() => {
    if (!state.current.busy) state.current.onClose();
  }, []);
  return (
    <Modal
      title={title}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {text.keep}
          </button>
          <button
            type="button"
            className={danger ? "btn btn-danger" : "btn btn-primary"}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await onConfirm();
                onClose();
              } catch (failure) {
                setError(messageOf(failure));
                setBusy(false);
              }
            }}
          >
            {busy ? text.working : confirmLabel}
          </button>
        </>
      }
    >
      <p className="el-confirm-body">{body}</p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** Loading, error with Retry: the same look on every election screen. */
export function Loading({ label }: { label?: string }) {
  return <LoadingState label={label ?? text.loading} />;
}

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <LoadFailure title={text.connectionError} message={message} retryLabel={text.retry} onRetry={onRetry} />
  );
}
