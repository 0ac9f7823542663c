import { describe, expect, it } from "vitest";
import { messages } from "../../../../contract/messages";
import { blankChannel, channelBody, createChannelForm } from "./createChannelForm";

const candidate = {
  name: "Ama",
  party: "Progress",
  position: "president" as const,
  image: "https://example.org/a.jpg",
};

describe("the Create Channel form's body", () => {
  it("sends no voting settings, nor e-mail or phone verification, for a text channel", () => {
    const fields = blankChannel("text");
    fields.name = "town-hall";
    fields.security_settings = { ...fields.security_settings, twoFactor: true, emailVerification: true };
    const body = channelBody(fields);
    expect(body.voting_settings).toBeUndefined();
    expect(body.security_settings).toMatchObject({
      twoFactor: true,
      emailVerification: false,
      phoneVerification: false,
    });
    expect(createChannelForm.safeParse(fields).success).toBe(true);
  });

  it("sends the voting settings of an election, checked by the contract in its words", () => {
    const fields = blankChannel("election");
    fields.name = "council";
    expect(createChannelForm.safeParse(fields).error?.issues[0]?.message).toBe(messages.votingPeriodRequired);
    fields.voting_settings = { ...fields.voting_settings, startDate: "2030-05-02", endDate: "2030-05-01" };
    fields.voting_settings.candidates = [candidate];
    const order = createChannelForm.safeParse(fields).error?.issues[0];
    expect(order?.message).toBe(messages.votingPeriodOrder);
    // Shown above the form once submitted (the page reads it from the voting settings' error).
    expect(order?.path).toEqual(["voting_settings"]);
    fields.voting_settings.endDate = "2030-05-03";
    const parsed = createChannelForm.safeParse(fields);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.voting_settings?.candidates).toEqual([candidate]);
  });

  it("puts a blank name's error on the name, in the spec's words", () => {
    const fields = { ...blankChannel("text"), name: "   " };
    const issue = createChannelForm.safeParse(fields).error?.issues[0];
    expect(issue?.path).toEqual(["name"]);
    expect(issue?.message).toBe(messages.channelNameRequired);
  });
});
