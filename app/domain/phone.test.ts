// One normaliser for every phone a person types (client form, booking, profile, page contact,
// registration) and every wa.me link built from it.
import { describe, expect, it } from "vitest";
import { LIVE_CHECKS_SOURCE } from "../routes/booking.enhance";
import { checkPhone, DDDS, digitsOnly, formatPhone, normalizePhone, PHONE_FORMAT, PHONE_MIN, phoneDigits, phoneHref } from "./phone";
import { whatsappNumber } from "./whatsapp";

describe("normalizePhone: real-world inputs", () => {
  it.each([
    // as the mask writes it
    ["(11) 98765-4321", "11987654321"],
    ["(11) 3456-7890", "1134567890"],
    // spaces, dots, dashes, no punctuation
    ["11 98765 4321", "11987654321"],
    ["11.98765.4321", "11987654321"],
    ["11987654321", "11987654321"],
    ["21 2555-1234", "2125551234"],
    // with the country code
    ["+55 21 99999-8888", "21999998888"],
    ["+55 (21) 99999-8888", "21999998888"],
    ["+5521999998888", "21999998888"],
    ["55 21 99999-8888", "21999998888"],
    ["5521999998888", "21999998888"],
    ["552125551234", "2125551234"],
    ["0055 11 98765-4321", "11987654321"],
    // with the trunk prefix 0, and 0 + a long-distance carrier code
    ["021 99999-8888", "21999998888"],
    ["(021) 2555-1234", "2125551234"],
    ["0 21 11 98765-4321", "11987654321"],
    ["015 11 98765-4321", "11987654321"],
    ["0xx21 99999-8888", "21999998888"],
    // DDD 55 (Rio Grande do Sul) is a real DDD, not a country code
    ["(55) 99999-8888", "55999998888"],
    ["(55) 3222-1234", "5532221234"],
    // other real DDDs
    ["(61) 99876-5432", "61998765432"],
    ["(92) 3234-5678", "9232345678"],
    ["(99) 98123-4567", "99981234567"],
  ])("%j -> %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ["(00) 00000-0000", "no such DDD"],
    ["(10) 98765-4321", "no such DDD"],
    ["(20) 98765-4321", "no such DDD"],
    ["(23) 98765-4321", "no such DDD"],
    ["(26) 3456-7890", "no such DDD"],
    ["(11) 88765-4321", "11 digits without the mobile 9"],
    ["(11) 9876-5432", "8 digits starting 9: an old mobile without the 9"],
    ["(11) 1234-5678", "a landline cannot start with 1"],
    ["(11) 6234-5678", "a landline cannot start with 6"],
    ["(11) 98765-432", "too short"],
    ["98765-4321", "no DDD"],
    ["", "empty"],
    ["abc", "no digits"],
  ])("%j is refused (%s)", (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it("knows Brazil's 67 area codes", () => {
    expect(DDDS.size).toBe(67);
  });
});

describe("the phone field's messages", () => {
  it("too few digits, then the wrong shape", () => {
    expect(checkPhone("(11) 9876-543")).toEqual({ ok: false, message: PHONE_MIN });
    expect(checkPhone("(00) 00000-0000")).toEqual({ ok: false, message: PHONE_FORMAT });
    expect(checkPhone("+55 21 99999-8888")).toEqual({ ok: true, digits: "21999998888" });
  });
});

describe("the mask and the WhatsApp link follow the same digits", () => {
  it.each([
    ["+55 21 99999-8888", "(21) 99999-8888", "5521999998888"],
    ["021 99999-8888", "(21) 99999-8888", "5521999998888"],
    ["(55) 99999-8888", "(55) 99999-8888", "5555999998888"],
    ["1134567890", "(11) 3456-7890", "551134567890"],
  ])("%j shows %s and links to wa.me/%s", (input, shown, international) => {
    expect(formatPhone(input)).toBe(shown);
    expect(whatsappNumber(input)).toBe(international);
  });

  it("a number still being typed stays as typed", () => {
    expect(formatPhone("1")).toBe("(1");
    expect(formatPhone("119876")).toBe("(11) 9876");
  });
});

describe("foreign numbers: with their country code, kept in full", () => {
  it.each([
    ["+351 912 345 678", "+351912345678", "+351 912 345 678", "351912345678"],
    ["00351 912 345 678", "+351912345678", "+351 912 345 678", "351912345678"],
    ["+1 (415) 555-2671", "+14155552671", "+1 415 555 2671", "14155552671"],
    ["+44 7911 123456", "+447911123456", "+44 791 112 3456", "447911123456"],
    ["+54 9 11 2345-6789", "+5491123456789", "+54 911 2345 6789", "5491123456789"],
    ["+33 9 12 34 56 78", "+33912345678", "+33 912 345 678", "33912345678"],
  ])("%j is stored %s, shown %s and linked to wa.me/%s", (typed, stored, shown, whatsapp) => {
    expect(normalizePhone(typed)).toBe(stored);
    expect(checkPhone(typed)).toEqual({ ok: true, digits: stored });
    expect(normalizePhone(stored)).toBe(stored);
    expect(formatPhone(stored)).toBe(shown);
    expect(formatPhone(typed)).toBe(shown);
    expect(whatsappNumber(stored)).toBe(whatsapp);
    expect(phoneHref(stored)).toBe(`tel:${stored}`);
  });

  it("Brazilian numbers keep their national digits, +55 or not", () => {
    expect(normalizePhone("+55 11 98765-4321")).toBe("11987654321");
    expect(normalizePhone("0055 11 98765-4321")).toBe("11987654321");
    expect(phoneHref("11987654321")).toBe("tel:+5511987654321");
  });

  it.each([
    ["+0 123 456 789", "no country code starts with 0"],
    ["+351 91", "too short"],
    ["+1 415 555 267", "a +1 number has 10 digits after it"],
    ["+351 912 345 678 901 23", "over E.164's 15 digits"],
    ["+", "nothing after the +"],
  ])("%j is refused (%s)", (typed) => {
    expect(normalizePhone(typed)).toBeNull();
    expect(checkPhone(typed)).toEqual({ ok: false, message: PHONE_FORMAT });
  });

  it("the mask follows a foreign number as it is typed", () => {
    expect(["+", "+3", "+35", "+351", "+3519", "+351912", "+3519123", "+1415"].map(formatPhone)).toEqual([
      "+", "+3", "+35", "+351", "+351 9", "+351 912", "+351 9123", "+1 415",
    ]);
  });

  it("the booking page's script masks with the same function", () => {
    const live = new Function(`return ${LIVE_CHECKS_SOURCE}`)() as { mask: (v: string) => string };
    expect(live.mask("+351912345678")).toBe("+351 912 345 678");
    expect(live.mask("11987654321")).toBe("(11) 98765-4321");
  });
});

describe("phone helpers", () => {
  it("phoneDigits keeps digits only, at most 11", () => {
    expect(phoneDigits("(11) 98765-4321")).toBe("11987654321");
    expect(phoneDigits("11 3456 7890")).toBe("1134567890");
    expect(phoneDigits("119876543219999")).toBe("11987654321");
    expect(phoneDigits("abc")).toBe("");
  });

  it("digitsOnly keeps every digit, prefixes and all", () => {
    expect(digitsOnly("+55 (11) 98765-4321")).toBe("5511987654321");
    expect(digitsOnly("123.456.789-09")).toBe("12345678909");
    expect(digitsOnly("() -")).toBe("");
  });

  it("formatPhone masks mobile and landline numbers", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("(11) 98765-4321")).toBe("(11) 98765-4321");
    expect(formatPhone("1134567890")).toBe("(11) 3456-7890");
    expect(formatPhone("1198765432100")).toBe("(11) 98765-4321");
  });

  it("formatPhone leaves partial input partial", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("1")).toBe("(1");
    expect(formatPhone("11")).toBe("(11");
    expect(formatPhone("119")).toBe("(11) 9");
    expect(formatPhone("119876")).toBe("(11) 9876");
    expect(formatPhone("1198765")).toBe("(11) 9876-5");
  });

  it("formatted numbers fit the spec's 15-character input", () => {
    expect(formatPhone("11987654321")).toHaveLength(15);
  });
});
