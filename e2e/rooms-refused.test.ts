import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { audioGrowth, createChannel, openRoom, roomStats } from "./room-steps";
import {
  FAKE_MEDIA_ARGS,
  launchBrowser,
  newPage,
  registerOrganization,
  registerVoter,
  shot,
  signInAs,
  until,
} from "./support";

/**
 * A browser that refuses the microphone: the promoted speaker is told why in words they can act
 * on, stays muted on the server, and still hears the host.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(FAKE_MEDIA_ARGS);
});

afterAll(async () => {
  await browser?.close();
});

// The same known mesh flake as the live stream's (rooms.test.ts): now and then the host's audio never
// reaches a listener on this 2-core machine (1 full run in 4 at the end of this stop). Each attempt makes
// its own organization and room, so one retry starts clean and a broken path still fails twice.
it("tells a speaker whose browser refuses the microphone why, and they still listen", {
  retry: 1,
}, async () => {
  const owner = await registerOrganization({ full_name: "Efua Host" });
  const host = await newPage(browser);
  await signInAs(host.context, owner);
  const mine = await (await host.context.request.get("/api/organizations/mine")).json();
  const airing = await createChannel(host.context, { name: "open-mic", type: "airing" });

  const account = await registerVoter({ full_name: "Yaw Refuser" });
  const yaw = await newPage(browser);
  // As when the person clicks "Block" on the browser's permission prompt.
  await yaw.context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await signInAs(yaw.context, account);
  const joined = await yaw.context.request.post(`/api/organizations/${mine.current_id}/join`);
  expect(joined.ok()).toBe(true);

  await openRoom(host, "organization", airing);
  await host.page.getByRole("button", { name: "Start" }).click();
  await openRoom(yaw, "member", airing);
  await until(
    () => roomStats(yaw.page),
    (stats) => stats.audioBytesReceived > 5000,
    "host's audio at Yaw",
  );

  await yaw.page.getByRole("button", { name: "Raise hand" }).click();
  await host.page.getByRole("button", { name: "Invite to speak: Yaw Refuser" }).click();
  await yaw.page.getByRole("button", { name: "Unmute" }).click();
  await yaw.page.getByText(/did not allow the microphone/).waitFor();
  // Still muted, on the server too (the host's list shows it), and still hearing the host.
  await yaw.page.getByRole("button", { name: "Unmute" }).waitFor();
  const session = await (await yaw.context.request.post(`/api/channels/${airing.id}/room`)).json();
  const me = session.participants.find((p: { full_name: string }) => p.full_name === "Yaw Refuser");
  expect(me).toMatchObject({ role: "speaker", is_muted: true });
  // As a speaker their connection to the host is made anew (both now send): it carries the host again.
  await until(
    () => audioGrowth(yaw.page, 1000),
    (bytes) => bytes > 1000,
    "host's audio at Yaw the speaker",
    25_000,
  );
  await shot(yaw.page, "rooms-microphone-refused");

  await host.context.close();
  await yaw.context.close();
});
