import type { ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { FieldFrame } from "./Field";

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  invalid?: boolean;
  /** The field's error (from its form): shown as the hint, and the field marked invalid. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, the companion of `Field`. */
export function TextAreaField({ label, hint, invalid, error, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      invalid={invalid}
      error={error}
      control={(tied) => <textarea rows={rows} {...tied} {...textarea} />}
    />
  );
}
