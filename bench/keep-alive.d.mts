import type { Agent } from "node:http";

export function keepAliveRequest(
  agent: Agent,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }>;
