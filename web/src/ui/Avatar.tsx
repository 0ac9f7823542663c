import { useState } from "react";
import styles from "./Avatar.module.css";
import { cx } from "./cx";

/** Up to two initials of a name: "Riverside Student Union" → "RS", "kofi" → "K". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const letters = words.length === 1 ? [words[0]?.[0]] : [words[0]?.[0], words[1]?.[0]];
  return letters.join("").toUpperCase();
}

/** A stable hue per name, so the same person or organization keeps the same colour. */
function hue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

interface AvatarProps {
  name: string;
  /** An image of our own (an uploaded logo); without one, initials are drawn. */
  src?: string | null;
  size?: number;
  /** "round" for people, "square" for organizations. */
  shape?: "round" | "square";
  className?: string;
  /** What it is called (an organization's "… logo"); without a label it is decorative. */
  label?: string;
}

/** A picture or the initials of a name; decorative unless labelled (the name is said next to it). */
export function Avatar({ name, src, size = 36, shape = "round", className, label }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const image = src && broken !== src ? src : null;
  const style = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.38),
    // 30% lightness: white initials keep at least 4.5:1 on every hue (42% fell to 2.6:1 on yellows).
    background: image ? undefined : `hsl(${hue(name)} 55% 30%)`,
  };
  const classes = cx(styles.avatar, shape === "round" ? styles.round : styles.square, className);
  // Labelled: the picture says it, or the initials' tile as one image.
  const said = !label ? { "aria-hidden": true } : image ? {} : { role: "img", "aria-label": label };
  return (
    <span className={classes} style={style} {...said}>
      {image ? (
        <img src={image} alt={label ?? ""} width={size} height={size} onError={() => setBroken(image)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}
