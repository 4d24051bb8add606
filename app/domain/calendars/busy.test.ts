import { describe, expect, it } from "vitest";
import { busyFromFeed, FeedParseError } from "./busy";
import { feed, OTHER_EVENTS, UTC_EVENTS, WEEKLY_GYM } from "./feeds.test-data";

const WINDOW = { from: "2018-10-25", to: "2018-11-15", timeZone: "America/Sao_Paulo", ownerEmails: [] };

describe("busy time from an iCal feed", () => {
  it("expands a weekly event with its EXDATE and a moved occurrence, across daylight saving", async () => {
    expect(await busyFromFeed(feed([WEEKLY_GYM]), WINDOW)).toEqual([
      { date: "2018-10-25", startMinute: 600, endMinute: 660 },
      { date: "2018-11-08", startMinute: 900, endMinute: 960 },
      { date: "2018-11-15", startMinute: 600, endMinute: 660 },
    ]);
  });

  it("places UTC times in the professional's zone on each side of the change", async () => {
    expect(await busyFromFeed(feed([UTC_EVENTS]), WINDOW)).toEqual([
      { date: "2018-11-03", startMinute: 600, endMinute: 660 },
      { date: "2018-11-05", startMinute: 660, endMinute: 720 },
    ]);
  });

  it("leaves out free, cancelled and declined events; keeps all-day ones and splits at midnight", async () => {
    expect(await busyFromFeed(feed([OTHER_EVENTS]), WINDOW)).toEqual([
      { date: "2018-11-12", startMinute: 0, endMinute: 1440 },
      { date: "2018-11-13", startMinute: 1380, endMinute: 1440 },
      { date: "2018-11-14", startMinute: 0, endMinute: 60 },
    ]);
    // The owner known by the professional's e-mail when the feed does not name it.
    const unnamed = feed([OTHER_EVENTS], "Trabalho");
    expect((await busyFromFeed(unnamed, WINDOW)).some((r) => r.date === "2018-11-09")).toBe(true);
    expect((await busyFromFeed(unnamed, { ...WINDOW, ownerEmails: ["Paula@example.com"] })).some((r) => r.date === "2018-11-09")).toBe(false);
  });

  it("keeps only the window's dates", async () => {
    expect((await busyFromFeed(feed([WEEKLY_GYM]), { ...WINDOW, from: "2018-11-09", to: "2018-11-30" })).map((r) => r.date)).toEqual(["2018-11-15", "2018-11-22", "2018-11-29"]);
  });

  it("refuses what is not a calendar", async () => {
    await expect(busyFromFeed("<html>login</html>", WINDOW)).rejects.toThrow(FeedParseError);
    await expect(busyFromFeed("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:x\r\nEND:VCARD\r\n", WINDOW)).rejects.toThrow(FeedParseError);
  });
});

