/** The elections feature's endpoints, declared once; the schemas, types and messages they use are in `elections.ts`. */

import type { Bulletin } from "./bulletin";
import type {
  CastVoteResult,
  Election,
  ElectionAuditEntry,
  EligibleVoter,
  VerificationResult,
  VerificationStart,
} from "./elections";
import {
  castVoteInput,
  confirmVerificationInput,
  electionDefinitionInput,
  electionOptionsInput,
  extendElectionInput,
  startVerificationInput,
} from "./elections-input";
import { endpoint, idParams, typedAnswer } from "./endpoint";
import { type ElectionRoll, electionRollInput, type RollKind } from "./invitations";

const election = "/api/elections/:id";
const ofElection = <P extends string>(path: P) => ({ path, params: idParams }) as const;
/** An administrator's change to an election; the answer is the election as it now is. */
const change = <M extends "POST" | "PATCH" | "PUT", P extends string>(method: M, path: P) =>
  ({ method, ...ofElection(path), access: "organization", response: typedAnswer<Election>() }) as const;

/** The elections' endpoints (the election channel, the results screen, the bulletin board). */
export const electionsEndpoints = {
  /** The organization's elections, newest first. */
  list: endpoint({
    method: "GET",
    path: "/api/organizations/:id/elections",
    access: "user",
    params: idParams,
    response: typedAnswer<{ elections: Election[] }>(),
  }),
  /** The election of an election channel. */
  ofChannel: endpoint({
    method: "GET",
    path: "/api/channels/:id/election",
    access: "user",
    params: idParams,
    response: typedAnswer<Election>(),
  }),
  get: endpoint({
    method: "GET",
    ...ofElection(election),
    access: "user",
    response: typedAnswer<Election>(),
  }),
  voters: endpoint({
    method: "GET",
    ...ofElection(`${election}/voters`),
    access: "user",
    response: typedAnswer<{ voters: EligibleVoter[]; roll: RollKind }>(),
  }),
  /** The results as a CSV file: a plain link (the browser downloads it with the session cookie). */
  resultsCsv: endpoint({
    method: "GET",
    ...ofElection(`${election}/results.csv`),
    access: "user",
    response: typedAnswer<string>(),
  }),
  audit: endpoint({
    method: "GET",
    ...ofElection(`${election}/audit`),
    access: "organization",
    response: typedAnswer<{ entries: ElectionAuditEntry[] }>(),
  }),
  /** The public bulletin board: sealed ballots by receipt hash, and the seals. */
  bulletin: endpoint({
    method: "GET",
    ...ofElection(`${election}/bulletin`),
    access: "public",
    response: typedAnswer<Bulletin>(),
  }),
  startVerification: endpoint({
    method: "POST",
    ...ofElection(`${election}/verification`),
    access: "voter",
    body: startVerificationInput,
    response: typedAnswer<VerificationStart>(),
  }),
  confirmVerification: endpoint({
    method: "POST",
    ...ofElection(`${election}/verification/confirm`),
    access: "voter",
    body: confirmVerificationInput,
    response: typedAnswer<VerificationResult>(),
  }),
  /** Casting a ballot (answered 201). */
  cast: endpoint({
    method: "POST",
    ...ofElection(`${election}/ballots`),
    access: "voter",
    body: castVoteInput,
    response: typedAnswer<CastVoteResult>(),
  }),
  open: endpoint(change("POST", `${election}/open`)),
  close: endpoint(change("POST", `${election}/close`)),
  cancel: endpoint(change("POST", `${election}/cancel`)),
  extend: endpoint({ ...change("POST", `${election}/extend`), body: extendElectionInput }),
  setOptions: endpoint({ ...change("PATCH", `${election}/options`), body: electionOptionsInput }),
  setDefinition: endpoint({ ...change("PUT", `${election}/definition`), body: electionDefinitionInput }),
  /**
   * A candidate's photo for a ballot (an organization administrator's, before or after the election
   * exists): a multipart upload of one PNG, JPEG, GIF or WebP image of at most 10 MB; the answer is
   * the address to put in the candidate's `photo_url`. Sent with `upload()`, not the JSON client.
   */
  uploadCandidatePhoto: endpoint({
    method: "POST",
    path: "/api/organizations/:id/candidate-photos",
    access: "organization",
    params: idParams,
    response: typedAnswer<{ url: string }>(),
  }),
  /** Who may vote: every voter member, or the administrator's choice (contract/invitations.ts). */
  roll: endpoint({
    method: "GET",
    ...ofElection(`${election}/roll`),
    access: "organization",
    response: typedAnswer<ElectionRoll>(),
  }),
  setRoll: endpoint({
    method: "PUT",
    ...ofElection(`${election}/roll`),
    access: "organization",
    body: electionRollInput,
    response: typedAnswer<ElectionRoll>(),
  }),
};
