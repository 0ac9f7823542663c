import { type InputHTMLAttributes, type ReactNode, type Ref, useEffect, useId } from "react";
import { announce } from "./announce";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  invalid?: boolean;
  /** The field's error (from its form): shown as the hint, and the field marked invalid. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** What a field's frame tells its control: its id, and whether it is invalid and described by a hint. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  invalid?: boolean;
  error?: string;
  control(props: FieldControl): ReactNode;
}

/**
 * A field's label, control and hint, tied together (`Field`, `TextAreaField`): the label names the
 * control, the hint (or the error, which replaces it) is announced with it.
 */
export function FieldFrame({ label, hint: rule, invalid: marked, error, control }: FieldFrameProps) {
  const id = useId();
  const hint = error ?? rule;
  const invalid = marked || error !== undefined;
  // A rule the value breaks as it is typed (a password too short, whose form keeps its button
  // disabled until it holds, as the spec says) is said once, politely, when it starts to apply,
  // and withdrawn when it no longer does (the value holds, another rule breaks, the field goes).
  const broken = marked && error === undefined && typeof rule === "string" ? rule : null;
  useEffect(() => (broken ? announce(broken) : undefined), [broken]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        "aria-invalid": invalid || undefined,
        "aria-describedby": hint ? `${id}-hint` : undefined,
      })}
      {hint && (
        // An error is announced as it appears.
        <span
          id={`${id}-hint`}
          className={invalid ? "hint invalid" : "hint"}
          role={error ? "alert" : undefined}
        >
          {hint}
        </span>
      )}
    </div>
  );
}

/** A labelled input: the label is tied to the input, and the hint is announced with it. */
export function Field({ label, hint, invalid, error, ...input }: FieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      invalid={invalid}
      error={error}
      control={(tied) => <input {...tied} {...input} />}
    />
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange(value: string): void;
  name?: string;
}

export function SelectField({ label, value, options, onChange, name }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
