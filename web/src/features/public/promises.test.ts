import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The public pages promise only what the product does: counts appear when voting closes (a count
 * moving with each ballot would tie it to the voter the Voters tab shows voting). Two pages had
 * kept "Results update as charts while voting is open" after the others were corrected.
 */
const folder = join(import.meta.dirname);
const sentences = readdirSync(folder)
  .filter((name) => name.endsWith(".tsx"))
  .flatMap((name) =>
    readFileSync(join(folder, name), "utf8")
      // The words shown: text between tags and inside quotes, cut into sentences.
      .replace(/<[^>]*>/g, "\n")
      .split(/["\n{}]|(?<=[.!?])\s+/)
      .map((sentence) => ({ name, sentence: sentence.replace(/\s+/g, " ").trim() })),
  );

describe("the public pages", () => {
  it("never say results or counts change while voting is open", () => {
    const live = sentences.filter(
      ({ sentence }) =>
        /\b(results?|counts?|charts?)\b/i.test(sentence) &&
        /\b(live(?!\s+(audio|video|rooms?|channels?))|while voting is open|as votes (arrive|come)|real[- ]time)\b/i.test(
          sentence,
        ) &&
        // "no count moves", "the results at the close": said as it is.
        !/\b(no|never|not|close|closes|closed)\b/i.test(sentence),
    );
    expect(live).toEqual([]);
  });

  it("never say turnout moves live: it moves as ballots are sealed, ten voters or more at a time", () => {
    // Sentences may be cut across lines in the source: the words of each page read as one text.
    const pages = readdirSync(folder)
      .filter((name) => name.endsWith(".tsx"))
      .map((name) => ({ name, words: readFileSync(join(folder, name), "utf8").replace(/\s+/g, " ") }));
    const live = pages.filter(({ words }) => /turnout[^.<"]{0,40}\blive\b|\blive turnout/i.test(words));
    expect(live.map(({ name }) => name)).toEqual([]);
  });
});
