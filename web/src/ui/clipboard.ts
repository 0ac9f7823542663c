/** Copies text; falls back to the legacy selection copy where the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // fall through to the legacy path
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("Copy failed");
}

/** Shares through the browser's share sheet when it has one, else copies; says which happened. */
export async function shareOrCopy(data: {
  title: string;
  text: string;
  url: string;
}): Promise<"shared" | "copied"> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if ((error as DOMException).name === "AbortError") return "shared";
    }
  }
  await copyText(data.url);
  return "copied";
}
