import type { DeviceInfo, GeoLocation } from "../../../../contract/voting-sessions";
import { sha256Hex } from "../elections/hash";

/** How long the voter has to answer the browser's location prompt before the location counts as unknown. */
export const GEOLOCATION_TIMEOUT_MS = 15_000;

interface NavigatorWithHints extends Navigator {
  userAgentData?: { platform?: string; mobile?: boolean };
}

/** What the browser says about itself (spec: device_info), cut to the sizes the server accepts. */
export function deviceInfo(): DeviceInfo {
  const nav = navigator as NavigatorWithHints;
  return {
    userAgent: nav.userAgent.slice(0, 512),
    platform: (nav.userAgentData?.platform || nav.platform || "").slice(0, 100),
    language: (nav.language || "").slice(0, 35),
    cookieEnabled: nav.cookieEnabled,
    onLine: nav.onLine,
    screen: { width: screen.width, height: screen.height, colorDepth: screen.colorDepth },
    timezone: (Intl.DateTimeFormat().resolvedOptions().timeZone || "").slice(0, 64),
    webdriver: nav.webdriver === true,
    mobile: nav.userAgentData?.mobile ?? /Mobi/i.test(nav.userAgent),
  };
}

/** A fixed drawing: its pixels differ with the graphics stack and fonts of the device. */
function canvasImage(): string {
  const canvas = document.createElement("canvas");
  canvas.width = 240;
  canvas.height = 60;
  const context = canvas.getContext("2d");
  if (!context) return "";
  context.textBaseline = "top";
  context.font = "16px 'Arial'";
  context.fillStyle = "#f60";
  context.fillRect(120, 4, 70, 22);
  context.fillStyle = "#069";
  context.fillText("Votespace, device check", 4, 8);
  context.fillStyle = "rgba(102, 204, 0, 0.7)";
  context.beginPath();
  context.arc(200, 38, 16, 0, Math.PI * 2);
  context.fill();
  return canvas.toDataURL();
}

/**
 * The device hash (spec: from user agent, language, screen size, time zone offset and a drawn
 * canvas image), SHA-256 in this browser. Two accounts used in one browser share it.
 */
export async function deviceHash(): Promise<string> {
  const parts = [
    navigator.userAgent,
    navigator.language,
    `${screen.width}x${screen.height}`,
    String(new Date().getTimezoneOffset()),
    canvasImage(),
  ];
  return sha256Hex(parts.join("|"));
}

/** The browser's location when the voter allows it; null on denial, error or timeout (spec). */
export function currentLocation(timeoutMs = GEOLOCATION_TIMEOUT_MS): Promise<GeoLocation | null> {
  if (!("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: Math.min(position.coords.accuracy, 10_000_000),
        }),
      () => resolve(null),
      { timeout: timeoutMs, maximumAge: 5 * 60_000 },
    );
  });
}
