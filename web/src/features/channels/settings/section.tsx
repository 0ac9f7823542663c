import { type ReactNode, useMemo } from "react";
import type { DefaultValues } from "react-hook-form";
import type { z } from "zod";
import type { Channel, UpdateChannelInput } from "../../../../../contract/channels";
import { channelsEndpoints } from "../../../../../contract/channels-endpoints";
import type { AnyEndpoint, EndpointInput, EndpointResponse } from "../../../../../contract/endpoint";
import { messages } from "../../../../../contract/messages";
import { call } from "../../../api/client";
import { useEndpointMutation } from "../../../api/query";
import { ChangedElsewhere } from "../../../ui/ChangedElsewhere";
import { cx } from "../../../ui/cx";
import { type FormSchema, formError, submitting, useContractForm } from "../../../ui/form/useContractForm";
import { useFollowSaved } from "../../../ui/form/useFollowSaved";
import { useVersionedEdit } from "../../../ui/form/useVersionedEdit";
import { messageOf } from "../../../ui/messageOf";
import { useToast } from "../../../ui/Toast";
import { text } from "../../workspace/text";
import { useWorkspace } from "../../workspace/WorkspaceContext";
import styles from "../channelSettings.module.css";

type Outcome = { tone: "success" | "error"; text: string } | null;

const OUTCOME_TONES = { success: styles.outcomeSuccess, error: styles.outcomeError };

/** What a save said: the server's own words when it sends some, else "Settings saved successfully!". */
const savedWords = (result: unknown): string =>
  typeof result === "object" && result !== null && "message" in result && typeof result.message === "string"
    ? result.message
    : messages.settingsSaved;

/** The saved values of a section saved whole, with the version they are (useVersionedEdit). */
type Versioned<V> = { saved: V; version: number };

/**
 * One section's form: on the contract's schema of what it sends, holding the saved values (`saved`),
 * saved through its endpoint. The foot shows what the last save said, a refusal also as a toast;
 * `clear()` when a choice changes.
 *
 * Another tab's or administrator's change (read again after its realtime event) brings new saved
 * values. A section of independent fields sends only those changed, so the form follows the new
 * values for the fields not edited here and keeps those edited. A section saved whole (`versioned`:
 * a set of rules, a list) sends the version it started from: it follows the new values silently when
 * nothing is unsaved, and otherwise keeps the edits and says what changed, with a way to reload
 * (useVersionedEdit); a save refused as stale (409) keeps them too.
 */
export function useSectionForm<S extends FormSchema, E extends AnyEndpoint>({
  schema,
  saved,
  endpoint,
  input,
  onSaved,
  versioned,
}: {
  schema: S;
  saved: z.input<S>;
  endpoint: E;
  /** The request, from the form's values and (a versioned section) the version they started from. */
  input(values: z.output<S>, version: number | undefined): EndpointInput<E>;
  onSaved(result: EndpointResponse<E>): void;
  versioned?: {
    version: number;
    /** What the saved values and their version are after the form's own save. */
    of(result: EndpointResponse<E>): Versioned<z.input<S>>;
    read(): Promise<Versioned<z.input<S>>>;
    changed: string;
    staleWords: string;
  };
}) {
  const toast = useToast();
  const key = JSON.stringify(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved values change when their content does
  const values = useMemo(() => saved, [key]);
  const form = useContractForm(schema, { defaultValues: values as DefaultValues<z.input<S>> });
  // Independent fields: new saved values replace those not edited here; the edits stay, unsaved.
  useFollowSaved(form, values, !versioned);
  const current = useMemo(
    () => ({ saved: values, version: versioned?.version ?? 0 }),
    [values, versioned?.version],
  );
  const edit = useVersionedEdit<Versioned<z.input<S>>>({
    current,
    versionOf: (value) => value.version,
    unsaved: form.formState.isDirty,
    standOn: (next) => form.reset(next.saved),
    read: () => (versioned ? versioned.read() : Promise.resolve(current)),
    changed: versioned?.changed ?? "",
    staleWords: versioned?.staleWords,
  });
  const mutation = useEndpointMutation(endpoint, {
    onSuccess: (result) => {
      if (versioned) edit.saved(versioned.of(result));
      onSaved(result);
    },
    // A stale save is said in the section's notice, with the way to reload.
    onError: (error) => !(versioned && edit.isStale(error)) && toast(messageOf(error), "error"),
  });
  const save = submitting(form, (values) =>
    versioned
      ? mutation.mutateAsync(input(values, edit.base)).catch(edit.refused)
      : mutation.mutateAsync(input(values, undefined)),
  );
  const refused = formError(form);
  const outcome: Outcome = refused
    ? { tone: "error", text: refused }
    : mutation.isSuccess
      ? { tone: "success", text: savedWords(mutation.data) }
      : null;
  return {
    form,
    clear: () => {
      mutation.reset();
      form.clearErrors();
    },
    foot: {
      busy: form.formState.isSubmitting,
      outcome,
      dirty: form.formState.isDirty,
      onSave: () => void save(),
    },
    changedElsewhere: (reloadLabel: string) => (
      <ChangedElsewhere
        notice={edit.notice}
        reloadLabel={reloadLabel}
        reloading={edit.reloading}
        busy={form.formState.isSubmitting}
        onReload={edit.reload}
      />
    ),
  };
}

/** A section's foot: what the last save said, and Save (enabled once something changed). */
export function SectionFoot({
  busy,
  outcome,
  dirty,
  onSave,
}: {
  busy: boolean;
  outcome: Outcome;
  dirty: boolean;
  onSave(): void;
}) {
  return (
    <div className={styles.foot}>
      <span
        className={cx(styles.outcome, outcome && OUTCOME_TONES[outcome.tone])}
        role={outcome?.tone === "error" ? "alert" : "status"}
      >
        {outcome?.text}
      </span>
      <button type="button" className="btn btn-primary" disabled={busy || !dirty} onClick={onSave}>
        {busy ? text.saving : text.saveSection}
      </button>
    </div>
  );
}

export function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.intro}>{intro}</p>
      {children}
    </>
  );
}

/**
 * A section of the channel's own settings (`PATCH /api/channels/:id`): its answer replaces the
 * channel held; `body` shapes what is sent (the values as they are, unless said otherwise).
 * `versioned`: the section is saved whole from a version of the channel's (its security settings).
 */
export function useChannelUpdateForm<S extends FormSchema>(
  channel: Channel,
  schema: S,
  saved: (channel: Channel) => z.input<S>,
  body: (values: z.output<S>, version: number | undefined) => UpdateChannelInput = (values) => values,
  versioned?: { versionOf(channel: Channel): number; changed: string; staleWords: string },
) {
  const { replaceChannel } = useWorkspace();
  const versionedOf = (next: Channel) => ({ saved: saved(next), version: versioned?.versionOf(next) ?? 0 });
  return useSectionForm({
    schema,
    saved: saved(channel),
    endpoint: channelsEndpoints.update,
    input: (values, version) => ({ params: { id: channel.id }, body: body(values, version) }),
    onSaved: (result) => replaceChannel(result.channel),
    versioned: versioned && {
      version: versioned.versionOf(channel),
      of: (result) => versionedOf(result.channel),
      read: async () => {
        const fresh = await call(channelsEndpoints.get, { params: { id: channel.id } });
        replaceChannel(fresh);
        return versionedOf(fresh);
      },
      changed: versioned.changed,
      staleWords: versioned.staleWords,
    },
  });
}
