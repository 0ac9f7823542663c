import { useState } from "react";
import type { QuestionInput } from "../../../../contract/ballots/question";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import { useListFocus } from "./listFocus";
import { QuestionEditor } from "./QuestionEditor";
import styles from "./QuestionList.module.css";
import { moved, questionSummary } from "./questions";

/**
 * The ballot's questions beyond the spec's offices (the election channel's creation and its
 * Configuration): each summed up in a line, edited in its dialog, moved up or down, removed.
 * `problems` are the ballot form's errors about each question (the server's refusals included).
 * `onEditing` is told when a question's dialog opens and closes (its draft is an unsaved edit).
 */
export function QuestionList({
  questions,
  organizationId,
  problems,
  onChange,
  onEditing,
}: {
  questions: QuestionInput[];
  organizationId: string;
  problems?: Array<string | undefined>;
  onChange(next: QuestionInput[]): void;
  onEditing?(open: boolean): void;
}) {
  // The question in the dialog: its index, "new", or none.
  const [editing, edit] = useState<number | "new" | null>(null);
  const setEditing = (next: number | "new" | null) => {
    edit(next);
    onEditing?.(next !== null);
  };
  const focus = useListFocus();
  const move = (index: number, to: number, action: "up" | "down") => {
    onChange(moved(questions, index, to));
    focus.moved(questions[index]?.title ?? "", to, questions.length, action);
  };
  return (
    <div className={styles.questions}>
      <div className={styles.head}>
        <h4>Other questions ({questions.length})</h4>
        <button type="button" className="btn" ref={focus.add} onClick={() => setEditing("new")}>
          + Add Question
        </button>
      </div>
      <p className={cx("muted", styles.note)}>
        Beyond the offices above: any title (a board, a treasurer, a motion), each with its own voting method.
      </p>
      {questions.length > 0 && (
        <ol className={styles.list} ref={focus.list}>
          {questions.map((question, index) => {
            const problem = problems?.[index];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a question is its place on the ballot
              <li key={index} className={cx(styles.item, problem && styles.itemInvalid)}>
                <span className={styles.text}>
                  <strong>{question.title}</strong>
                  <span className={cx("muted", styles.summary)}>{questionSummary(question)}</span>
                  {problem && (
                    <span className="hint invalid" role="alert">
                      {problem}
                    </span>
                  )}
                </span>
                <span className={styles.actions}>
                  <button
                    type="button"
                    className={cx("btn", "btn-ghost", styles.action)}
                    aria-label={`Move ${question.title} up`}
                    data-action="up"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, "up")}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={cx("btn", "btn-ghost", styles.action)}
                    aria-label={`Move ${question.title} down`}
                    data-action="down"
                    disabled={index === questions.length - 1}
                    onClick={() => move(index, index + 1, "down")}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={cx("btn", "btn-ghost", styles.action)}
                    aria-label={`Edit ${question.title}`}
                    onClick={() => setEditing(index)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={cx("btn", "btn-ghost", styles.action)}
                    aria-label={`Remove ${question.title}`}
                    data-action="remove"
                    onClick={() => {
                      onChange(questions.filter((_, i) => i !== index));
                      focus.removed(question.title, index);
                    }}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <Status className="visually-hidden">{focus.said}</Status>
      {editing !== null && (
        <QuestionEditor
          initial={editing === "new" ? undefined : questions[editing]}
          organizationId={organizationId}
          onClose={() => setEditing(null)}
          onSave={(question) => {
            onChange(
              editing === "new"
                ? [...questions, question]
                : questions.map((q, i) => (i === editing ? question : q)),
            );
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
