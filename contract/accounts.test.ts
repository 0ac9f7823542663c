import { describe, expect, it } from "vitest";
import { phoneNumberOf, samePhone } from "./accounts";

describe("a phone number", () => {
  it("is one text messages can reach, in its ASCII form, whatever digits and separators it was typed with", () => {
    const read = (typed: string) => phoneNumberOf(typed);
    expect(read("+233 20 555 0101")).toBe("+233 20 555 0101");
    expect(read("0171/1234567")).toBe("0171/1234567");
    expect(read("(030) 123-45.67")).toBe("(030) 123-45.67");
    expect(read("０１７１／１２３４５６７")).toBe("0171/1234567");
    expect(read("۰۹۱۲ ۳۴۵ ۶۷۸۹")).toBe("0912 345 6789");
    expect(read("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(read("+1\t555\n0199")).toBe("+1 555 0199");
    for (const wrong of ["n/a", "123", "1234567890123456", "+1 555 0199 ext 2", "not a phone at all!!", ""])
      expect(read(wrong)).toBeNull();
  });

  it("is the same number in another form: no change to confirm", () => {
    expect(samePhone("＋１ ５５５ ０１９９")).toBe(samePhone("+1 555 0199"));
    expect(samePhone(" anything ")).toBe("anything");
  });
});
