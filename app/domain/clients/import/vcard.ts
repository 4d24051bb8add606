// Contacts from a vCard file (.vcf) as Android and iPhone export them, versions 2.1, 3.0 and 4.0.
// ical.js (RFC 6350 and 2425/2426) reads each card; vCard 2.1's own encodings, which it does not
// know (quoted-printable values with soft line breaks, CHARSET=, bare TYPE parameters), are
// rewritten first into their 3.0 form. Photos and sounds are dropped unread (docs/decisions/0950).
import ICAL from "ical.js";
import type { RawContact } from "./contacts";

/** Properties never imported, whose (often huge, base64) values are not worth parsing. */
const SKIPPED = new Set(["PHOTO", "LOGO", "SOUND", "KEY"]);

type Line = { name: string; params: string[]; value: string };

/** "item1.TEL;CELL;ENCODING=QUOTED-PRINTABLE:..." -> its name (group dropped), params and value. */
function splitLine(line: string): Line | null {
  const colon = line.indexOf(":");
  if (colon < 0) return null;
  const [head, ...params] = line.slice(0, colon).split(";");
  const name = head!.split(".").pop()!.toUpperCase();
  return { name, params, value: line.slice(colon + 1) };
}

const isQuotedPrintable = (params: string[]) => params.some((p) => /^(ENCODING=)?QUOTED-PRINTABLE$/i.test(p.trim()));

/** Quoted-printable bytes (=C3=A7) decoded in the card's charset (UTF-8 unless it says otherwise). */
function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    const hex = c === "=" ? value.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of new TextEncoder().encode(c)) bytes.push(b);
    }
  }
  try {
    return new TextDecoder(charset || "utf-8").decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder().decode(new Uint8Array(bytes));
  }
}

/** A 2.1 parameter list in 3.0's form: bare types get TYPE=, ENCODING and CHARSET go. */
function paramsAs30(params: string[]): string[] {
  return params
    .map((p) => p.trim())
    .filter((p) => p && !/^(ENCODING|CHARSET)=/i.test(p) && !/^QUOTED-PRINTABLE$/i.test(p))
    .map((p) => (p.includes("=") ? p : `TYPE=${p}`));
}

/** Text values of 3.0 escape line breaks; a decoded 2.1 value may hold real ones. */
const escapeBreaks = (value: string) => value.replace(/\r\n|\r|\n/g, "\\n");

/**
 * The card's logical lines: folded lines joined (a line starting with a space or tab continues the
 * one before; a quoted-printable value ending in '=' continues on the next line), skipped
 * properties left out, 2.1 encodings rewritten.
 */
function cardLines(physical: string[]): string[] {
  const out: string[] = [];
  let skipping = false;
  for (let i = 0; i < physical.length; i++) {
    let line = physical[i]!;
    if (/^[ \t]/.test(line)) {
      if (!skipping && out.length) out[out.length - 1] += line.slice(1);
      continue;
    }
    const parsed = splitLine(line);
    skipping = !parsed || SKIPPED.has(parsed.name);
    if (skipping || !parsed) continue;
    if (isQuotedPrintable(parsed.params)) {
      while (line.endsWith("=") && i + 1 < physical.length) line = line.slice(0, -1) + physical[++i]!;
      const charset = parsed.params.find((p) => /^CHARSET=/i.test(p))?.split("=")[1] ?? "utf-8";
      const value = decodeQuotedPrintable(splitLine(line)!.value, charset);
      out.push(`${[parsed.name, ...paramsAs30(parsed.params)].join(";")}:${escapeBreaks(value)}`);
    } else {
      out.push(`${[parsed.name, ...paramsAs30(parsed.params)].join(";")}:${parsed.value}`);
    }
  }
  return out;
}

/** Each BEGIN:VCARD ... END:VCARD block's lines (nested agent cards are not expected in contacts). */
export function splitCards(text: string): string[][] {
  const cards: string[][] = [];
  let current: string[] | null = null;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const upper = line.trim().toUpperCase();
    if (upper === "BEGIN:VCARD") current = [];
    else if (upper === "END:VCARD") {
      if (current) cards.push(current);
      current = null;
    } else if (current && line.length) current.push(line);
  }
  return cards;
}

type JProperty = [string, Record<string, unknown>, string, ...unknown[]];

const first = (props: JProperty[], name: string) => props.find((p) => p[0] === name);
const text = (value: unknown): string => (Array.isArray(value) ? value.map(text).join(" ") : typeof value === "string" ? value : "");

function typesOf(prop: JProperty): string[] {
  const type = prop[1].type;
  return (Array.isArray(type) ? type : typeof type === "string" ? type.split(",") : []).map((t) => String(t).toLowerCase());
}

/** The person's name: FN, else N's given, additional and family names. */
function nameOf(props: JProperty[]): string {
  const fn = text(first(props, "fn")?.[3]).trim();
  if (fn) return fn;
  const n = first(props, "n")?.[3];
  if (Array.isArray(n)) {
    const [family, given, additional] = n.map(text);
    const joined = [given, additional, family].filter((s) => s && s.trim()).join(" ").trim();
    if (joined) return joined;
  }
  return "";
}

/** A structured value's first part (ORG's company before its departments). */
const firstPart = (value: unknown): string => (Array.isArray(value) ? firstPart(value[0]) : text(value));

/** ADR's parts (post box, extended, street, city, region, postal code, country), each on a line. */
function addressOf(props: JProperty[]): string {
  const adr = first(props, "adr")?.[3];
  return (Array.isArray(adr) ? adr : [adr]).map(text).map((part) => part.trim()).filter(Boolean).join("\n");
}

function contactOf(lines: string[]): RawContact | null {
  const source = ["BEGIN:VCARD", "VERSION:3.0", ...lines.filter((l) => !/^VERSION[;:]/i.test(l)), "END:VCARD"].join("\r\n");
  let props: JProperty[];
  try {
    props = (ICAL.parse(source) as unknown as [string, JProperty[]])[1];
  } catch {
    return null;
  }
  return {
    name: nameOf(props),
    company: firstPart(first(props, "org")?.[3]).trim(),
    phones: props
      .filter((p) => p[0] === "tel")
      .map((p) => ({ value: text(p[3]).replace(/^tel:/i, ""), mobile: typesOf(p).some((t) => t === "cell" || t === "mobile" || t === "iphone") })),
    email: text(first(props, "email")?.[3]),
    birthday: text(first(props, "bday")?.[3]),
    address: addressOf(props),
    notes: props.filter((p) => p[0] === "note").map((p) => text(p[3])).join("\n"),
  };
}

/** Lines a card may have once photos are dropped: a contact has a few dozen; more is not a contact. */
const MAX_CARD_LINES = 500;

/** One card's contact, or null for one ical.js could not read (or too long to be a contact). */
export function readCard(physical: string[]): RawContact | null {
  const lines = cardLines(physical);
  return lines.length > MAX_CARD_LINES ? null : contactOf(lines);
}

/** Every card of the file: its contact, or null for one that could not be read. */
export function parseVcards(text: string): (RawContact | null)[] {
  return splitCards(text).map(readCard);
}

/** Whether the text is a vCard file at all. */
export function looksLikeVcard(text: string): boolean {
  return /^\s*BEGIN:VCARD/i.test(text.replace(/^\uFEFF/, ""));
}
