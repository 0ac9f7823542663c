/**
 * Janus reads its configuration in libconfig's syntax (`.jcfg`). We write it from plain objects
 * rather than from text templates, so a secret or a path can never break out of its quotes.
 */
export type JcfgValue = string | number | boolean | JcfgValue[] | JcfgSection;
export interface JcfgSection {
  [key: string]: JcfgValue | undefined;
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

function quote(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}

function value(item: JcfgValue, indent: string): string {
  if (typeof item === "string") return quote(item);
  if (typeof item === "boolean") return item ? "true" : "false";
  if (typeof item === "number") {
    if (!Number.isFinite(item)) throw new Error(`jcfg: ${item} is not a number Janus can read`);
    return String(item);
  }
  if (Array.isArray(item)) return `[${item.map((entry) => value(entry, indent)).join(", ")}]`;
  return `{\n${section(item, `${indent}\t`)}${indent}}`;
}

function section(entries: JcfgSection, indent: string): string {
  let text = "";
  for (const [key, item] of Object.entries(entries)) {
    if (item === undefined) continue;
    if (!NAME.test(key)) throw new Error(`jcfg: "${key}" is not a setting name`);
    text += `${indent}${key} = ${value(item, indent)}\n`;
  }
  return text;
}

/** One configuration file: top-level sections (general, nat, media...) in the given order. */
export function toJcfg(sections: Record<string, JcfgSection>, header: string): string {
  const lines = header
    .split("\n")
    .map((line) => `# ${line}`.trimEnd())
    .join("\n");
  const body = Object.entries(sections)
    .map(([name, entries]) => `${name}: {\n${section(entries, "\t")}}\n`)
    .join("\n");
  return `${lines}\n\n${body}`;
}
