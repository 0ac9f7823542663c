import { useId } from "react";
import { cx } from "./cx";

/** A search box over a list on screen ("Filter by name"): its label is its placeholder, said to screen readers. */
export function FilterField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cx("field", className)}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
