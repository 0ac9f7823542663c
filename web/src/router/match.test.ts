// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isActivePath, matchRoutes, type RouteObject } from "./match";

const routes: RouteObject[] = [
  {
    path: "/",
    element: "public",
    children: [
      { index: true, element: "landing" },
      { path: "features", element: "features" },
    ],
  },
  { path: "/signin", element: "signin" },
  { path: "/reset-password/:token", element: "reset" },
  {
    path: "/member",
    element: "shell",
    children: [
      { index: true, element: "home" },
      { path: "election", element: "election" },
      { path: "*", element: "to home" },
    ],
  },
  { path: "/elections/:electionId/bulletin", element: "bulletin" },
  { path: "*", element: "to landing" },
];

const shown = (pathname: string) =>
  matchRoutes(routes, pathname)?.map(({ route, params }) => [route.element, params]);

describe("matchRoutes", () => {
  it("draws a child inside its parent, the index at the parent's own address", () => {
    expect(shown("/")).toEqual([
      ["public", {}],
      ["landing", {}],
    ]);
    expect(shown("/features")).toEqual([
      ["public", {}],
      ["features", {}],
    ]);
    expect(shown("/member")).toEqual([
      ["shell", {}],
      ["home", {}],
    ]);
    expect(shown("/member/election")).toEqual([
      ["shell", {}],
      ["election", {}],
    ]);
  });

  it("reads `:name` segments, decoded", () => {
    expect(shown("/reset-password/a%20b")).toEqual([["reset", { token: "a b" }]]);
    expect(shown("/elections/e1/bulletin")).toEqual([["bulletin", { electionId: "e1" }]]);
    expect(shown("/reset-password/%E0%A4%A")).toEqual([["reset", { token: "%E0%A4%A" }]]);
  });

  it("takes the first route that matches, `*` taking the rest", () => {
    expect(shown("/member/nowhere/else")).toEqual([
      ["shell", {}],
      ["to home", { "*": "nowhere/else" }],
    ]);
    expect(shown("/features/more")).toEqual([["to landing", { "*": "features/more" }]]);
    expect(shown("/reset-password")).toEqual([["to landing", { "*": "reset-password" }]]);
  });

  it("ignores case and a trailing slash", () => {
    expect(shown("/SignIn/")).toEqual([["signin", {}]]);
  });

  it("matches nothing when no route does", () => {
    expect(matchRoutes([{ path: "/a", element: "a" }], "/b")).toBeNull();
  });
});

describe("isActivePath", () => {
  it("is its own address, or one below it unless `end`", () => {
    expect(isActivePath("/member", "/member")).toBe(true);
    expect(isActivePath("/member", "/member/text")).toBe(true);
    expect(isActivePath("/member", "/member/text", true)).toBe(false);
    expect(isActivePath("/member", "/members")).toBe(false);
    expect(isActivePath("/features", "/Features")).toBe(true);
  });

  it("reads only the path of the link, and `/` only for itself", () => {
    expect(isActivePath("/member?tab=1", "/member")).toBe(true);
    expect(isActivePath("/", "/features")).toBe(false);
    expect(isActivePath("/", "/")).toBe(true);
  });
});
