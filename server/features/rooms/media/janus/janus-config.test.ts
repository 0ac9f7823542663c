import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../../config";
import { type JanusConfig, resolveJanusConfig } from "./config";
import { janusConfigFiles, writeJanusConfig } from "./generate";
import { type JanusInstall, KNOWN_MODULES } from "./install";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "votespace-janus-"));

/** A Debian-like install, with one module more than Janus 1.1.2 ships (a newer package). */
const install: JanusInstall = {
  binary: "/usr/bin/janus",
  pluginsFolder: "/usr/lib/x86_64-linux-gnu/janus/plugins",
  transportsFolder: "/usr/lib/x86_64-linux-gnu/janus/transports",
  eventsFolder: "/usr/lib/x86_64-linux-gnu/janus/events",
  loggersFolder: "/usr/lib/x86_64-linux-gnu/janus/loggers",
  modules: { ...KNOWN_MODULES, plugins: [...KNOWN_MODULES.plugins, "libjanus_moq.so"] },
};

function autoConfig(env: Record<string, string> = {}): JanusConfig {
  const config = loadConfig({ DATA_DIR: dataDir(), JANUS: "auto", ...env }).janus;
  if (!config) throw new Error("JANUS=auto gave no Janus configuration");
  return config;
}

function generated(config: JanusConfig): Record<string, string> {
  if (!config.launch) throw new Error("not an auto configuration");
  return janusConfigFiles(
    { ...config.launch, tokenSecret: config.tokenSecret, adminKey: config.adminKey },
    install,
  );
}

/** `name = value` of a generated file, or undefined. */
function setting(text: string, name: string): string | undefined {
  return text.match(new RegExp(`^\\s*${name} = (.*)$`, "m"))?.[1];
}

