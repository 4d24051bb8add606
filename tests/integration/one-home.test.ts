// Rules with one home stay there (issue 33, part 3; docs/decisions/1120): no module in app/ writes
// an appointment's status as a word (the statuses are named in app/domain/status-rules.ts, their
// SQL in status-rules.server.ts), and none but app/domain/dates.ts imports TZDate or date-fns.
// A scan of the sources' text (no type checker: the project's TypeScript 7 has no stable JS API),
// scoped to the ways the code reads and writes an appointment's status, so the booking requests'
// own 'confirmed' and 'cancelled' (and a subscription's, and Mercado Pago's) are not taken for one.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PHOTO_UPLOADS_PER_HOUR } from "../../app/domain/accounts/profile-photo";
import { LIMITS } from "../../app/utils/rate-limit.server";

const ROOT = join(import.meta.dirname, "../..");
const APP = join(ROOT, "app");

const STATUS_HOME = ["app/domain/status-rules.ts", "app/domain/status-rules.server.ts"];
const DATES_HOME = "app/domain/dates.ts";

/**
 * Each exception: a file, the text found there, and why it is not an appointment's status written
 * outside its home. A new one needs a reason as good.
 */
const EXCEPTIONS: { file: string; found: string; reason: string }[] = [
  {
    file: "app/domain/appointments/statuses.ts",
    found: '"no-show"',
    reason: "the home of the status actions: 'no-show' is the action's name (its status is APPOINTMENT_STATUS.noShow)",
  },
  {
    file: "app/components/agenda/appointment-list.tsx",
    found: '"no-show"',
    reason: "a key of a map by status action (Record<StatusAction, …>: its type holds it to the actions' names)",
  },
  {
    file: "app/routes/shared/appointment-changes.server.ts",
    found: '"no-show"',
    reason: "a key of a map by status action (Record<StatusAction, …>: its type holds it to the actions' names)",
  },
  {
    file: "app/domain/booking-requests/booking-requests.server.ts",
    found: "status: \"cancelled\"",
    reason: "a booking request cancelled (bookingRequests.status, the requests' own statuses)",
  },
  {
    file: "app/domain/booking-requests/customer-view.server.ts",
    found: "status === \"cancelled\"",
    reason: "the customer's view of a booking: its status is the request's (pending … cancelled, expired)",
  },
  {
    file: "app/domain/booking-requests/customer-view.server.ts",
    found: "status: \"cancelled\"",
    reason: "the customer's view of a booking: its status is the request's (pending … cancelled, expired)",
  },
  {
    file: "app/domain/deposits/deposit-words.ts",
    found: "status === \"cancelled\"",
    reason: "how a booking request ended (expired, declined, cancelled)",
  },
  {
    file: "app/domain/accounts/account-deletion.server.ts",
    found: "status !== \"cancelled\"",
    reason: "a subscription's status (a paid one is cancelled at Stripe first)",
  },
  {
    file: "app/components/booking-status/status-card.tsx",
    found: "status === \"cancelled\"",
    reason: "the customer's view of a booking: its status is the request's",
  },
  {
    file: "app/components/booking-status/change-card.tsx",
    found: "status === \"cancelled\"",
    reason: "the customer's view of a booking: its status is the request's",
  },
  {
    file: "app/components/plans/current-plan.tsx",
    found: "status === \"cancelled\"",
    reason: "a subscription's status (Stripe's word, SUBSCRIPTION_STATUSES)",
  },
  {
    file: "app/domain/billing/plan-status.ts",
    found: "status === \"cancelled\"",
    reason: "a subscription's status",
  },
  {
    file: "app/domain/billing/subscription-decision.ts",
    found: "status === \"cancelled\"",
    reason: "a subscription's status",
  },
  {
    file: "app/domain/payments/mercadopago.server.ts",
    found: "status === \"cancelled\"",
    reason: "a Mercado Pago payment's status (its own word: a Pix that expired)",
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.test-data\.ts$/.test(e.name) ? [path] : [];
  });
}

