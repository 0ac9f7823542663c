import { useCallback, useEffect, useId, useRef, useState } from "react";
import {
  CODE_LENGTH,
  electionMessages,
  ID_MIN_LENGTH,
  METHOD_LABELS,
  VERIFIED_CLOSE_MS,
  type VerificationMethod,
} from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { confirmVerificationInput, startVerificationInput } from "../../../../contract/elections-input";
import { verificationMessages } from "../../../../contract/verification-messages";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { cx } from "../../ui/cx";
import { Field } from "../../ui/Field";
import { useContractForm } from "../../ui/form/useContractForm";
import { Modal } from "../../ui/Modal";
import { Status } from "../../ui/Status";
import { CodeField } from "../accounts/CodeField";
import { keepGrant, unspentGrant } from "./castBallot";
import { text } from "./text";
import styles from "./VerificationModal.module.css";

/** The two things typed here, checked with the verification endpoints' own schemas. */
const idInput = startVerificationInput.options[0].pick({ id_number: true });
const codeInput = confirmVerificationInput.pick({ code: true });

type Step =
  | { name: "select" }
  | { name: "verify" }
  | { name: "success"; grantId: string }
  | { name: "failure"; message: string; codeStillValid: boolean };

/** The server's words for a refusal; a network failure or an unexplained error gets the spec's text. */
function failureMessage(failure: unknown): string {
  if (failure instanceof ApiError) return failure.message || verificationMessages.verifyFailedDefault;
  return verificationMessages.verificationError;
}

/** The server refused because voting is no longer open: no one's identity failed. */
const votingNotOpen = (failure: unknown) =>
  failure instanceof ApiError && failure.message === electionMessages.notOpen;

interface VerificationProps {
  electionId: string;
  methods: VerificationMethod[];
  onResult(grantId: string | false): void;
  onVotingClosed(): void;
}

/**
 * The Voter Verification modal: select a method, verify (on the server), then success (closes
 * after 1.5 s with the grant) or failure (Try Again returns to method selection). The close button
 * answers false. The failure panel is for the voter's identity: a refusal because voting closed
 * meanwhile goes to `onVotingClosed` (the page says voting has closed) instead. A grant given
 * before and not spent (its cast failed and stored nothing: castBallot.ts) answers at once, while it
 * is valid, with no dialog: the voter verified already.
 */
export function VerificationModal(props: VerificationProps) {
  const [unspent] = useState(() => unspentGrant(props.electionId));
  // The latest onResult, called once. Not named `answer`: the build takes calls of that name for
  // pure ones, and drops them when nothing uses their value (vite.config.ts manualPureFunctions).
  const castWith = useRef(props.onResult);
  castWith.current = props.onResult;
  useEffect(() => {
    if (unspent) castWith.current(unspent);
  }, [unspent]);
  return unspent ? null : <Verification {...props} />;
}