describe("Janus configuration", () => {
  it("is off by default: rooms use the mesh and the CSP names no other origin", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).janus).toBeUndefined();
  });

  it("auto generates its own secrets, different at every start", () => {
    const first = autoConfig();
    const second = autoConfig();
    for (const secret of [first.tokenSecret, first.adminKey, first.launch?.adminSecret]) {
      expect(secret?.length).toBeGreaterThanOrEqual(40);
    }
    expect(new Set([first.tokenSecret, first.adminKey, first.launch?.adminSecret]).size).toBe(3);
    expect(second.tokenSecret).not.toBe(first.tokenSecret);
    expect(second.launch?.adminSecret).not.toBe(first.launch?.adminSecret);
    expect(first).toMatchObject({ browserUrl: "ws://localhost:8188", apiUrl: "ws://127.0.0.1:8188" });
  });

  it("keeps no unsafe default of the package: admin API on loopback with a generated secret, token auth, no demo rooms", () => {
    const config = autoConfig();
    const files = generated(config);
    const core = files["janus.jcfg"] ?? "";
    expect(setting(core, "token_auth")).toBe("true");
    expect(setting(core, "token_auth_secret")).toBe(`"${config.tokenSecret}"`);
    expect(setting(core, "admin_secret")).toBe(`"${config.launch?.adminSecret}"`);
    expect(core).not.toContain("janusoverlord");
    expect(core).not.toContain("api_secret");

    const websockets = files["janus.transport.websockets.jcfg"] ?? "";
    expect(setting(websockets, "admin_ws")).toBe("true");
    expect(setting(websockets, "admin_ws_ip")).toBe('"127.0.0.1"');
    expect(setting(websockets, "admin_ws_acl")).toBe('"127."');
    expect(setting(websockets, "wss")).toBe("false");
    // Browsers reach it on localhost here, so the API too listens on loopback only.
    expect(setting(websockets, "ws_ip")).toBe('"127.0.0.1"');

    const videoroom = files["janus.plugin.videoroom.jcfg"] ?? "";
    expect(videoroom).not.toMatch(/^room-/m);
    expect(videoroom).not.toContain("adminpwd");
    expect(setting(videoroom, "admin_key")).toBe(`"${config.adminKey}"`);
    expect(setting(videoroom, "lock_rtp_forward")).toBe("true");
  });

  it("disables every plugin, transport, logger and event handler but VideoRoom and WebSocket", () => {
    const core = generated(autoConfig())["janus.jcfg"] ?? "";
    const disabled = (section: string) =>
      (core.match(new RegExp(`^${section}: \\{[^}]*?\\tdisable = "([^"]*)"`, "m"))?.[1] ?? "").split(",");
    expect(disabled("plugins")).toEqual(
      [...KNOWN_MODULES.plugins, "libjanus_moq.so"].filter((name) => name !== "libjanus_videoroom.so").sort(),
    );
    expect(disabled("plugins")).not.toContain("libjanus_videoroom.so");
    expect(disabled("transports")).toEqual(
      KNOWN_MODULES.transports.filter((name) => name !== "libjanus_websockets.so"),
    );
    expect(disabled("transports")).toContain("libjanus_http.so");
    expect(disabled("loggers")).toEqual(["libjanus_jsonlog.so"]);
    expect(disabled("events")).toEqual(KNOWN_MODULES.events);
    expect(setting(core, "broadcast")).toBe("false");
  });

  it("pins ICE to one non-loopback IPv4 and uses the RTP port range", () => {
    const core = generated(autoConfig({ JANUS_ICE_IP: "192.0.2.10", JANUS_RTP_PORTS: "30000-30999" }))[
      "janus.jcfg"
    ];
    expect(setting(core ?? "", "ice_enforce_list")).toBe('"192.0.2.10"');
    expect(setting(core ?? "", "rtp_port_range")).toBe('"30000-30999"');
    const detected = autoConfig().launch?.iceIp;
    if (detected) expect(detected).not.toMatch(/^127\./);
    expect(() => autoConfig({ JANUS_ICE_IP: "not-an-ip" })).toThrow(/JANUS_ICE_IP/);
    expect(() => autoConfig({ JANUS_RTP_PORTS: "40000-20000" })).toThrow(/JANUS_RTP_PORTS/);
  });

  it("listens on every interface only when browsers connect to Janus's port straight", () => {
    const direct = autoConfig({ JANUS_URL: "ws://vote.example.org:8188" });
    expect(direct.launch?.wsIp).toBeUndefined();
    const proxied = autoConfig({ JANUS_URL: "wss://vote.example.org/janus" });
    expect(proxied.launch?.wsIp).toBe("127.0.0.1");
    expect(autoConfig({ PUBLIC_URL: "http://vote.example.org" }).browserUrl).toBe(
      "ws://vote.example.org:8188",
    );
    expect(() => autoConfig({ PUBLIC_URL: "https://vote.example.org" })).toThrow(/JANUS_URL/);
  });

  it("needs the service's secrets and addresses with JANUS=external", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JANUS: "external" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), JANUS: "external" })).toThrow(/JANUS_TOKEN_SECRET/);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        JANUS: "external",
        JANUS_URL: "http://x",
        JANUS_TOKEN_SECRET: "short",
      }),
    ).toThrow(/JANUS_URL[\s\S]*JANUS_TOKEN_SECRET|JANUS_TOKEN_SECRET[\s\S]*JANUS_URL/);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      JANUS: "external",
      JANUS_URL: "wss://vote.example.org/janus",
      JANUS_API_URL: "ws://127.0.0.1:8188",
      JANUS_TOKEN_SECRET: "t".repeat(40),
      JANUS_ADMIN_KEY: "k".repeat(40),
    }).janus;
    expect(config).toEqual({
      mode: "external",
      browserUrl: "wss://vote.example.org/janus",
      apiUrl: "ws://127.0.0.1:8188",
      tokenSecret: "t".repeat(40),
      adminKey: "k".repeat(40),
    });
  });

  it("writes the files readable by their owner only", () => {
    const config = autoConfig();
    const folder = path.join(dataDir(), "janus");
    writeJanusConfig(folder, generated(config));
    expect(statSync(folder).mode & 0o077).toBe(0);
    const file = path.join(folder, "janus.jcfg");
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readFileSync(file, "utf8")).toContain(config.tokenSecret);
  });

  it("quotes values so no setting can break out of its string", () => {
    const config = autoConfig();
    const launch = config.launch;
    if (!launch) throw new Error("no launch settings");
    const files = janusConfigFiles(
      { ...launch, tokenSecret: 'a"b\\c\nadmin_secret = "x"', adminKey: config.adminKey },
      install,
    );
    expect(setting(files["janus.jcfg"] ?? "", "token_auth_secret")).toBe(
      '"a\\"b\\\\c\\nadmin_secret = \\"x\\""',
    );
    expect(files["janus.jcfg"]?.match(/^\s*admin_secret = /gm)).toHaveLength(1);
  });

  it("is resolved the same way without the environment", () => {
    expect(
      resolveJanusConfig(
        { JANUS: "off", JANUS_PORT: 8188, JANUS_ADMIN_PORT: 7188, JANUS_RTP_PORTS: "20000-40000" },
        "/tmp",
        undefined,
      ),
    ).toBeUndefined();
  });
});
