import path from "node:path";
import { parseArgs } from "node:util";
import { generatedSecret, machineIpv4 } from "./config";
import { janusConfigFiles, writeJanusConfig } from "./generate";
import { findJanus } from "./install";

/**
 * For a deployment that runs Janus as a service (docs/janus.md): writes the same configuration
 * JANUS=auto generates into a folder, and prints the variables Votespace then needs (JANUS=external).
 *
 *   npx tsx server/features/rooms/media/janus/write-config.ts --folder /etc/votespace-janus \
 *     --url wss://vote.example.org/janus [--listen 127.0.0.1|all] [--ws-port 8188] [--admin-port 7188]
 *     [--rtp-ports 20000-40000] [--ice-ip 203.0.113.7] [--public-ip 198.51.100.4]
 *     [--token-secret ... --admin-key ...]   (to keep the secrets of an earlier run)
 */
const USAGE = "usage: write-config.ts --folder <folder> --url <the WebSocket address browsers use> [options]";

const { values } = parseArgs({
  options: {
    folder: { type: "string" },
    url: { type: "string" },
    listen: { type: "string", default: "127.0.0.1" },
    "ws-port": { type: "string", default: "8188" },
    "admin-port": { type: "string", default: "7188" },
    "rtp-ports": { type: "string", default: "20000-40000" },
    "ice-ip": { type: "string" },
    "public-ip": { type: "string" },
    "token-secret": { type: "string" },
    "admin-key": { type: "string" },
  },
});

function stop(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

if (!values.folder || !values.url) stop("--folder and --url are required.");
if (!/^wss?:\/\//.test(values.url)) stop("--url must start with ws:// or wss://");
if (!/^\d+-\d+$/.test(values["rtp-ports"])) stop("--rtp-ports must be a range such as 20000-40000");
const install = findJanus();
if (!install)
  stop("Janus is not installed here (Debian: apt-get install janus): run this on Janus's machine.");

const folder = path.resolve(values.folder);
const wsPort = Number(values["ws-port"]);
const tokenSecret = values["token-secret"] ?? generatedSecret();
const adminKey = values["admin-key"] ?? generatedSecret();
const adminSecret = generatedSecret();
const iceIp = values["ice-ip"] ?? machineIpv4();
writeJanusConfig(
  folder,
  janusConfigFiles(
    {
      folder,
      wsPort,
      wsIp: values.listen === "all" ? undefined : values.listen,
      adminPort: Number(values["admin-port"]),
      adminSecret,
      rtpPorts: values["rtp-ports"],
      iceIp,
      publicIp: values["public-ip"],
      tokenSecret,
      adminKey,
    },
    install,
  ),
);

console.log(`Wrote ${folder}/janus.jcfg, janus.transport.websockets.jcfg and janus.plugin.videoroom.jcfg (mode 600).
Janus's admin API: ws://127.0.0.1:${values["admin-port"]} (protocol janus-admin-protocol), admin_secret in janus.jcfg.
ICE candidates on ${iceIp ?? "(no IPv4 address found: pass --ice-ip)"}, UDP ${values["rtp-ports"]}.

Run Janus with: ${install.binary} -F ${folder} -C ${folder}/janus.jcfg

Give Votespace (every process) these variables:
JANUS=external
JANUS_URL=${values.url}
JANUS_API_URL=ws://${values.listen === "all" ? "127.0.0.1" : values.listen}:${wsPort}
JANUS_TOKEN_SECRET=${tokenSecret}
JANUS_ADMIN_KEY=${adminKey}`);
