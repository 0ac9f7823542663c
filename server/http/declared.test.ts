import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsEndpoints } from "../../contract/accounts-endpoints";
import { channelsEndpoints } from "../../contract/channels-endpoints";
import { chatEndpoints } from "../../contract/chat-endpoints";
import { devEndpoints } from "../../contract/dev";
import { electionsEndpoints } from "../../contract/elections-endpoints";
import type { AnyEndpoint } from "../../contract/endpoint";
import { monitoringEndpoints } from "../../contract/monitoring";
import { organizationsEndpoints } from "../../contract/organizations-endpoints";
import { platformAdminEndpoints } from "../../contract/platform-admin";
import { postsEndpoints } from "../../contract/posts-endpoints";
import { profileEndpoints } from "../../contract/profile";
import { roomsEndpoints } from "../../contract/rooms";
import { searchEndpoints } from "../../contract/search";
import { settingsEndpoints } from "../../contract/settings-endpoints";
import { type TestApp, testApp } from "../test/support";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const declared: Record<string, Record<string, AnyEndpoint>> = {
  settingsEndpoints,
  profileEndpoints,
  monitoringEndpoints,
  platformAdminEndpoints,
  postsEndpoints,
  chatEndpoints,
  electionsEndpoints,
  roomsEndpoints,
  devEndpoints,
  searchEndpoints,
  channelsEndpoints,
  organizationsEndpoints,
  accountsEndpoints,
};

describe("declared endpoints", () => {
  it("are each served by the app, at their method and path, with their access", () => {
    const served = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    const missing = Object.entries(declared).flatMap(([group, endpoints]) =>
      Object.entries(endpoints)
        .filter(([, e]) => !served.has(`${e.method} ${e.path} ${e.access}`))
        .map(([name]) => `${group}.${name}`),
    );
    expect(missing).toEqual([]);
  });
});
