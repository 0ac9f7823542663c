import { useState } from "react";
import { cx } from "../../ui/cx";
import styles from "./OrgLogo.module.css";

/** Up to two initials of an organization's name, for a missing logo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0] ?? "?"];
  return letters
    .map((word) => word?.[0] ?? "")
    .join("")
    .toUpperCase()
    .slice(0, 2);
}

/** The organization's logo, or its initials on a coloured tile when it has none (or it fails to load). */
export function OrgLogo({
  name,
  url,
  size = 48,
  className,
}: {
  name: string;
  url: string;
  size?: number;
  /** The caller's own touch on the logo (e.g. a rounder corner). */
  className?: string;
}) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (url && brokenUrl !== url) {
    return (
      <img
        className={cx(styles.logo, className)}
        src={url}
        alt={`${name} logo`}
        style={style}
        onError={() => setBrokenUrl(url)}
      />
    );
  }
  return (
    <span
      className={cx(styles.logo, styles.logoInitials, className)}
      style={style}
      role="img"
      aria-label={`${name} logo`}
    >
      {initialsOf(name)}
    </span>
  );
}

/** A chosen logo image before it is saved, drawn as a logo is. */
export function OrgLogoPreview({
  src,
  alt,
  size,
  className,
  onError,
}: {
  src: string;
  alt: string;
  size: number;
  className?: string;
  /** The file is not an image the browser can show (a renamed document, say). */
  onError?(): void;
}) {
  return (
    <img
      className={cx(styles.logo, className)}
      src={src}
      alt={alt}
      width={size}
      height={size}
      onError={onError}
    />
  );
}
