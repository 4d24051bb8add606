import { describe, expect, it } from "vitest";
import {
  BOOKING_INCOMPLETE,
  EMAIL_INVALID,
  HONEYPOT_FIELD,
  HONEYPOT_FIELDS,
  NAME_INPUT_INVALID,
  NOTES_INPUT_TOO_LONG,
  RATE_LIMIT_MESSAGE,
  cleanText,
  isBookingComplete,
  isNameInputAllowed,
  isNotesInputAllowed,
  isSuspicious,
  maskPhoneInput,
  validateBookingSubmission,
  type BookingContext,
} from "./booking";

// The spec's messages (docs/product/spec.md §5, 'Public booking submission'), word for word.
const INVALID_REQUEST = "Solicitação inválida";
const TIME_INVALID = "Data e horário do agendamento inválidos.";
const SUSPICIOUS = "Conteúdo suspeito detectado.";
const NAME_MIN = "Nome deve ter pelo menos 2 caracteres";
const NAME_MAX = "Nome deve ter no máximo 100 caracteres";
const NAME_FORMAT = "Nome deve conter apenas letras, espaços, hífens, apóstrofos e pontos";
const NAME_LINK = "Nome não pode conter endereço de site ou de e-mail";
const PHONE_MIN = "Telefone deve ter pelo menos 10 dígitos";
const PHONE_MAX = "Telefone deve ter no máximo 15 dígitos";
const PHONE_FORMAT = "Formato de telefone inválido";
const NOTES_MAX = "Observações devem ter no máximo 500 caracteres";
const INVALID_DATA = "Dados inválidos";

// 2026-11-20 12:00 in São Paulo (UTC-3), 11:00 in Manaus (UTC-4).
const NOW = new Date("2026-11-20T15:00:00Z");
const ctx: BookingContext = { now: NOW, timeZone: "America/Sao_Paulo", date: "2026-12-01", startMinute: 14 * 60 };

const valid = {
  name: "Maria José da Conceição",
  phone: "(11) 98888-7777",
  notes: "Primeira vez no salão.",
  [HONEYPOT_FIELD]: "",
};

function check(input: Record<string, string | undefined>, context: Partial<BookingContext> = {}) {
  return validateBookingSubmission(input, { ...ctx, ...context });
}

function error(input: Record<string, string | undefined>, context: Partial<BookingContext> = {}) {
  const result = check(input, context);
  return result.ok ? null : { field: result.field, message: result.message };
}

describe("a valid submission", () => {
  it("returns the cleaned name and notes and the phone digits", () => {
    expect(check(valid)).toEqual({
      ok: true,
      value: { name: "Maria José da Conceição", phone: "11988887777", email: "", notes: "Primeira vez no salão." },
    });
  });

  it("accepts a landline, no notes and missing optional fields", () => {
    expect(check({ name: "Ana", phone: "(11) 3333-4444" })).toEqual({
      ok: true,
      value: { name: "Ana", phone: "1133334444", email: "", notes: "" },
    });
  });
});

describe("(a) honeypot", () => {
  it.each([...HONEYPOT_FIELDS])("refuses a filled %s", (field) => {
    expect(error({ ...valid, [field]: "x" })).toEqual({ field: "form", message: INVALID_REQUEST });
  });

  it("ignores blank honeypots", () => {
    expect(check({ ...valid, website_hp: "  ", website: "", company: undefined }).ok).toBe(true);
  });

  it("our honeypot is website_hp", () => {
    expect(HONEYPOT_FIELD).toBe("website_hp");
  });
});

describe("(b) rate limit message, checked by the caller", () => {
  it("is the spec's text", () => {
    expect(RATE_LIMIT_MESSAGE).toBe("Muitas solicitações. Tente novamente em alguns minutos.");
  });
});

