import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cx } from "../../ui/cx";
import { addRanked, moveRanked, moveTo, rankingBallot, removeRanked } from "./ballotDraft";
import styles from "./ballotParts.module.css";
import { CandidateLabel, CandidateStatement } from "./CandidateAvatar";
import shared from "./elections.module.css";
import type { BodyProps } from "./QuestionBallot";
import { rankingWords } from "./rankingWords";

type Action = "up" | "down" | "remove" | "add";
/** Where keyboard focus goes after a move, so a keyboard user keeps their place. */
interface FocusTarget {
  id: string;
  action: Action;
}

const DRAG_TYPE = "text/plain";

/** A row of either list: the candidate (and statement), then the row's buttons. */
function RowBody({
  candidate,
  children,
}: {
  candidate: BodyProps["candidates"][number];
  children: ReactNode;
}) {
  return (
    <>
      <span className={styles.rankBody}>
        <CandidateLabel candidate={candidate} />
        <CandidateStatement candidate={candidate} />
      </span>
      <span className={styles.rankActions}>{children}</span>
    </>
  );
}

/** A row's button, named for its candidate ("Move Ada Lovelace up"); `action` is where focus returns. */
function RowButton({
  action,
  label,
  disabled,
  onClick,
  children,
}: {
  action: Action;
  label: string;
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn"
      data-action={action}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * IRV and STV: rank some or all candidates, one per rank. Candidates are added in order of preference
 * and moved by buttons (each reachable by Tab, pressed with Enter or Space) or by dragging; every move
 * is read out ("Ada Lovelace, rank 2 of 4") in a live region.
 */
export function RankingBallot({ candidates, value, onChange, disabled }: BodyProps<"ranking">) {
  const ranked = value?.ranks.map((rank) => rank[0] as string) ?? [];
  const unranked = candidates.filter((c) => !ranked.includes(c.id));
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const [said, setSaid] = useState("");
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const rankedTitle = useId();
  const unrankedTitle = useId();

  useEffect(() => {
    if (!focus || !root.current) return;
    const row = root.current.querySelector<HTMLElement>(`[data-candidate="${CSS.escape(focus.id)}"]`);
    const buttons = [...(row?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const target =
      buttons.find((b) => b.dataset.action === focus.action && !b.disabled) ??
      buttons.find((b) => !b.disabled);
    target?.focus();
    setFocus(null);
  }, [focus]);

  const update = (next: string[], moved: string, focusAction: Action | null) => {
    onChange(rankingBallot(next));
    const name = byId.get(moved)?.name ?? moved;
    const rank = next.indexOf(moved);
    setSaid(rank < 0 ? rankingWords.removed(name) : rankingWords.rankOf(name, rank + 1, next.length));
    if (focusAction) setFocus({ id: moved, action: focusAction });
  };

  const add = (id: string) => {
    // Focus stays in the list of candidates still to rank, on the next one, so ranking by keyboard is
    // pressing "Add" in order of preference.
    const index = unranked.findIndex((c) => c.id === id);
    const nextUp = unranked[index + 1] ?? unranked[index - 1];
    update(addRanked(ranked, id), id, nextUp ? null : "up");
    if (nextUp) setFocus({ id: nextUp.id, action: "add" });
  };
  const remove = (id: string) => {
    const index = ranked.indexOf(id);
    const neighbour = ranked[index + 1] ?? ranked[index - 1];
    update(removeRanked(ranked, id), id, null);
    setFocus(neighbour ? { id: neighbour, action: "remove" } : { id, action: "add" });
  };

  const onDragStart = (event: DragEvent, id: string) => {
    event.dataTransfer.setData(DRAG_TYPE, id);
    event.dataTransfer.effectAllowed = "move";
  };
  const over = (event: DragEvent, index: number) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (dropAt !== index) setDropAt(index);
  };
  const dropInRanking = (event: DragEvent, index: number) => {
    event.preventDefault();
    event.stopPropagation();
    setDropAt(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    if (byId.has(id)) update(moveTo(ranked, id, index), id, null);
  };
  const dropOutside = (event: DragEvent) => {
    event.preventDefault();
    setDropAt(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    if (ranked.includes(id)) update(removeRanked(ranked, id), id, null);
  };

  return (
    <div className={styles.ranking} ref={root}>
      <div>
        <h3 id={rankedTitle} className={styles.listTitle}>
          {rankingWords.yourRanking}
        </h3>
        <ol
          aria-labelledby={rankedTitle}
          className={cx(styles.rankList, dropAt !== null && styles.dropping)}
          onDragOver={(event) => over(event, ranked.length)}
          onDragLeave={() => setDropAt(null)}
          onDrop={(event) => dropInRanking(event, ranked.length)}
        >
          {ranked.length === 0 && (
            <li className={cx("muted", shared.small, styles.empty)}>{rankingWords.noneRanked}</li>
          )}
          {ranked.map((id, index) => {
            const candidate = byId.get(id);
            if (!candidate) return null;
            return (
              <li
                key={id}
                data-candidate={id}
                className={cx(styles.rankRow, dropAt === index && styles.dropBefore)}
                draggable={!disabled}
                onDragStart={(event) => onDragStart(event, id)}
                onDragOver={(event) => over(event, index)}
                onDrop={(event) => dropInRanking(event, index)}
              >
                <span className={styles.rankNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span className="visually-hidden">
                  {rankingWords.rankPosition(index + 1, ranked.length)}:{" "}
                </span>
                <RowBody candidate={candidate}>
                  <RowButton
                    action="up"
                    label={rankingWords.moveUp(candidate.name)}
                    disabled={disabled || index === 0}
                    onClick={() => update(moveRanked(ranked, id, -1), id, "up")}
                  >
                    ↑
                  </RowButton>
                  <RowButton
                    action="down"
                    label={rankingWords.moveDown(candidate.name)}
                    disabled={disabled || index === ranked.length - 1}
                    onClick={() => update(moveRanked(ranked, id, 1), id, "down")}
                  >
                    ↓
                  </RowButton>
                  <RowButton
                    action="remove"
                    label={rankingWords.remove(candidate.name)}
                    disabled={disabled}
                    onClick={() => remove(id)}
                  >
                    ✕
                  </RowButton>
                </RowBody>
              </li>
            );
          })}
        </ol>
      </div>
      <div>
        <h3 id={unrankedTitle} className={styles.listTitle}>
          {rankingWords.otherCandidates}
        </h3>
        <ul
          aria-labelledby={unrankedTitle}
          className={styles.rankList}
          onDragOver={(event) => event.preventDefault()}
          onDrop={dropOutside}
        >
          {unranked.length === 0 && (
            <li className={cx("muted", shared.small, styles.empty)}>{rankingWords.allRanked}</li>
          )}
          {unranked.map((candidate) => (
            <li
              key={candidate.id}
              data-candidate={candidate.id}
              className={styles.rankRow}
              draggable={!disabled}
              onDragStart={(event) => onDragStart(event, candidate.id)}
            >
              <RowBody candidate={candidate}>
                <RowButton
                  action="add"
                  label={rankingWords.add(candidate.name)}
                  disabled={disabled}
                  onClick={() => add(candidate.id)}
                >
                  {rankingWords.addShort}
                </RowButton>
              </RowBody>
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" aria-live="assertive">
        {said}
      </p>
    </div>
  );
}
