import type { DeviceInfo } from "../../../../contract/voting-sessions";
import type { RiskRule } from "./types";

/** User agents of headless browsers and automation tools. */
export const AUTOMATION_USER_AGENT = /HeadlessChrome|PhantomJS|Selenium|WebDriver|puppeteer|playwright/i;

/**
 * The automation signs in what the browser reported, each in words; pure, so the rule is easy to
 * check. No device information at all means the voter never opened the election screen (the
 * session was started by a verification or a vote sent straight to the API).
 */
export function automationSigns(info: Partial<DeviceInfo>): string[] {
  if (!info.userAgent) return ["no browser information (the election screen was never opened)"];
  const signs: string[] = [];
  if (info.webdriver === true) signs.push("the browser reports it is driven by automation (webdriver)");
  const tool = info.userAgent.match(AUTOMATION_USER_AGENT);
  if (tool) signs.push(`an automation user agent (${tool[0]})`);
  if (info.screen && (info.screen.width === 0 || info.screen.height === 0)) signs.push("no screen");
  return signs;
}

/** Automation signs in the device information: a script voting, not a person. */
export const automation: RiskRule = {
  id: "automation",
  weight: 0.4,
  alert: { type: "device_anomaly", severity: "medium" },
  async evaluate({ session }) {
    const signs = automationSigns(session.deviceInfo as Partial<DeviceInfo>);
    if (signs.length === 0) return null;
    const text = signs.join("; ");
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  },
};
