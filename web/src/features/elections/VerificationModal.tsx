import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  CODE_LENGTH,
  electionMessages,
  electionsEndpoints,
  ID_MIN_LENGTH,
  METHOD_LABELS,
  VERIFIED_CLOSE_MS,
  type VerificationMethod,
} from "../../../../contract/elections";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { Field } from "../../ui/Field";
import { Modal } from "../../ui/Modal";
import { text } from "./text";

type Step =
  | { name: "select" }
  | { name: "verify" }
  | { name: "success"; grantId: string }
  | { name: "failure"; message: string; codeStillValid: boolean };

/** The server's words for a refusal; a network failure or an unexplained error gets the spec's text. */
function failureMessage(failure: unknown): string {
  if (failure instanceof ApiError) return failure.message || electionMessages.verifyFailedDefault;
  return electionMessages.verificationError;
}

/**
 * The Voter Verification modal: select a method, verify (on the server), then success (closes
 * after 1.5 s with the grant) or failure (Try Again returns to method selection). The close button
 * answers false.
 */
export function VerificationModal({
  electionId,
  methods,
  onResult,
}: {
  electionId: string;
  methods: VerificationMethod[];
  onResult(grantId: string | false): void;
}) {
  const [step, setStep] = useState<Step>({ name: "select" });
  const [method, setMethod] = useState<VerificationMethod | null>(methods[0] ?? null);
  const [idNumber, setIdNumber] = useState("");
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const groupId = useId();
  // The modal refocuses when its onClose changes: keep one for its whole life.
  const answer = useRef(onResult);
  answer.current = onResult;
  const close = useCallback(() => answer.current(false), []);

  useEffect(() => {
    if (step.name !== "success") return;
    const timer = setTimeout(() => answer.current(step.grantId), VERIFIED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step]);

  const fail = (failure: unknown, codeStillValid = false) =>
    setStep({ name: "failure", message: failureMessage(failure), codeStillValid });

  async function run<T>(task: () => Promise<T>, onDone: (value: T) => void, codeStillValid = false) {
    setBusy(true);
    try {
      onDone(await task());
    } catch (failure) {
      fail(failure, codeStillValid);
    } finally {
      setBusy(false);
    }
  }

  const verifyId = (event: FormEvent) => {
    event.preventDefault();
    if (idNumber.trim().length < ID_MIN_LENGTH) return;
    void run(
      () =>
        call(electionsEndpoints.startVerification, {
          params: { id: electionId },
          body: { method: "national_id", id_number: idNumber.trim() },
        }),
      (result) => {
        if (result.status === "verified") setStep({ name: "success", grantId: result.grant_id });
        else fail(new ApiError(400, "unexpected", electionMessages.verifyFailedDefault));
      },
    );
  };

  const sendCode = () => {
    if (method !== "voters_card" && method !== "phone") return;
    void run(
      () => call(electionsEndpoints.startVerification, { params: { id: electionId }, body: { method } }),
      (result) => {
        if (result.status === "code_sent") {
          setSentMessage(result.message);
          setCode("");
        } else setStep({ name: "success", grantId: result.grant_id });
      },
    );
  };

  const confirmCode = (event: FormEvent) => {
    event.preventDefault();
    if ((method !== "voters_card" && method !== "phone") || code.length !== CODE_LENGTH) return;
    void run(
      () =>
        call(electionsEndpoints.confirmVerification, { params: { id: electionId }, body: { method, code } }),
      (result) => setStep({ name: "success", grantId: result.grant_id }),
      true,
    );
  };

  const startOver = () => {
    setStep({ name: "select" });
    setIdNumber("");
    setCode("");
    setSentMessage(null);
  };

  return (
    <Modal title={text.verifyTitle} onClose={close}>
      <ol className="el-steps" aria-label="Steps">
        {(["Method", "Verify", "Done"] as const).map((label, index) => {
          const current = step.name === "select" ? 0 : step.name === "verify" ? 1 : 2;
          return (
            <li
              key={label}
              className={
                index < current
                  ? "el-step el-step-done"
                  : index === current
                    ? "el-step el-step-current"
                    : "el-step"
              }
              aria-current={index === current ? "step" : undefined}
            >
              {label}
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
          <fieldset className="el-methods">
            <legend id={groupId}>{text.selectMethod}</legend>
            {methods.map((option) => (
              <label
                key={option}
                className={method === option ? "el-method el-method-selected" : "el-method"}
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
                  <span className="el-method-help">{text.methodHelp[option]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="el-modal-actions">
            <button type="submit" className="btn btn-primary" disabled={!method}>
              {text.continue}
            </button>
          </div>
        </form>
      )}

      {step.name === "verify" && method === "national_id" && (
        <form onSubmit={verifyId} noValidate>
          <Field
            label={text.nationalIdLabel}
            name="national-id"
            autoComplete="off"
            value={idNumber}
            maxLength={50}
            minLength={ID_MIN_LENGTH}
            required
            hint={text.nationalIdHint(ID_MIN_LENGTH)}
            onChange={(event) => setIdNumber(event.target.value)}
          />
          <div className="el-modal-actions">
            <button type="button" className="btn" onClick={startOver} disabled={busy}>
              {text.back}
            </button>
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
              <p className="alert alert-success" role="status">
                {sentMessage}
              </p>
              <Field
                label={text.codeLabel}
                name="verification-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={CODE_LENGTH}
                value={code}
                hint={text.codeHint}
                className="el-code-input"
                onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
              />
              <div className="el-modal-actions">
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
            <div className="el-modal-actions">
              <button type="button" className="btn" onClick={startOver} disabled={busy}>
                {text.back}
              </button>
              <button type="button" className="btn btn-primary" onClick={sendCode} disabled={busy}>
                {busy ? text.sending : text.sendCode}
              </button>
            </div>
          )}
        </div>
      )}

      {step.name === "success" && (
        <div className="el-verify-result el-verify-success" role="status">
          <span className="el-verify-icon" aria-hidden="true">
            ✓
          </span>
          <h3>{text.verified}</h3>
          <p className="muted">{text.verifiedBody}</p>
        </div>
      )}

      {step.name === "failure" && (
        <div className="el-verify-result el-verify-failure" role="alert">
          <span className="el-verify-icon" aria-hidden="true">
            !
          </span>
          <h3>{text.verifyFailed}</h3>
          <p>{step.message || electionMessages.verifyFailedDefault}</p>
          <div className="el-modal-actions el-modal-actions-center">
            {step.codeStillValid && step.message === electionMessages.invalidCode && (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setCode("");
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