function Verification({ electionId, methods, onResult, onVotingClosed }: VerificationProps) {
  const [step, setStep] = useState<Step>({ name: "select" });
  const [method, setMethod] = useState<VerificationMethod | null>(methods[0] ?? null);
  const idForm = useContractForm(idInput, { defaultValues: { id_number: "" } });
  const idNumber = idForm.watch("id_number");
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const codeForm = useContractForm(codeInput, { defaultValues: { code: "" } });
  const code = codeForm.watch("code");
  const [busy, setBusy] = useState(false);
  const groupId = useId();
  // The modal refocuses when its onClose changes: keep one for its whole life.
  const answer = useRef(onResult);
  answer.current = onResult;
  const closed = useRef(onVotingClosed);
  closed.current = onVotingClosed;
  const close = useCallback(() => answer.current(false), []);

  // On each step of verifying, the focus goes where the voter acts next: the ID number's field, Send
  // code, then the code's field (the step's buttons are new: it fell to Back, the first of them).
  const verifyStep = useRef<HTMLDivElement>(null);
  const codeSent = sentMessage !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: on entering the step, and when the code is sent
  useEffect(() => {
    if (step.name !== "verify") return;
    verifyStep.current
      ?.querySelector<HTMLElement>("input:not(:disabled), button.btn-primary:not(:disabled)")
      ?.focus();
  }, [step.name, codeSent]);

  useEffect(() => {
    if (step.name !== "success") return;
    const timer = setTimeout(() => answer.current(step.grantId), VERIFIED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step]);

  const fail = (failure: unknown, codeStillValid = false) => {
    if (votingNotOpen(failure)) closed.current();
    else setStep({ name: "failure", message: failureMessage(failure), codeStillValid });
  };

  /** Verified: the grant is kept for the cast, valid from when the verification was asked for. */
  const verified = (grantId: string, askedAt: number) => {
    keepGrant(electionId, grantId, askedAt);
    setStep({ name: "success", grantId });
  };

  async function run<T>(
    task: () => Promise<T>,
    onDone: (value: T, askedAt: number) => void,
    codeStillValid = false,
  ) {
    setBusy(true);
    const askedAt = Date.now();
    try {
      onDone(await task(), askedAt);
    } catch (failure) {
      fail(failure, codeStillValid);
    } finally {
      setBusy(false);
    }
  }

  const verifyId = idForm.handleSubmit(({ id_number }) => {
    if (id_number.length < ID_MIN_LENGTH) return;
    return run(
      () =>
        call(electionsEndpoints.startVerification, {
          params: { id: electionId },
          body: { method: "national_id", id_number },
        }),
      (result, askedAt) => {
        if (result.status === "verified") verified(result.grant_id, askedAt);
        else fail(new ApiError(400, "unexpected", verificationMessages.verifyFailedDefault));
      },
    );
  });

  const sendCode = () => {
    if (method !== "voters_card" && method !== "phone") return;
    void run(
      () => call(electionsEndpoints.startVerification, { params: { id: electionId }, body: { method } }),
      (result, askedAt) => {
        if (result.status === "code_sent") {
          setSentMessage(result.message);
          codeForm.reset();
        } else verified(result.grant_id, askedAt);
      },
    );
  };

  const confirmCode = codeForm.handleSubmit(({ code }) => {
    if (method !== "voters_card" && method !== "phone") return;
    return run(
      () =>
        call(electionsEndpoints.confirmVerification, { params: { id: electionId }, body: { method, code } }),
      (result, askedAt) => verified(result.grant_id, askedAt),
      true,
    );
  });

  const startOver = () => {
    setStep({ name: "select" });
    idForm.reset();
    codeForm.reset();
    setSentMessage(null);
  };

  /** Back to the methods, on each form of the verify step (a code that does not come: another method). */
  const back = (
    <button type="button" className="btn" onClick={startOver} disabled={busy}>
      {text.back}
    </button>
  );

  return (
    <Modal title={text.verifyTitle} onClose={close}>
      <ol className={styles.steps} aria-label="Steps">
        {(["Method", "Verify", "Done"] as const).map((label, index) => {
          // A failed verification stays on its step, marked failed: nothing after it was reached.
          const failed = step.name === "failure";
          const current = step.name === "select" ? 0 : step.name === "success" ? 2 : 1;
          return (
            <li
              key={label}
              className={
                index < current
                  ? cx(styles.step, styles.stepDone)
                  : index === current
                    ? cx(styles.step, failed ? styles.stepFailed : styles.stepCurrent)
                    : styles.step
              }
              aria-current={index === current ? "step" : undefined}
            >
              {label}
              {index === current && failed && <span className="visually-hidden"> (failed)</span>}
            </li>
          );
        })}
      </ol>

      {step.name === "select" && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (method) setStep({ name: "verify" });
          }}
        >
          <fieldset className={styles.methods}>
            <legend id={groupId}>{text.selectMethod}</legend>
            {methods.map((option) => (
              <label
                key={option}
                className={method === option ? cx(styles.method, styles.methodSelected) : styles.method}
              >
                <input
                  type="radio"
                  name="verification-method"
                  value={option}
                  checked={method === option}
                  onChange={() => setMethod(option)}
                />
                <span>
                  <strong>{METHOD_LABELS[option]}</strong>
                  <span className={styles.methodHelp}>{text.methodHelp[option]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className={styles.modalActions}>
            <button type="submit" className="btn btn-primary" disabled={!method}>
              {text.continue}
            </button>
          </div>
        </form>
      )}

      <div ref={verifyStep} className={styles.verifyStep}>
        {step.name === "verify" && method === "national_id" && (
          <form onSubmit={verifyId} noValidate>
            <Field
              label={text.nationalIdLabel}
              autoComplete="off"
              maxLength={50}
              minLength={ID_MIN_LENGTH}
              required
              hint={text.nationalIdHint(ID_MIN_LENGTH)}
              {...idForm.register("id_number")}
            />
            <div className={styles.modalActions}>
              {back}
              <button
                type="submit"
                className="btn btn-primary"
                disabled={busy || idNumber.trim().length < ID_MIN_LENGTH}
              >
                {busy ? text.verifying : text.verify}
              </button>
            </div>
          </form>
        )}

        {step.name === "verify" && (method === "voters_card" || method === "phone") && (
          <div>
            <p className="muted">{text.methodHelp[method]}</p>
            {sentMessage ? (
              <form onSubmit={confirmCode} noValidate>
                <Status className="alert alert-success">{sentMessage}</Status>
                <CodeField
                  label={text.codeLabel}
                  pattern="[0-9]*"
                  maxLength={CODE_LENGTH}
                  hint={text.codeHint}
                  className={styles.codeInput}
                  {...codeForm.register("code")}
                />
                <div className={styles.modalActions}>
                  {/* A code that does not come: another method, without closing (and failing) the dialog. */}
                  {back}
                  <button type="button" className="btn btn-ghost" onClick={sendCode} disabled={busy}>
                    {text.resendCode}
                  </button>
                  <button
                    type="submit"
                    className="btn btn-primary"
                    disabled={busy || code.length !== CODE_LENGTH}
                  >
                    {busy ? text.verifying : text.verify}
                  </button>
                </div>
              </form>
            ) : (
              <div className={styles.modalActions}>
                {back}
                <button type="button" className="btn btn-primary" onClick={sendCode} disabled={busy}>
                  {busy ? text.sending : text.sendCode}
                </button>
              </div>
            )}
          </div>
        )}
      </div>

      {step.name === "success" && (
        <Status as="div" className={cx(styles.verifyResult, styles.verifySuccess)}>
          <span className={styles.verifyIcon} aria-hidden="true">
            ✓
          </span>
          <h3>{text.verified}</h3>
          <p className="muted">{text.verifiedBody}</p>
        </Status>
      )}

      {step.name === "failure" && (
        <div className={cx(styles.verifyResult, styles.verifyFailure)} role="alert">
          <span className={styles.verifyIcon} aria-hidden="true">
            !
          </span>
          <h3>{text.verifyFailed}</h3>
          <p>{step.message || verificationMessages.verifyFailedDefault}</p>
          <div className={cx(styles.modalActions, styles.modalActionsCenter)}>
            {step.codeStillValid && step.message === verificationMessages.invalidCode && (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  codeForm.reset();
                  setStep({ name: "verify" });
                }}
              >
                {text.enterCodeAgain}
              </button>
            )}
            <button type="button" className="btn btn-primary" onClick={startOver}>
              {text.tryAgain}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
