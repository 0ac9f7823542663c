import { describe, expect, it } from "vitest";
import { mentionedNames, mentionPattern } from "./posts";

const members = ["Ama", "Ama Owusu", "Kojo Antwi", "J. (Jr) Mensah"];

describe("mentions", () => {
  it("name a member's whole name after @, the longest name winning", () => {
    expect(mentionedNames("@Ama Owusu please review", members)).toEqual(["Ama Owusu"]);
    expect(mentionedNames("@Ama please review", members)).toEqual(["Ama"]);
    expect(mentionedNames("@Ama Owusu and @Ama", members)).toEqual(["Ama", "Ama Owusu"]);
  });

  it("need the name to end there: @Amanda is not Ama, but punctuation may follow", () => {
    expect(mentionedNames("@Amanda hello", members)).toEqual([]);
    expect(mentionedNames("@Ama Owusuwaa hello", members)).toEqual(["Ama"]);
    expect(mentionedNames("thanks @Kojo Antwi!", members)).toEqual(["Kojo Antwi"]);
  });

  it("ignore case and take names as text, not as patterns", () => {
    expect(mentionedNames("@ama owusu", members)).toEqual(["Ama Owusu"]);
    expect(mentionedNames("@J. (Jr) Mensah", members)).toEqual(["J. (Jr) Mensah"]);
    expect(mentionedNames("@Jx (Jr) Mensah", members)).toEqual([]);
  });

  it("are not inside an e-mail address, nor without an @", () => {
    expect(mentionedNames("write to kofi@Ama Owusu", members)).toEqual([]);
    expect(mentionedNames("Ama Owusu", members)).toEqual([]);
    expect(mentionedNames("@Ama", [])).toEqual([]);
  });

  it("are what the web highlights: the same pattern finds the same spans", () => {
    const text = "@Ama Owusu, @Amanda and @ama";
    const pattern = mentionPattern(members);
    expect([...text.matchAll(pattern ?? /$^/g)].map((m) => m[0])).toEqual(["@Ama Owusu", "@ama"]);
  });
});
