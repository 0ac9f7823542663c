import { describe, expect, it } from "vitest";
import { voterListMessages } from "../../../contract/invitations";
import { MAX_ROWS, parseCsv, readVoterList } from "./csv";

describe("parseCsv", () => {
  it("reads plain rows, LF or CRLF, and drops blank lines", () => {
    expect(parseCsv("a,b\r\n1,2\n\n3,4\r\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("drops a byte-order mark", () => {
    expect(parseCsv("\uFEFFFull name,Email\nAma,a@x.org")[0]).toEqual(["Full name", "Email"]);
  });

  it("keeps commas, doubled quotes and line breaks inside quotes", () => {
    expect(parseCsv('"Owusu, Ama","said ""hi""","line1\r\nline2"\n')).toEqual([
      ["Owusu, Ama", 'said "hi"', "line1\r\nline2"],
    ]);
  });

  it("keeps empty fields, including an empty last one and a quoted empty one", () => {
    expect(parseCsv('a,,""\nb,c,')).toEqual([
      ["a", "", ""],
      ["b", "c", ""],
    ]);
  });

  it("reads a last line without a line break, and a lone CR as a line break", () => {
    expect(parseCsv("a\rb")).toEqual([["a"], ["b"]]);
  });
});

describe("readVoterList", () => {
  const read = (csv: string) => {
    const result = readVoterList(csv);
    if ("error" in result) throw new Error(result.error);
    return result.rows;
  };

  it("maps the header's columns in any order and case", () => {
    const [row] = read(
      "EMAIL,phone,Full Name,ID Type,ID Number,Weight\nAMA@Example.org,+233 20,Ama Owusu,passport,P123,2.5",
    );
    expect(row).toMatchObject({
      line: 2,
      full_name: "Ama Owusu",
      email: "ama@example.org",
      phone_number: "+233 20",
      id_type: "Passport",
      id_number: "P123",
      weight: 2.5,
      problems: [],
    });
  });

  it("marks each row's problems: missing name, bad e-mail, duplicate in the file, bad ID type, bad weight", () => {
    const rows = read(
      [
        "Full name,Email,ID type,Weight",
        "Ama,ama@example.org,,",
        ",kofi@example.org,,",
        "Esi,not-an-email,,",
        "Ama Again,AMA@example.org,,",
        "Yaw,yaw@example.org,Library card,",
        "Abena,abena@example.org,,-1",
        "Kojo,,,",
      ].join("\n"),
    );
    expect(rows.map((r) => r.problems)).toEqual([
      [],
      ["missing_name"],
      ["bad_email"],
      ["duplicate"],
      ["bad_id_type"],
      ["bad_weight"],
      ["missing_email"],
    ]);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(rows[0]?.weight).toBe(1);
  });

  it("refuses a file without the needed columns, an empty file, and one over the row limit", () => {
    expect(readVoterList("Name,Phone\nAma,1")).toEqual({ error: voterListMessages.header });
    expect(readVoterList("")).toEqual({ error: voterListMessages.empty });
    expect(readVoterList("Full name,Email\n")).toEqual({ error: voterListMessages.empty });
    const big = `Full name,Email\n${"A,a@b.org\n".repeat(MAX_ROWS + 1)}`;
    expect(readVoterList(big)).toEqual({ error: voterListMessages.tooMany(MAX_ROWS) });
  });
});