describe("(c) date and time", () => {
  it("refuses a past date", () => {
    expect(error(valid, { date: "2026-11-19" })).toEqual({ field: "time", message: TIME_INVALID });
  });

  it("refuses an earlier time today and the current minute", () => {
    expect(error(valid, { date: "2026-11-20", startMinute: 11 * 60 })).toEqual({ field: "time", message: TIME_INVALID });
    expect(error(valid, { date: "2026-11-20", startMinute: 12 * 60 })).toEqual({ field: "time", message: TIME_INVALID });
    expect(check(valid, { date: "2026-11-20", startMinute: 12 * 60 + 1 }).ok).toBe(true);
  });

  it("uses the professional's zone", () => {
    // 11:30 local: past in São Paulo (12:00), future in Manaus (11:00).
    expect(error(valid, { date: "2026-11-20", startMinute: 11 * 60 + 30 })?.message).toBe(TIME_INVALID);
    expect(check(valid, { date: "2026-11-20", startMinute: 11 * 60 + 30, timeZone: "America/Manaus" }).ok).toBe(true);
  });

  it("allows up to 6 months ahead, not beyond", () => {
    expect(check(valid, { date: "2027-05-20" }).ok).toBe(true);
    expect(error(valid, { date: "2027-05-21" })).toEqual({ field: "time", message: TIME_INVALID });
  });

  it("refuses an impossible date, minute or zone", () => {
    expect(error(valid, { date: "2026-02-30" })?.message).toBe(TIME_INVALID);
    expect(error(valid, { date: "01/12/2026" })?.message).toBe(TIME_INVALID);
    expect(error(valid, { startMinute: 24 * 60 })?.message).toBe(TIME_INVALID);
    expect(error(valid, { startMinute: Number.NaN })?.message).toBe(TIME_INVALID);
    expect(error(valid, { timeZone: "Mars/Olympus" })?.message).toBe(TIME_INVALID);
  });
});

describe("(d) text cleaning", () => {
  it("trims, removes < and >, javascript: and on...= patterns", () => {
    expect(cleanText("  Ana  ")).toBe("Ana");
    expect(cleanText("<b>Ana</b>")).toBe("bAna/b");
    expect(cleanText(" <Ana Paula> ")).toBe("Ana Paula");
    expect(cleanText("JavaScript:alert(1)")).toBe("alert(1)");
    expect(cleanText("img onerror = alert(1)")).toBe("img  alert(1)");
    expect(cleanText("javajavascript:script:x")).toBe("x");
    expect(cleanText("oonclick=nclick=x")).toBe("x");
  });

  it("cuts to 1000 characters", () => {
    const long = "ab ".repeat(400);
    expect(cleanText(long)).toHaveLength(1000);
  });

  it("markup and script are refused as typed, not cleaned into something else", () => {
    expect(error({ ...valid, name: "<b>Ana</b>" })).toEqual({ field: "name", message: SUSPICIOUS });
    expect(error({ ...valid, notes: "<script>alert(1)</script>" })).toEqual({ field: "notes", message: SUSPICIOUS });
    expect(error({ ...valid, notes: "javascript:Trazer toalha" })).toEqual({ field: "notes", message: SUSPICIOUS });
    expect(error({ ...valid, notes: "img onerror=alert(1)" })).toEqual({ field: "notes", message: SUSPICIOUS });
    // After removing < and >, "ww<w>.x.com" is a link (and "<w>" was markup anyway).
    expect(error({ ...valid, notes: "ww<w>.x.com" })).toEqual({ field: "notes", message: SUSPICIOUS });
  });

  it("a heart or a comparison is not markup", () => {
    const result = check({ ...valid, notes: "chego 5 min antes <3 e pago > R$ 50" });
    expect(result.ok && result.value.notes).toBe("chego 5 min antes 3 e pago  R$ 50");
  });
});

describe("(e) suspicious content", () => {
  it.each([
    "veja http://spam.com",
    "veja HTTPS://spam.com",
    "acesse www.spam.com",
    "cheap VIAGRA",
    "casino online",
    "lottery",
    "you are a Winner",
    "Congratulations",
    "Click Here now",
    "free money",
    "earn money fast",
    "<img src=x>",
    "<!-- nada -->",
    "</textarea>",
  ])("flags notes %j", (notes) => {
    expect(error({ ...valid, notes })).toEqual({ field: "notes", message: SUSPICIOUS });
  });

  it("flags the name field as the name", () => {
    expect(error({ ...valid, name: "Casino Royale" })).toEqual({ field: "name", message: SUSPICIOUS });
  });

  it.each(["kkkkkk chego 5 min atrasada", "Obrigada!!!!!!", "MUITO OBRIGADA PELA ATENÇÃO", "muito boooooom", "Prefiro www"])(
    "ordinary writing is not suspicious: %j",
    (notes) => {
      expect(isSuspicious(notes)).toBe(false);
      expect(check({ ...valid, notes }).ok).toBe(true);
    },
  );

  it("capitals in a name are fine", () => {
    expect(check({ ...valid, name: "MARIAJOSEDA SILVA" }).ok).toBe(true);
  });
});

