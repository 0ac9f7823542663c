/**
 * The ballot page's first load in a few files instead of about thirty: the entry with what it
 * imports (React, the router, TanStack Query, the route table), the workspace shell with what it
 * imports, the election channel page with what it imports beyond those, and what the election page
 * shares with the election pages outside the area. Each is gzipped as one file, so it pays one
 * header and shares one dictionary (npm run bench bundle).
 *
 * The election page's chunk holds what only it (and what it loads lazily) imports; what it shares
 * with other pages of the area (features/workspace/areaRoutes.tsx: each is drawn inside the shell, so
 * it loads the shell's chunk anyway) goes to the shell's chunk; what it shares with the bulletin
 * board, the report and the outbox, to a chunk of its own. What the shell or the election page shares
 * with the signed-in pages outside the area (the invitation pages, the voter profile, the admin
 * dashboard: an avatar, the socket, dates) goes to one more chunk, "shared", which those pages load
 * whole (at most about 3 KiB more than they use) rather than seven files of the ballot page's. A
 * module that a public or sign-in page also imports (the icons, the tabs of Sign Up) is left to the
 * bundler's own chunks, so that a visitor's first page does not load a group for it.
 *
 * The walks do not follow a contract/ module's imports: contract modules import one another and zod
 * for their schemas, which the web build drops (endpointsWithoutSchemas.ts). A group takes only the
 * modules its walk found, not their dependencies, so a module that another page keeps alive
 * (contract/messages.ts for the sign-in form) stays out of the first load.
 */
import path from "node:path";
import type { Rolldown } from "vite";

type Context = Parameters<Extract<Rolldown.CodeSplittingGroup["name"], (...args: never[]) => unknown>>[1];

const SRC = path.resolve(import.meta.dirname, "../src");
const CONTRACT = `${path.resolve(import.meta.dirname, "../../contract")}${path.sep}`;
const ENTRY = path.join(SRC, "main.tsx");
const ZOD = `${CONTRACT}zod.ts`;
/**
 * What a package's index re-exports and the entry does not use: the walk finds everything the index
 * names. TanStack Query's paged reads are for the message search and a conversation, loaded later.
 */
const LATER =
  /[\\/]@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useInfiniteQuery|infiniteQueryObserver)\.js$/;

const ELECTION_PAGE = "features/elections/ElectionChannelPage.tsx";
const AREA = "features/workspace/areaRoutes.tsx";

/**
 * The groups after the entry's, in the order they take modules: a chunk's name, its pages, and the
 * modules under which every page that may share the group's modules is loaded.
 */
const PAGES: [name: string, pages: string[], inside: string[]][] = [
  ["election", [ELECTION_PAGE], [ELECTION_PAGE]],
  ["workspace", ["features/workspace/Shell.tsx", ELECTION_PAGE], [AREA]],
  // What the election page shares with the election pages outside the area (the bulletin board, the
  // printable report, the developer outbox), which load this chunk for it.
  [
    "election-common",
    [ELECTION_PAGE],
    [
      AREA,
      "features/elections/BulletinPage.tsx",
      "features/elections/results/ResultsReportPage.tsx",
      "features/elections/OutboxPage.tsx",
    ],
  ],
  // What the shell and the election page share with the signed-in pages outside the area.
  [
    "shared",
    ["features/workspace/Shell.tsx", ELECTION_PAGE],
    [
      AREA,
      "features/elections/BulletinPage.tsx",
      "features/elections/results/ResultsReportPage.tsx",
      "features/elections/OutboxPage.tsx",
      "features/invite/InvitePage.tsx",
      "features/invitations/InvitationPage.tsx",
      "features/profile/VoterProfilePage.tsx",
      "features/profile/VoterCardPage.tsx",
      "features/profile/VotingFaqPage.tsx",
      "features/profile/PollingStationsPage.tsx",
      "features/platform-admin/AdminDashboardPage.tsx",
    ],
  ],
];

/** The modules `root` imports, directly or not; with `lazy`, also those it imports with import(). */
function reached(ctx: Context, root: string, lazy = false): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (id.startsWith(CONTRACT)) continue;
    const info = ctx.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(lazy ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/**
 * The modules imported by a page lazily loaded from outside `roots` and what they load lazily (the
 * roots themselves, which are loaded so, are not such pages).
 */
function neededOutside(ctx: Context, roots: string[]): Set<string> {
  const inside = new Set(roots.flatMap((root) => [...reached(ctx, root, true)]));
  const outside = new Set<string>();
  for (const id of reached(ctx, ENTRY, true)) {
    const importers = ctx.getModuleInfo(id)?.dynamicImporters ?? [];
    if (!roots.includes(id) && importers.some((importer) => !inside.has(importer))) {
      for (const needed of reached(ctx, id)) outside.add(needed);
    }
  }
  return outside;
}

/**
 * Each module's group: the entry's all it imports; then each group what its pages import and no
 * page outside it does.
 */
function groups(ctx: Context): Map<string, string> {
  const groupOf = new Map<string, string>();
  for (const id of reached(ctx, ENTRY)) if (!LATER.test(id)) groupOf.set(id, "index");
  for (const [name, pages, inside] of PAGES) {
    const outside = neededOutside(
      ctx,
      inside.map((root) => path.join(SRC, root)),
    );
    for (const id of pages.flatMap((page) => [...reached(ctx, path.join(SRC, page))])) {
      if (!groupOf.has(id) && !outside.has(id)) groupOf.set(id, name);
    }
  }
  return groupOf;
}

export function firstLoadChunks(): Rolldown.CodeSplittingOptions {
  let groupOf: Map<string, string> | undefined;
  const groupFor = (id: string, ctx: Context) => {
    groupOf ??= groups(ctx);
    // Vite's helper for import() goes with the entry, which every page loads.
    return id.startsWith("\0vite/") || id.startsWith("\0rolldown/") || id === ZOD ? "index" : groupOf.get(id);
  };
  return {
    // The entry's group first: a later group does not take what an earlier one holds.
    groups: ["index", ...PAGES.map(([name]) => name)].map((name, i, names) => ({
      debugName: name,
      priority: names.length - i,
      name: (id, ctx) => (groupFor(id, ctx) === name ? name : null),
      includeDependenciesRecursively: false,
    })),
  };
}
