import { describe, expect, it } from "vitest";
import { voterListMessages } from "../../../contract/invitations";
import { MAX_ROWS, parseCsv, readVoterList } from "./csv";

/** The fields of each record. */
const fieldsOf = (csv: string) => parseCsv(csv).records.map((record) => record.fields);

describe("parseCsv", () => {
  it("reads plain rows, LF or CRLF, and drops blank lines", () => {
    expect(fieldsOf("a,b\r\n1,2\n\n3,4\r\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("drops a byte-order mark", () => {
    expect(fieldsOf("\uFEFFFull name,Email\nAma,a@x.org")[0]).toEqual(["Full name", "Email"]);
  });

  it("keeps commas, doubled quotes and line breaks inside quotes", () => {
    expect(fieldsOf('"Owusu, Ama","said ""hi""","line1\r\nline2"\n')).toEqual([
      ["Owusu, Ama", 'said "hi"', "line1\r\nline2"],
    ]);
  });

  it("keeps empty fields, including an empty last one and a quoted empty one", () => {
    expect(fieldsOf('a,,""\nb,c,')).toEqual([
      ["a", "", ""],
      ["b", "c", ""],
    ]);
  });

  it("reads a last line without a line break, and a lone CR as a line break", () => {
    expect(fieldsOf("a\rb")).toEqual([["a"], ["b"]]);
  });

  it("keeps the line each record starts on, blank lines and line breaks in quotes counted", () => {
    const { records, unclosedAt } = parseCsv('h\n\na\n"two\r\nlines",x\r\nb\rc');
    expect(records.map((r) => [r.line, r.fields[0]])).toEqual([
      [1, "h"],
      [3, "a"],
      [4, "two\r\nlines"],
      [6, "b"],
      [7, "c"],
    ]);
    expect(unclosedAt).toBeNull();
  });

  it("says where a quote was opened and never closed", () => {
    expect(parseCsv('h\nMo "Quote,x\n"No End,y\nlast,z').unclosedAt).toBe(3);
  });
});

describe("readVoterList", () => {
  it("reports rows at their lines in the file, and a file's unclosed quote or semicolons as such", () => {
    const result = readVoterList("Full name,Email\n\nAma,ama@x.org\n,kofi@x.org");
    expect("rows" in result && result.rows.map((r) => [r.line, r.problems])).toEqual([
      [3, []],
      [4, ["missing_name"]],
    ]);
    expect(readVoterList('Full name,Email\nAma,ama@x.org\n"Mo,mo@x.org\nEsi,esi@x.org')).toEqual({
      error: voterListMessages.unclosedQuote(3),
    });
    expect(readVoterList("Full name;Email\nAma;ama@x.org")).toEqual({ error: voterListMessages.semicolons });
  });

  const read = (csv: string) => {
    const result = readVoterList(csv);
    if ("error" in result) throw new Error(result.error);
    return result.rows;
  };

  it("maps the header's columns in any order and case", () => {
    const [row] = read(
      "EMAIL,phone,Full Name,ID Type,ID Number,Weight\nAMA@Example.org,+233 20 555 0188,Ama Owusu,passport,P123,2.5",
    );
    expect(row).toMatchObject({
      line: 2,
      full_name: "Ama Owusu",
      email: "ama@example.org",
      phone_number: "+233 20 555 0188",
      id_type: "Passport",
      id_number: "P123",
      weight: 2.5,
      problems: [],
    });
  });

  it("marks a phone number text messages cannot reach, and reads one typed in full width as ASCII", () => {
    const rows = read(
      "Full name,Email,Phone\nAma,ama@example.org,12\nEsi,esi@example.org,＋２３３ ２０ ５５５ ０１０１",
    );
    expect(rows.map((row) => row.problems)).toEqual([["bad_phone"], []]);
    expect(rows[1]?.phone_number).toBe("+233 20 555 0101");
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
