import { type ComponentPropsWithRef, useEffect, useState } from "react";

/**
 * A status line (role="status", a polite live region) whose words are said when it appears. A live
 * region is read for what changes inside it once it exists: one made already holding its words is
 * often not read at all (NVDA and JAWS with Chromium). So it mounts empty and takes its words on the
 * next frame; later changes of its words are said as they happen. `as` is the element (a paragraph
 * unless said); every other prop goes to it.
 */
export function Status({
  as: Tag = "p",
  children,
  ...props
}: ComponentPropsWithRef<"div"> & { as?: "p" | "div" | "span" }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    requestAnimationFrame(() => setReady(true));
  }, []);
  return (
    <Tag role="status" {...(props as object)}>
      {ready && children}
    </Tag>
  );
}
