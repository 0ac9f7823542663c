import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from "react";

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  invalid?: boolean;
  /** The field's error (from its form): shown as the hint, and the field marked invalid. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, the companion of `Field`. */
export function TextAreaField({
  label,
  hint: rule,
  invalid: marked,
  error,
  rows = 3,
  ...textarea
}: TextAreaFieldProps) {
  const id = useId();
  const hint = error ?? rule;
  const invalid = marked || error !== undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...textarea}
      />
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
