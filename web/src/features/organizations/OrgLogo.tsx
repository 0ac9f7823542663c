import { useState } from "react";
import "./orgLogo.css";

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
export function OrgLogo({ name, url, size = 48 }: { name: string; url: string; size?: number }) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (url && brokenUrl !== url) {
    return (
      <img
        className="org-logo"
        src={url}
        alt={`${name} logo`}
        style={style}
        onError={() => setBrokenUrl(url)}
      />
    );
  }
  return (
    <span className="org-logo org-logo-initials" style={style} role="img" aria-label={`${name} logo`}>
      {initialsOf(name)}
    </span>
  );
}
