/**
 * A voter list as an administrator exports it from a spreadsheet: CSV (RFC 4180) with a header row,
 * read into rows with each row's problems in words. Pure: the database's checks (already a member,
 * already invited) are added by the caller (lists.ts).
 */
import { z } from "zod";
import { ID_TYPES, type IdType, phoneNumberOf } from "../../../contract/accounts";
import { type VoterListProblem, voterListMessages } from "../../../contract/invitations";

/** One record of a CSV file: its fields, and the line of the file it starts on (from 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits CSV text into records of fields: a byte-order mark is dropped, fields may be quoted (a
 * quote doubled inside), quoted fields may hold commas and line breaks, lines end in LF or CRLF
 * (or a lone CR), and blank lines are skipped. Each record keeps the line it starts on, so a
 * problem is reported where the administrator's editor shows it. `unclosedAt`: the line of a quote
 * never closed (everything after it was read as one field), or null.
 */
export function parseCsv(input: string): { records: CsvRecord[]; unclosedAt: number | null } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let touched = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endField = () => {
    record.push(field);
    field = "";
    touched = false;
  };
  const endRecord = () => {
    endField();
    if (record.length > 1 || record[0] !== "") records.push({ line: recordLine, fields: record });
    record = [];
    recordLine = line;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const lineBreak = char === "\n" || (char === "\r" && text[i + 1] !== "\n");
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      if (lineBreak) line++;
    } else if (char === '"' && !touched && field === "") {
      quoted = true;
      touched = true;
      quoteLine = line;
    } else if (char === ",") endField();
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      line++;
      endRecord();
    } else {
      field += char;
      touched = true;
    }
  }
  if (field !== "" || touched || record.length > 0) endRecord();
  return { records, unclosedAt: quoted ? quoteLine : null };
}

/** The columns a voter list may have; the header names each, in any order and any case. */
const COLUMNS = {
  full_name: ["full name", "full_name", "name", "fullname"],
  email: ["email", "e-mail", "email address", "e-mail address"],
  phone_number: ["phone", "phone number", "phone_number", "mobile"],
  id_type: ["id type", "id_type"],
  id_number: ["id number", "id_number", "id", "id no"],
  weight: ["weight"],
} as const;
type Column = keyof typeof COLUMNS;

export interface VoterRow {
  /** The line of the file the row starts on, blank lines and line breaks in quotes counted. */
  line: number;
  full_name: string;
  email: string;
  phone_number: string;
  id_type: IdType | null;
  id_number: string;
  /** Kept for weighted elections later; 1 when the column is absent or empty. */
  weight: number;
  problems: VoterListProblem[];
}

export const MAX_ROWS = 5000;
const emailShape = z.email();

/** The list's rows with their problems, or the problem with the whole file. */
export function readVoterList(csv: string): { rows: VoterRow[] } | { error: string } {
  const parsed = parseCsv(csv);
  if (parsed.unclosedAt !== null) return { error: voterListMessages.unclosedQuote(parsed.unclosedAt) };
  const [first, ...records] = parsed.records;
  const header = first?.fields;
  if (!header) return { error: voterListMessages.empty };
  const at = columnsOf(header);
  if (at.full_name === undefined || at.email === undefined) {
    // A spreadsheet set to another region's list separator wrote semicolons.
    const semicolons = header.length === 1 && (header[0] ?? "").includes(";");
    return { error: semicolons ? voterListMessages.semicolons : voterListMessages.header };
  }
  if (records.length === 0) return { error: voterListMessages.empty };
  if (records.length > MAX_ROWS) return { error: voterListMessages.tooMany(MAX_ROWS) };

  const seen = new Set<string>();
  const rows = records.map(({ line, fields }): VoterRow => {
    const cell = (column: Column) => {
      const i = at[column];
      return i === undefined ? "" : (fields[i] ?? "").trim();
    };
    const problems: VoterListProblem[] = [];
    const full_name = cell("full_name");
    const email = cell("email").toLowerCase();
    if (!full_name) problems.push("missing_name");
    else if (full_name.length > 100) problems.push("name_too_long");
    if (!email) problems.push("missing_email");
    else if (email.length > 254 || !emailShape.safeParse(email).success) problems.push("bad_email");
    else if (seen.has(email)) problems.push("duplicate");
    if (email) seen.add(email);
    const idType = cell("id_type");
    const id_type = idType ? (ID_TYPES.find((t) => t.toLowerCase() === idType.toLowerCase()) ?? null) : null;
    if (idType && !id_type) problems.push("bad_id_type");
    const weightText = cell("weight");
    const weight = weightText ? Number(weightText) : 1;
    if (!(Number.isFinite(weight) && weight > 0)) problems.push("bad_weight");
    const phone = cell("phone_number");
    const idNumber = cell("id_number");
    if (phone.length > 30 || idNumber.length > 50) problems.push("too_long");
    else if (phone && phoneNumberOf(phone) === null) problems.push("bad_phone");
    return {
      line,
      full_name,
      email,
      phone_number: (phone && phoneNumberOf(phone)) || phone,
      id_type,
      id_number: idNumber,
      weight: Number.isFinite(weight) ? weight : 1,
      problems,
    };
  });
  return { rows };
}

function columnsOf(header: string[]): Partial<Record<Column, number>> {
  const at: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    for (const column of Object.keys(COLUMNS) as Column[]) {
      if (at[column] === undefined && (COLUMNS[column] as readonly string[]).includes(key))
        at[column] = index;
    }
  });
  return at;
}
