import { useId } from "react";
import { REFERENDUM_BASES, REFERENDUM_THRESHOLDS } from "../../../../contract/ballots/question";
import type { questionInputSchema } from "../../../../contract/ballots/question-input";
import { cx } from "../../ui/cx";
import { Field } from "../../ui/Field";
import { type ContractForm, fieldProps } from "../../ui/form/useContractForm";
import styles from "./MethodSettings.module.css";
import { BASE_LABELS, MJ_MAX_GRADES, MJ_MIN_GRADES, THRESHOLD_LABELS } from "./questions";

export type QuestionForm = ContractForm<typeof questionInputSchema>;

const asNumber = { valueAsNumber: true } as const;

/** The settings of the method picked: seats, limits, the referendum's threshold, grades or the top score. */
export function MethodSettings({ form, candidates }: { form: QuestionForm; candidates: number }) {
  const method = form.watch("method");
  const thresholdId = useId();
  const number = (name: "method.seats" | "method.min" | "method.max") => fieldProps(form, name, asNumber);
  switch (method.kind) {
    case "block":
    case "stv":
      return (
        <div className={styles.settings}>
          <Field
            label="Seats to fill"
            type="number"
            min={1}
            max={Math.max(1, candidates)}
            required
            {...number("method.seats")}
          />
        </div>
      );
    case "approval":
      return (
        <div className={styles.settings}>
          <Field label="Fewest choices" type="number" min={0} max={candidates} {...number("method.min")} />
          <Field label="Most choices" type="number" min={1} max={candidates} {...number("method.max")} />
          <Field
            label="Winners"
            type="number"
            min={1}
            max={Math.max(1, candidates)}
            {...number("method.seats")}
          />
        </div>
      );
    case "referendum":
      return (
        <div className={styles.settings}>
          <div className={cx("field", styles.wide)}>
            <label htmlFor={thresholdId}>Passes with</label>
            <select id={thresholdId} {...form.register("method.threshold")}>
              {REFERENDUM_THRESHOLDS.map((threshold) => (
                <option key={threshold} value={threshold}>
                  {THRESHOLD_LABELS[threshold]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className={styles.choices}>
            <legend>Counted</legend>
            {REFERENDUM_BASES.map((base) => (
              <label key={base} className={styles.choice}>
                <input type="radio" value={base} {...form.register("method.base")} />
                <span>{BASE_LABELS[base]}</span>
              </label>
            ))}
          </fieldset>
          <label className={styles.choice}>
            <input type="checkbox" {...form.register("method.abstain")} />
            <span>Voters may abstain (shown, not counted)</span>
          </label>
        </div>
      );
    case "majority_judgment": {
      const grades = method.grades;
      return (
        <fieldset className={styles.grades}>
          <legend>
            Grades, best first ({MJ_MIN_GRADES} to {MJ_MAX_GRADES})
          </legend>
          <ol>
            {grades.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a grade is its place in the scale
              <li key={index} className={styles.grade}>
                <Field
                  label={`Grade ${index + 1}`}
                  maxLength={40}
                  {...fieldProps(form, `method.grades.${index}`)}
                />
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Remove grade ${index + 1}`}
                  disabled={grades.length <= MJ_MIN_GRADES}
                  onClick={() =>
                    form.setValue(
                      "method.grades",
                      grades.filter((__, i) => i !== index),
                    )
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          {grades.length < MJ_MAX_GRADES && (
            <button
              type="button"
              className="btn"
              onClick={() => form.setValue("method.grades", [...grades, ""])}
            >
              + Add grade
            </button>
          )}
        </fieldset>
      );
    }
    case "score":
      return (
        <div className={styles.settings}>
          <Field
            label="Highest score"
            type="number"
            min={1}
            max={100}
            hint="Voters give each candidate a score from 0 to this."
            {...number("method.max")}
          />
        </div>
      );
    default:
      return null;
  }
}