describe("(f) name", () => {
  it("at least 2 characters", () => {
    expect(error({ ...valid, name: "A" })).toEqual({ field: "name", message: NAME_MIN });
    expect(error({ ...valid, name: "   " })).toEqual({ field: "name", message: NAME_MIN });
    expect(error({ ...valid, name: undefined })).toEqual({ field: "name", message: NAME_MIN });
  });

  it("at most 100 characters", () => {
    const name = `${"Ana Maria ".repeat(10)}x`;
    expect(name).toHaveLength(101);
    expect(error({ ...valid, name })).toEqual({ field: "name", message: NAME_MAX });
    expect(check({ ...valid, name: name.slice(0, 100) }).ok).toBe(true);
  });

  it("letters of any language, spaces, apostrophes, hyphens and dots", () => {
    for (const name of [
      "Ana D'Ávila Maria-José",
      "João Conceição Ávila Gonçalves Müller",
      "Ana D’Ávila",
      "J. R. Souza",
      "Zoë Ñúñez",
      "Łukasz Żółć",
      "Иван Петров",
      "佐藤 花子",
      "Nguyễn Thị Minh",
    ]) {
      expect(check({ ...valid, name }).ok, name).toBe(true);
    }
  });

  it("but not digits, symbols, or punctuation first", () => {
    for (const name of ["Ana 2", "Ana_Maria", "Ana (Bia)", "-Ana", "'Ana", "Ana 😀"]) {
      expect(error({ ...valid, name }), name).toEqual({ field: "name", message: NAME_FORMAT });
    }
  });

  it("never an address of a site or an e-mail: the name goes into e-mails (issue 20)", () => {
    for (const name of [
      "Ganhe premio em premio.example.com",
      "premio.com",
      "Visite Premio.Com.Br",
      "Ana em www premio",
      "Ana http premio",
      "Ana@Maria",
    ]) {
      expect(error({ ...valid, name }), name).toEqual({ field: "name", message: NAME_LINK });
    }
    // Initials are names: a dot after a single letter.
    for (const name of ["J.R. Souza", "A.C. Silva", "Ana M. Souza", "Wwwilson Dias"]) {
      expect(check({ ...valid, name }).ok, name).toBe(true);
    }
  });

  it("accepts a name typed with combining accents (normalised to NFC)", () => {
    const result = check({ ...valid, name: "Jose\u0301" });
    expect(result.ok && result.value.name).toBe("José");
  });
});

describe("(g) phone", () => {
  it("at least 10 digits", () => {
    expect(error({ ...valid, phone: "" })).toEqual({ field: "phone", message: PHONE_MIN });
    expect(error({ ...valid, phone: undefined })).toEqual({ field: "phone", message: PHONE_MIN });
    expect(error({ ...valid, phone: "(11) 9888-777" })).toEqual({ field: "phone", message: PHONE_MIN });
  });

  it("at most 15 digits", () => {
    expect(error({ ...valid, phone: "1234567890123456" })).toEqual({ field: "phone", message: PHONE_MAX });
  });

  it("a foreign number with its country code is a number too (a Portuguese customer)", () => {
    expect(check({ ...valid, phone: "+351 912 345 678" })).toMatchObject({ ok: true, value: { phone: "+351912345678" } });
    expect(maskPhoneInput("+351912345678")).toBe("+351 912 345 678");
    expect(error({ ...valid, phone: "+351 91" })).toEqual({ field: "phone", message: PHONE_FORMAT });
  });

  it("(DD) 9999-9999 or (DD) 99999-9999, with a real DDD; +55 and a trunk 0 are understood", () => {
    expect(check({ ...valid, phone: "+55 (11) 98888-7777" })).toMatchObject({ ok: true, value: { phone: "11988887777" } });
    expect(check({ ...valid, phone: "011 98888-7777" })).toMatchObject({ ok: true, value: { phone: "11988887777" } });
    expect(error({ ...valid, phone: "(00) 00000-0000" })).toEqual({ field: "phone", message: PHONE_FORMAT });
    expect(error({ ...valid, phone: "(01) 98888-7777" })).toEqual({ field: "phone", message: PHONE_FORMAT });
    expect(error({ ...valid, phone: "(10) 3333-4444" })).toEqual({ field: "phone", message: PHONE_FORMAT });
    expect(error({ ...valid, phone: "(11) 88888-7777" })).toEqual({ field: "phone", message: PHONE_FORMAT });
    expect(check({ ...valid, phone: "11 98888 7777" }).ok).toBe(true);
    expect(check({ ...valid, phone: "(55) 3333-4444" }).ok).toBe(true);
  });
});

