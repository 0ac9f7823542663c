// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isMobile, locationText, percentText, riskPercent, riskTone, shortHash } from "./format";
import { text } from "./text";

describe("monitoring format", () => {
  it("colours a risk score: under 0.3 green, under 0.6 yellow, else red (spec)", () => {
    expect([0, 0.29, 0.3, 0.59, 0.6, 1].map(riskTone)).toEqual([
      "green",
      "green",
      "yellow",
      "yellow",
      "red",
      "red",
    ]);
  });
  it("writes scores and percentages to one decimal", () => {
    expect(riskPercent(0.4567)).toBe("45.7%");
    expect(percentText(12.34)).toBe("12.3%");
    expect(percentText(null)).toBe("–");
  });
  it("writes a location to two decimals, or Unknown", () => {
    expect(locationText({ latitude: 5.6037, longitude: -0.187 } as never)).toBe("5.60, -0.19");
    expect(locationText(null)).toBe(text.unknown);
  });
  it("shows the first 12 characters of a device hash", () => {
    expect(shortHash("abcdef0123456789")).toBe("abcdef012345");
    expect(shortHash("")).toBe("–");
  });
  it("takes a device as mobile by its platform or the browser's hint", () => {
    expect(isMobile({ platform: "iPhone; Mobile" })).toBe(true);
    expect(isMobile({ mobile: true })).toBe(true);
    expect(isMobile({ platform: "Linux x86_64", mobile: false })).toBe(false);
  });
});
