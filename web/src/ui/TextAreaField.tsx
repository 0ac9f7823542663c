import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  invalid?: boolean;
}

/** A labelled multi-line input, the companion of `Field`. */
export function TextAreaField({ label, hint, invalid, rows = 3, ...textarea }: TextAreaFieldProps) {
  const id = useId();
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
        <span id={`${id}-hint`} className={invalid ? "hint invalid" : "hint"}>
          {hint}
        </span>
      )}
    </div>
  );
}
