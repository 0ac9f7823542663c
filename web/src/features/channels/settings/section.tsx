import { type ReactNode, useMemo } from "react";
import type { DefaultValues } from "react-hook-form";
import type { z } from "zod";
import type { Channel, UpdateChannelInput } from "../../../../../contract/channels";
import { channelsEndpoints } from "../../../../../contract/channels-endpoints";
import type { AnyEndpoint, EndpointInput, EndpointResponse } from "../../../../../contract/endpoint";
import { messages } from "../../../../../contract/messages";
import { useEndpointMutation } from "../../../api/query";
import { cx } from "../../../ui/cx";
import { type FormSchema, formError, submitting, useContractForm } from "../../../ui/form/useContractForm";
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

/**
 * One section's form: on the contract's schema of what it sends, holding the saved values (`saved`;
 * a save or a realtime change brings new ones, and the form follows), saved through its endpoint.
 * The foot shows what the last save said, a refusal also as a toast; `clear()` when a choice changes.
 */
export function useSectionForm<S extends FormSchema, E extends AnyEndpoint>({
  schema,
  saved,
  endpoint,
  input,
  onSaved,
}: {
  schema: S;
  saved: z.input<S>;
  endpoint: E;
  input(values: z.output<S>): EndpointInput<E>;
  onSaved(result: EndpointResponse<E>): void;
}) {
  const toast = useToast();
  const key = JSON.stringify(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved values change when their content does
  const values = useMemo(() => saved, [key]);
  const form = useContractForm(schema, { defaultValues: values as DefaultValues<z.input<S>>, values });
  const mutation = useEndpointMutation(endpoint, {
    onSuccess: onSaved,
    onError: (error) => toast(messageOf(error), "error"),
  });
  const save = submitting(form, (values) => mutation.mutateAsync(input(values)));
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
 */
export function useChannelUpdateForm<S extends FormSchema>(
  channel: Channel,
  schema: S,
  saved: z.input<S>,
  body: (values: z.output<S>) => UpdateChannelInput = (values) => values,
) {
  const { replaceChannel } = useWorkspace();
  return useSectionForm({
    schema,
    saved,
    endpoint: channelsEndpoints.update,
    input: (values) => ({ params: { id: channel.id }, body: body(values) }),
    onSaved: (result) => replaceChannel(result.channel),
  });
}
