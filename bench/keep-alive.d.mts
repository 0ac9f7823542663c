import type { Agent } from "node:http";

export const SERVER_KEEP_ALIVE_MS: number;

export function keepAliveRequest(
  agent: Agent,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }>;
