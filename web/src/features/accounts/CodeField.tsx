import type { ChangeEvent, ComponentProps } from "react";
import { asciiDigits } from "../../../../contract/accounts";
import { Field } from "../../ui/Field";

type CodeFieldProps = Omit<ComponentProps<typeof Field>, "label"> & { label?: string };

/**
 * A one-time code of six digits (the authenticator's, or a verification code), as a form's field
 * (`fieldProps(form, "code")`): anything but digits is dropped as it is typed.
 */
export function CodeField({
  label = "Authentication Code",
  maxLength = 6,
  onChange,
  ...field
}: CodeFieldProps) {
  return (
    <Field
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      {...field}
      // Typed in full width or another script's digits (an IME), the code reads as ASCII, not as
      // nothing; rewritten once the IME has finished composing (mid-composition it would break it).
      onChange={(event) => {
        if (!(event.nativeEvent as InputEvent).isComposing)
          event.target.value = asciiDigits(event.target.value).replace(/\D/g, "").slice(0, maxLength);
        return onChange?.(event);
      }}
      onCompositionEnd={(event) => {
        const input = event.currentTarget;
        input.value = asciiDigits(input.value).replace(/\D/g, "").slice(0, maxLength);
        onChange?.({ ...event, target: input } as unknown as ChangeEvent<HTMLInputElement>);
      }}
    />
  );
}
