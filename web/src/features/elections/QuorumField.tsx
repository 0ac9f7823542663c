import type { ComponentProps } from "react";
import { Field } from "../../ui/Field";
import styles from "./QuorumField.module.css";

/**
 * The election's minimum turnout, wherever its ballot is written (the election channel's creation,
 * its Configuration): a whole percentage, or empty for none. Takes `fieldProps(form, path, quorumValue)`.
 */
export function QuorumField(props: Omit<ComponentProps<typeof Field>, "label">) {
  return (
    <div className={styles.quorum}>
      <Field
        label="Minimum turnout (quorum)"
        type="number"
        min={1}
        max={100}
        step={1}
        inputMode="numeric"
        placeholder="None"
        hint="Percent of eligible voters who must vote for the result to be valid. Leave empty for none."
        {...props}
      />
    </div>
  );
}
