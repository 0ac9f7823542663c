import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** Where an installed Janus keeps its program and its modules (Debian's package, or /opt/janus from source). */
export interface JanusInstall {
  binary: string;
  pluginsFolder: string;
  transportsFolder: string;
  eventsFolder: string;
  loggersFolder: string;
  /** The module files found in each folder (libjanus_*.so). */
  modules: { plugins: string[]; transports: string[]; events: string[]; loggers: string[] };
}

const MULTIARCH: Record<string, string> = { x64: "x86_64-linux-gnu", arm64: "aarch64-linux-gnu" };

/** Janus 1.1.2's modules in Debian's package: disabled by name even when a folder cannot be read. */
export const KNOWN_MODULES = {
  plugins: [
    "libjanus_audiobridge.so",
    "libjanus_duktape.so",
    "libjanus_echotest.so",
    "libjanus_lua.so",
    "libjanus_nosip.so",
    "libjanus_recordplay.so",
    "libjanus_sip.so",
    "libjanus_streaming.so",
    "libjanus_textroom.so",
    "libjanus_videocall.so",
    "libjanus_videoroom.so",
    "libjanus_voicemail.so",
  ],
  transports: [
    "libjanus_http.so",
    "libjanus_mqtt.so",
    "libjanus_nanomsg.so",
    "libjanus_pfunix.so",
    "libjanus_rabbitmq.so",
    "libjanus_websockets.so",
  ],
  events: [
    "libjanus_gelfevh.so",
    "libjanus_mqttevh.so",
    "libjanus_nanomsgevh.so",
    "libjanus_rabbitmqevh.so",
    "libjanus_sampleevh.so",
    "libjanus_wsevh.so",
  ],
  loggers: ["libjanus_jsonlog.so"],
};

function libraryRoots(): string[] {
  const multiarch = MULTIARCH[process.arch];
  return [
    ...(multiarch ? [`/usr/lib/${multiarch}/janus`] : []),
    "/usr/lib/janus",
    "/usr/local/lib/janus",
    "/opt/janus/lib/janus",
  ];
}

function binaryPath(): string | undefined {
  const folders = [...(process.env.PATH ?? "").split(":"), "/usr/bin", "/usr/local/bin", "/opt/janus/bin"];
  return folders
    .filter((dir) => path.isAbsolute(dir))
    .map((dir) => path.join(dir, "janus"))
    .find((file) => existsSync(file));
}

function modulesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.startsWith("libjanus_") && name.endsWith(".so"))
      .sort();
  } catch {
    return [];
  }
}

/** The installed Janus, or undefined when the program or its VideoRoom and WebSocket modules are missing. */
export function findJanus(): JanusInstall | undefined {
  const binary = binaryPath();
  if (!binary) return undefined;
  const root = libraryRoots().find(
    (dir) =>
      existsSync(path.join(dir, "plugins", "libjanus_videoroom.so")) &&
      existsSync(path.join(dir, "transports", "libjanus_websockets.so")),
  );
  if (!root) return undefined;
  const at = (name: string) => path.join(root, name);
  return {
    binary,
    pluginsFolder: at("plugins"),
    transportsFolder: at("transports"),
    eventsFolder: at("events"),
    loggersFolder: at("loggers"),
    modules: {
      plugins: modulesIn(at("plugins")),
      transports: modulesIn(at("transports")),
      events: modulesIn(at("events")),
      loggers: modulesIn(at("loggers")),
    },
  };
}