describe("busy time from an iCal feed, in its own time zones and within the window", () => {
  const calendar = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR", ""].join("\r\n");
  const DECEMBER = { from: "2025-12-01", to: "2026-03-31", timeZone: "America/Manaus", ownerEmails: [] };

  it("reads a TZID the feed names without defining in the real zone it names", async () => {
    const named = calendar("BEGIN:VEVENT", "UID:a@x", "DTSTART;TZID=America/Sao_Paulo:20251205T100000", "DTEND;TZID=America/Sao_Paulo:20251205T120000", "END:VEVENT");
    // São Paulo's 10:00-12:00 is 09:00-11:00 for a professional in Manaus.
    expect(await busyFromFeed(named, DECEMBER)).toEqual([{ date: "2025-12-05", startMinute: 540, endMinute: 660 }]);
  });

  it("places times in a zone defined from 1601, as Outlook writes them, on each side of its change", async () => {
    const pacific = [
      "BEGIN:VTIMEZONE", "TZID:Pacific Standard Time",
      "BEGIN:STANDARD", "DTSTART:16010101T020000", "TZOFFSETFROM:-0700", "TZOFFSETTO:-0800", "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11", "END:STANDARD",
      "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:-0800", "TZOFFSETTO:-0700", "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3", "END:DAYLIGHT",
      "END:VTIMEZONE",
    ];
    const meeting = (day: string) => ["BEGIN:VEVENT", `UID:${day}@x`, `DTSTART;TZID=Pacific Standard Time:${day}T100000`, `DTEND;TZID=Pacific Standard Time:${day}T110000`, "END:VEVENT"];
    // 10:00 in Seattle: 14:00 in Manaus in winter (-08:00), 13:00 once daylight saving began on 08/03/2026.
    expect(await busyFromFeed(calendar(...pacific, ...meeting("20260305"), ...meeting("20260310")), DECEMBER)).toEqual([
      { date: "2026-03-05", startMinute: 840, endMinute: 900 },
      { date: "2026-03-10", startMinute: 780, endMinute: 840 },
    ]);
  });

  it("keeps the window's days of an event that began years before it", async () => {
    const leave = calendar("BEGIN:VEVENT", "UID:l@x", "DTSTART;VALUE=DATE:20150101", "DTEND;VALUE=DATE:20300101", "END:VEVENT");
    const busy = await busyFromFeed(leave, DECEMBER);
    expect(busy).toHaveLength(121);
    expect([busy[0], busy.at(-1)]).toEqual([
      { date: "2025-12-01", startMinute: 0, endMinute: 1440 },
      { date: "2026-03-31", startMinute: 0, endMinute: 1440 },
    ]);
  });

  it("leaves out an event whose rule cannot be read, and keeps the others", async () => {
    const feedText = calendar(
      "BEGIN:VEVENT", "UID:bad@x", "DTSTART:20251201T130000Z", "DTEND:20251201T140000Z", "RRULE:FREQ=MONTHLY;BYDAY=6MO", "END:VEVENT",
      "BEGIN:VEVENT", "UID:good@x", "DTSTART:20251203T130000Z", "DTEND:20251203T140000Z", "END:VEVENT",
    );
    expect(await busyFromFeed(feedText, DECEMBER)).toEqual([{ date: "2025-12-03", startMinute: 540, endMinute: 600 }]);
  });
});

describe("reading a feed's lines", () => {
  const WINDOW_2025 = { from: "2025-12-01", to: "2025-12-31", timeZone: "America/Sao_Paulo", ownerEmails: ["ana@example.com"] };

  it("joins folded lines, and skips alarms, unknown components and what is not needed", async () => {
    const text = [
      "BEGIN:VCALENDAR", "VERSION:2.0",
      "BEGIN:VEVENT", "UID:a@x", "DTSTART:20251203T130000Z", "DTEND:20251203T14", " 0000Z",
      "DESCRIPTION:uma descrição longa", " que continua na linha seguinte", "BEGIN:VALARM", "TRIGGER:-PT30M", "END:VALARM", "END:VEVENT",
      "BEGIN:VEVENT", "UID:b@x", "DTSTART:20251204T130000Z", "DTEND:20251204T140000Z", "ATTENDEE;CN=Ana;PARTST", " AT=DECLINED:mailto:ana@example.com", "END:VEVENT",
      "BEGIN:X-OUTRA-COISA", "BEGIN:VEVENT", "UID:c@x", "DTSTART:20251205T130000Z", "DTEND:20251205T140000Z", "END:VEVENT", "END:X-OUTRA-COISA",
      "END:VCALENDAR", "",
    ].join("\r\n");
    expect(await busyFromFeed(text, WINDOW_2025)).toEqual([{ date: "2025-12-03", startMinute: 600, endMinute: 660 }]);
  });

  it("refuses a feed cut short, so the busy time read before stays", async () => {
    const cut = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:a@x", "DTSTART:20251203T130000Z", "DTEND:20251203T140000Z", "END:VEVENT", ""].join("\r\n");
    await expect(busyFromFeed(cut, WINDOW_2025)).rejects.toThrow(FeedParseError);
  });
});
