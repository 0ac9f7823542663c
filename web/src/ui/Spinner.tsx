import "./spinner.css";

/** A turning ring that says something is loading; decorative (the words beside it say what). */
export function Spinner({ size = "small" }: { size?: "small" | "large" }) {
  return (
    <span className={size === "large" ? "ui-spinner ui-spinner-large" : "ui-spinner"} aria-hidden="true" />
  );
}
