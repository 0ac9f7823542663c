import { describe, expect, it } from "vitest";
import * as templates from "./templates";

const notice = {
  organization: "Harbour <Rowing> & Co",
  election: "Board 2027",
  startsAt: new Date("2027-03-01T09:00:00Z"),
  endsAt: new Date("2027-03-03T17:00:00Z"),
  timeZone: "Africa/Accra",
  link: "https://vote.example.org/election?e=1&x=2",
  board: "https://vote.example.org/elections/e1/bulletin",
};

const every = {
  verificationCode: templates.verificationCode({
    organization: notice.organization,
    election: notice.election,
    code: "123456",
    minutes: 5,
  }),
  passwordReset: templates.passwordReset({
    link: "https://vote.example.org/reset-password/tok",
    minutes: 30,
  }),
  registrationAttempt: templates.registrationAttempt({
    signInLink: "https://vote.example.org/signin",
    resetLink: "https://vote.example.org/forgot-password",
  }),
  phoneChanged: templates.phoneChanged(),
  invitation: templates.invitation({
    organization: notice.organization,
    invitedBy: "Ama Mensah",
    link: notice.link,
    expiresAt: notice.endsAt,
    timeZone: notice.timeZone,
  }),
  electionScheduled: templates.electionScheduled(notice),
  votingOpen: templates.votingOpen(notice),
  reminder: templates.reminder(notice),
  votingClosed: templates.votingClosed(notice),
  resultsPublished: templates.resultsPublished(notice),
};

describe("message templates", () => {
  it.each(Object.entries(every))("%s says who sends it and why, in text and in HTML alike", (_, letter) => {
    expect(letter.text).toMatch(/Sent by .+\./);
    expect(letter.text).toContain("You receive this because");
    expect(letter.html).toContain("You receive this because");
    expect(letter.html).not.toContain("<Rowing>");
    expect(letter.subject).not.toContain("\n");
  });

  it("names the organization, the time in its zone, and the link, escaped in HTML", () => {
    const open = every.votingOpen;
    expect(open.text).toContain("Sent by Harbour <Rowing> & Co through Votespace.");
    expect(open.html).toContain("Harbour &lt;Rowing&gt; &amp; Co");
    expect(open.text).toContain("Wednesday, 3 March 2027 at 17:00 (Africa/Accra)");
    expect(open.text).toContain(`Vote now: ${notice.link}`);
    expect(open.html).toContain('href="https://vote.example.org/election?e=1&amp;x=2"');
  });

  it("gives the public bulletin board's address where it names the board", () => {
    for (const letter of [every.resultsPublished, templates.electionCancelled(notice)]) {
      expect(letter.text).toMatch(new RegExp(`public bulletin board[^\\n]*: ${notice.board}`));
      expect(letter.html).toContain(notice.board);
    }
  });

  it("puts a code in the SMS text and in the e-mail", () => {
    const code = every.verificationCode;
    expect(code.sms).toBe(
      "123456 is your Votespace verification code from Harbour <Rowing> & Co. It is valid for 5 minutes.",
    );
    expect(code.text).toContain("123456");
    expect(code.html).toContain("123456");
  });
});
