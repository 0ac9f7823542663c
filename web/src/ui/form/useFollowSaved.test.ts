import { describe, expect, it } from "vitest";
import { changedFields, editedFields } from "./useFollowSaved";

describe("a form of independent fields", () => {
  it("knows which fields were edited, into nested objects, lists whole", () => {
    const saved = { permissions: { membersCanComment: true, membersCanAttach: true }, tags: ["a"] };
    const now = { permissions: { membersCanComment: false, membersCanAttach: true }, tags: ["a", "b"] };
    expect(editedFields(saved, now)).toEqual([
      ["permissions.membersCanComment", false],
      ["tags", ["a", "b"]],
    ]);
    expect(editedFields(saved, saved)).toEqual([]);
  });

  it("sends only the fields changed from those it started from", () => {
    expect(
      changedFields(
        { name: "Co-op", description: "Old", timezone: "UTC" },
        { name: "Coop", description: "Old" },
      ),
    ).toEqual({ name: "Co-op", timezone: "UTC" });
    expect(
      changedFields({ membersCanAttach: false }, { membersCanComment: true, membersCanAttach: true }),
    ).toEqual({
      membersCanAttach: false,
    });
  });
});
