export const SERVER_KEEP_ALIVE_MS: number;

export function keepAliveRequest(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }>;