/** The text without its comments (a `//` only after a space or a line's start: never a URL's). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|\s)\/\/.*$/gm, "$1");
}

type Finding = { file: string; line: number; found: string };

/** The words only an appointment's status is, quoted anywhere: a string, or a literal in SQL. */
const OWN_WORDS = /(["'`])(scheduled|completed|no_show|no-show)\1/g;
/**
 * 'confirmed' and 'cancelled' are a booking request's statuses too: an appointment's where the
 * code reads or writes a status — compared with something called status (`a.status ===`,
 * `appointmentStatus !==`), set as one (`status: "cancelled"`), given to a query on
 * appointments.status (`eq(appointments.status, …)`, `inArray(appointments.status, [...])`), or
 * written in SQL after a status column that is not the booking requests' (`a.status <> 'cancelled'`).
 */
const SHARED_IN_USE: { re: RegExp; keep?: (m: RegExpMatchArray) => boolean }[] = [
  // A request's own status (`request.status`, `booking.request.status`) is not an appointment's.
  { re: /([\w?]+\??\.)?\b\w*[sS]tatus\s*[!=]==?\s*(["'])(?:confirmed|cancelled)\2/g, keep: (m) => !/request\??\.$/i.test(m[1] ?? "") },
  { re: /(["'])(?:confirmed|cancelled)\1\s*[!=]==?\s*[\w.?]*[sS]tatus\b/g },
  { re: /\bstatus:\s*(["'])(?:confirmed|cancelled)\1/g },
  { re: /\b(?:eq|ne|inArray|notInArray)\(\s*appointments\.status,\s*(?:\[[^\]]*\]|"[^"]*"|'[^']*')/g, keep: (m) => /["'](?:confirmed|cancelled)["']/.test(m[0]) },
  { re: /([\w.]*)status\}?\s*(?:=|<>|!=)\s*'(?:confirmed|cancelled)'/g, keep: (m) => !m[1]!.endsWith("bookingRequests.") },
];

function findings(file: string, text: string): Finding[] {
  const body = code(text);
  const lineOf = (index: number) => body.slice(0, index).split("\n").length;
  const out: Finding[] = [];
  for (const m of body.matchAll(OWN_WORDS)) out.push({ file, line: lineOf(m.index), found: m[0] });
  for (const { re, keep } of SHARED_IN_USE) {
    for (const m of body.matchAll(re)) if (!keep || keep(m)) out.push({ file, line: lineOf(m.index), found: m[0] });
  }
  return out;
}

function excepted(f: Finding) {
  return EXCEPTIONS.some((e) => e.file === f.file && f.found.includes(e.found));
}

const files = sources(APP).map((path) => ({ file: relative(ROOT, path).replaceAll("\\", "/"), text: readFileSync(path, "utf8") }));

describe("each rule in one home", () => {
  it("no module writes an appointment's status as a word outside status-rules.ts and its SQL", () => {
    const found = files
      .filter((f) => !STATUS_HOME.includes(f.file))
      .flatMap((f) => findings(f.file, f.text))
      .filter((f) => !excepted(f))
      .map((f) => `${f.file}:${f.line}: ${f.found}`);
    expect(found, "use APPOINTMENT_STATUS, isCompleted/isCancelled/isActiveStatus, or statusIs/statusIn in SQL").toEqual([]);
  });

  it("every exception still names something the code holds (none left behind by a change)", () => {
    const stale = EXCEPTIONS.filter((e) => !files.some((f) => f.file === e.file && code(f.text).includes(e.found)));
    expect(stale).toEqual([]);
  });

  it("catches what it is meant to catch, and not the booking requests' own words", () => {
    const caught = (line: string) => findings("x.ts", line).length > 0;
    expect(caught(`if (a.status === "cancelled") return;`)).toBe(true);
    expect(caught(`const done = appointmentStatus !== 'confirmed';`)).toBe(true);
    expect(caught(`.set({ status: "confirmed" })`)).toBe(true);
    expect(caught(`.where(eq(appointments.status, "cancelled"))`)).toBe(true);
    expect(caught(`inArray(appointments.status, ["confirmed"])`)).toBe(true);
    expect(caught("sql`and a.status <> 'cancelled'`")).toBe(true);
    expect(caught("sql`${appointments.status} in ('scheduled', 'confirmed')`")).toBe(true);
    expect(caught(`const s = "no_show";`)).toBe(true);
    expect(caught(`type Outcome = "accepted" | "declined" | "cancelled";`)).toBe(false);
    expect(caught("sql`${bookingRequests.status} = 'cancelled'`")).toBe(false);
    expect(caught(`inArray(bookingRequests.status, ["declined", "cancelled"])`)).toBe(false);
    expect(caught(`if (outcome === "confirmed") settled += 1;`)).toBe(false);
    expect(caught(`if (booking.request.status === "cancelled") return;`)).toBe(false);
    expect(caught(`inArray(appointments.status, [...ACTIVE_STATUSES, APPOINTMENT_STATUS.cancelled])`)).toBe(false);
    expect(caught(`// an appointment "completed" in a comment`)).toBe(false);
  });

  it("no module but dates.ts imports TZDate or date-fns", () => {
    const found = files
      .filter((f) => f.file !== DATES_HOME && /from\s+["'](?:@date-fns\/tz|date-fns)(?:\/[^"']*)?["']|\bTZDate\b/.test(code(f.text)))
      .map((f) => f.file);
    expect(found, "use the helpers of app/domain/dates.ts (formatInstant, nowInZone, localDate, localMidnightMs, …)").toEqual([]);
  });

  it("the photo limit the refusal's words say is the one LIMITS counts (the words are client-safe, LIMITS is not)", () => {
    expect(LIMITS.photoUploadsPerUser.max).toBe(PHOTO_UPLOADS_PER_HOUR);
  });
});
