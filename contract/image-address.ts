/** Addresses the contract accepts for pictures (candidates on a ballot). */

/** A candidate's picture: a web address, or a path on this site (an uploaded or bundled image). */
export function isImageAddress(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}