describe("(h) notes", () => {
  it("optional, at most 500 characters", () => {
    const notes = "abc ".repeat(125);
    expect(check({ ...valid, notes: `${notes}`.trim() }).ok).toBe(true);
    expect(error({ ...valid, notes: `${notes}abcd` })).toEqual({ field: "notes", message: NOTES_MAX });
    expect(check({ ...valid, notes: "" }).ok).toBe(true);
    expect(check({ ...valid, notes: undefined }).ok).toBe(true);
  });
});

describe("the optional e-mail", () => {
  it("is kept trimmed when it looks like an address, refused beside the field when not", () => {
    const ok = check({ ...valid, email: "  joana.lima+salao@example.com.br " });
    expect(ok.ok && ok.value.email).toBe("joana.lima+salao@example.com.br");
    for (const email of ["joana", "joana@", "joana@gmail", "jo ana@x.com", "<b>@x.com", "a@b@c.com", `${"a".repeat(250)}@x.com`]) {
      expect(error({ ...valid, email })).toEqual({ field: "email", message: EMAIL_INVALID });
    }
    expect(check({ ...valid, email: "" }).ok).toBe(true);
  });
});

describe("(i) anything else", () => {
  it("answers 'Dados inválidos'", () => {
    // A value that is not text (only possible when a caller breaks the types).
    const input = { ...valid, phone: 11988887777 as unknown as string };
    expect(error(input)).toEqual({ field: "form", message: INVALID_DATA });
  });
});

describe("order: the first error wins", () => {
  it("honeypot before time, content and name", () => {
    expect(error({ ...valid, name: "1", company: "ACME" }, { date: "2020-01-01" })).toEqual({
      field: "form",
      message: INVALID_REQUEST,
    });
  });

  it("time before content and fields", () => {
    expect(error({ name: "www.spam.com", phone: "1" }, { date: "2026-11-19" })).toEqual({
      field: "time",
      message: TIME_INVALID,
    });
  });

  it("suspicious before the name format", () => {
    expect(error({ ...valid, name: "Ana http://x.com" })).toEqual({ field: "name", message: SUSPICIOUS });
  });

  it("suspicious notes before a bad name or phone", () => {
    expect(error({ name: "A", phone: "", notes: "casino" })).toEqual({ field: "notes", message: SUSPICIOUS });
  });

  it("suspicious name before suspicious notes", () => {
    expect(error({ ...valid, name: "Winner", notes: "casino" })).toEqual({ field: "name", message: SUSPICIOUS });
  });

  it("name min before its other rules, name before phone, phone before notes", () => {
    expect(error({ name: "1", phone: "", notes: "x".repeat(0) })).toEqual({ field: "name", message: NAME_MIN });
    expect(error({ name: "Ana1", phone: "" })).toEqual({ field: "name", message: NAME_FORMAT });
    expect(error({ name: "Ana", phone: "123", notes: "abc ".repeat(200) })).toEqual({
      field: "phone",
      message: PHONE_MIN,
    });
  });
});

describe("live input helpers", () => {
  it("masks the phone: digits only, at most 11", () => {
    expect(maskPhoneInput("11988887777")).toBe("(11) 98888-7777");
    expect(maskPhoneInput("(11) 98888-77779")).toBe("(11) 98888-7777");
    expect(maskPhoneInput("1133334444")).toBe("(11) 3333-4444");
    expect(maskPhoneInput("11a9")).toBe("(11) 9");
    expect(maskPhoneInput("abc")).toBe("");
  });

  it("accepts name edits of letters and spaces up to 100", () => {
    expect(isNameInputAllowed("")).toBe(true);
    expect(isNameInputAllowed("Conceição ")).toBe(true);
    expect(isNameInputAllowed("Ana1")).toBe(false);
    expect(isNameInputAllowed("a".repeat(101))).toBe(false);
  });

  it("accepts notes up to 500", () => {
    expect(isNotesInputAllowed("x".repeat(500))).toBe(true);
    expect(isNotesInputAllowed("x".repeat(501))).toBe(false);
  });

  it("needs a name and a phone to submit", () => {
    expect(isBookingComplete({ name: "Ana", phone: "(11) 9" })).toBe(true);
    expect(isBookingComplete({ name: " ", phone: "11988887777" })).toBe(false);
    expect(isBookingComplete({ name: "Ana", phone: "() -" })).toBe(false);
  });

  it("has the spec's live messages", () => {
    expect(NAME_INPUT_INVALID).toBe("Nome inválido");
    expect(NOTES_INPUT_TOO_LONG).toBe("Observações muito longas");
    expect(BOOKING_INCOMPLETE).toBe("Dados incompletos para agendamento.");
  });
});
