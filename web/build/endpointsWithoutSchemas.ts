/**
 * The web app calls an endpoint by its method and path only (web/src/api/client.ts); who may call it
 * and the zod schemas in its declaration (`access`, `params`, `query`, `body`, `response`) are for the
 * server. In the web build this plugin, for every module of contract/:
 * - drops those five properties from each `endpoint({ … })` and from each object with a `method`,
 *   `path` or `access` (a helper's part of a declaration, `{ path, params: idParams }`);
 * - marks pure the calls that build schemas (contract/ only declares constants, words and schemas
 *   outside functions), so an unused schema is dropped;
 * - drops an import none of whose names is read any more (a `-input` module stays unreachable).
 * So a screen that only calls endpoints does not load zod (about 25 KiB gzip); a form that validates
 * imports its schema from `<feature>-input.ts` and loads it. vite.config.ts adds the tree-shaking
 * options this needs.
 */
import path from "node:path";
import { type Plugin, parseAst } from "vite";

const CONTRACT = `${path.resolve(import.meta.dirname, "../../contract")}${path.sep}`;
const SERVER_ONLY = new Set(["access", "params", "query", "body", "response"]);
/** The keys that make an object an endpoint's declaration or a part of one. */
const DECLARES = new Set(["method", "path", "access"]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Every node of the tree, depth first, each with whether it sits inside a function. */
function* walk(node: unknown, inFunction = false): Generator<[Node, boolean]> {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child, inFunction);
    return;
  }
  const candidate = node as Node;
  if (typeof candidate.type === "string") yield [candidate, inFunction];
  const inside = inFunction || FUNCTIONS.has(candidate.type);
  for (const [key, value] of Object.entries(candidate)) {
    if (key !== "type" && value && typeof value === "object") yield* walk(value, inside);
  }
}

/** The identifier a call chain starts from: `z` for `z.string().min(1)`. */
function rootOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "MemberExpression") return rootOf(node.object as Node);
  if (node.type === "CallExpression") return rootOf(node.callee as Node);
  return undefined;
}

/**
 * Where the runs of an object's properties that `cut` marks stand, each with the commas between it
 * and the properties kept, so that what is left is still an object literal.
 */
function runsOf(properties: Node[], cut: boolean[]): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  for (let first = 0; first < properties.length; first += 1) {
    if (!cut[first]) continue;
    let last = first;
    while (cut[last + 1]) last += 1;
    const next = properties[last + 1];
    const before = properties[first - 1];
    const [from, to] = [properties[first] as Node, properties[last] as Node];
    // Up to the next property kept, or else from the end of the one before.
    runs.push({ start: next || !before ? from.start : before.end, end: next ? next.start : to.end });
    first = last;
  }
  return runs;
}

/**
 * `code` without the server-only properties of its endpoint declarations, and with its
 * schema-building calls marked pure (building a schema has no effect), so an unused one is dropped.
 */
export function blankEndpointSchemas(code: string): string {
  const cuts: { start: number; end: number }[] = [];
  const pure = new Set<number>();
  const imports: Node[] = [];
  const names: Node[] = [];
  /** Where `endpoint(…)`'s arguments start: a declaration, whatever its keys (`{ ...change(…), body }`). */
  const declarations = new Set<number>();
  for (const [node, inFunction] of walk(parseAst(code, { lang: "ts" }))) {
    if (node.type === "ImportDeclaration") imports.push(node);
    const callee = node.callee as Node | undefined;
    if (node.type === "CallExpression" && callee?.type === "Identifier" && callee.name === "endpoint") {
      declarations.add((node.arguments as Node[])[0]?.start ?? -1);
    }
    if (node.type === "Identifier") names.push(node);
    // A call on `z` builds a schema; outside functions contract/ only computes constants and schemas
    // (`optionalText(300).refine(…)`), so every such call may be dropped when its value is unused.
    if (node.type === "CallExpression" && (!inFunction || rootOf(node) === "z")) pure.add(node.start);
    if (node.type !== "ObjectExpression") continue;
    const properties = node.properties as Node[];
    const keyOf = (property: Node) =>
      property.type === "Property" ? ((property.key as Node).name as string | undefined) : undefined;
    // An endpoint's declaration, or a part of one built by a helper (`{ path, params: idParams }`).
    const declares = properties.some((property) => DECLARES.has(keyOf(property) ?? ""));
    if (!declares && !declarations.has(node.start)) continue;
    const serverOnly = properties.map((property) => SERVER_ONLY.has(keyOf(property) ?? ""));
    cuts.push(...runsOf(properties, serverOnly));
  }
  // An import whose names are no longer read goes too: a module imported at all is in the importer's
  // chunk group, so `./accounts-input` must not stay reachable from a screen through its endpoints.
  const within = (node: { start: number; end: number }, ranges: { start: number; end: number }[]) =>
    ranges.some((range) => range.start <= node.start && node.end <= range.end);
  const read = new Set(names.filter((name) => !within(name, [...imports, ...cuts])).map((name) => name.name));
  const unread = imports.filter((declaration) => {
    const specifiers = declaration.specifiers as Node[];
    return (
      specifiers.length > 0 &&
      specifiers.every((specifier) => !read.has((specifier.local as Node).name as string))
    );
  });
  const edits = [
    // A cut inside another (an object with a `path` inside a dropped schema) goes with it.
    ...cuts
      .filter((cut) => !cuts.some((other) => other !== cut && within(cut, [other])))
      .map((cut) => ({ ...cut, text: "" })),
    ...unread.map((declaration) => ({ start: declaration.start, end: declaration.end, text: "" })),
    ...[...pure]
      .filter((start) => !cuts.some((cut) => cut.start <= start && start < cut.end))
      .map((start) => ({ start, end: start, text: "/* @__PURE__ */ " })),
  ];
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  }
  return out;
}

export function endpointsWithoutSchemasPlugin(): Plugin {
  return {
    name: "votespace-endpoints-without-schemas",
    apply: "build",
    transform: {
      filter: { id: /[\\/]contract[\\/].*\.ts$/ },
      handler(code, id) {
        if (!id.startsWith(CONTRACT)) return null;
        const out = blankEndpointSchemas(code);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
