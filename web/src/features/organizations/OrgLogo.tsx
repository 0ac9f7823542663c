import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import styles from "./OrgLogo.module.css";

/**
 * An organization's logo, or its initials on the organization's own colour when it has none (or it
 * fails to load): one look wherever an organization is shown (strip, home, profile, search, invites).
 * `decorative` where the name is said beside it or by the control it sits in.
 */
export function OrgLogo({
  name,
  url,
  size = 48,
  className,
  decorative = false,
}: {
  name: string;
  url: string;
  size?: number;
  /** The caller's own touch on the logo (e.g. a rounder corner). */
  className?: string;
  decorative?: boolean;
}) {
  return (
    <Avatar
      name={name}
      src={url || null}
      size={size}
      shape="square"
      className={className}
      label={decorative ? undefined : `${name} logo`}
    />
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
      className={cx(styles.preview, className)}
      src={src}
      alt={alt}
      width={size}
      height={size}
      onError={onError}
    />
  );
}
