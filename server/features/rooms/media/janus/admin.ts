import { JanusSocket } from "./socket";

/** Janus's admin API (on 127.0.0.1 only, with the generated admin secret): readiness and inspection. */
export async function adminRequest(
  port: number,
  adminSecret: string,
  message: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const socket = await JanusSocket.open(`ws://127.0.0.1:${port}`, "janus-admin-protocol");
  try {
    return await socket.request({ ...message, admin_secret: adminSecret });
  } finally {
    socket.close();
  }
}

/** The ids of Janus's sessions: the tests check that closed rooms leave none behind. */
export async function listSessions(port: number, adminSecret: string): Promise<number[]> {
  const reply = await adminRequest(port, adminSecret, { janus: "list_sessions" });
  return Array.isArray(reply.sessions) ? (reply.sessions as number[]) : [];
}
