import { useId } from "react";
import { cx } from "../../ui/cx";
import { text } from "./text";

/** "Filter by name" over a list of voters (the Voters tab, the roll's members). */
export function NameFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange(value: string): void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cx("field", className)}>
      <label htmlFor={id} className="visually-hidden">
        {text.filterVoters}
      </label>
      <input
        id={id}
        type="search"
        placeholder={text.filterVoters}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
