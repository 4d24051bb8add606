import { describe, expect, it } from "vitest";
import { busyFromFeed, FeedParseError } from "./busy";
import { feed, OTHER_EVENTS, UTC_EVENTS, WEEKLY_GYM } from "./feeds.test-data";

const WINDOW = { from: "2018-10-25", to: "2018-11-15", timeZone: "America/Sao_Paulo", ownerEmails: [] };

describe("busy time from an iCal feed", () => {
  it("expands a weekly event with its EXDATE and a moved occurrence, across daylight saving", () => {
    expect(busyFromFeed(feed([WEEKLY_GYM]), WINDOW)).toEqual([
      { date: "2018-10-25", startMinute: 600, endMinute: 660 },
      { date: "2018-11-08", startMinute: 900, endMinute: 960 },
      { date: "2018-11-15", startMinute: 600, endMinute: 660 },
    ]);
  });

  it("places UTC times in the professional's zone on each side of the change", () => {
    expect(busyFromFeed(feed([UTC_EVENTS]), WINDOW)).toEqual([
      { date: "2018-11-03", startMinute: 600, endMinute: 660 },
      { date: "2018-11-05", startMinute: 660, endMinute: 720 },
    ]);
  });

  it("leaves out free, cancelled and declined events; keeps all-day ones and splits at midnight", () => {
    expect(busyFromFeed(feed([OTHER_EVENTS]), WINDOW)).toEqual([
      { date: "2018-11-12", startMinute: 0, endMinute: 1440 },
      { date: "2018-11-13", startMinute: 1380, endMinute: 1440 },
      { date: "2018-11-14", startMinute: 0, endMinute: 60 },
    ]);
    // The owner known by the professional's e-mail when the feed does not name it.
    const unnamed = feed([OTHER_EVENTS], "Trabalho");
    expect(busyFromFeed(unnamed, WINDOW).some((r) => r.date === "2018-11-09")).toBe(true);
    expect(busyFromFeed(unnamed, { ...WINDOW, ownerEmails: ["Paula@example.com"] }).some((r) => r.date === "2018-11-09")).toBe(false);
  });

  it("keeps only the window's dates", () => {
    expect(busyFromFeed(feed([WEEKLY_GYM]), { ...WINDOW, from: "2018-11-09", to: "2018-11-30" }).map((r) => r.date)).toEqual(["2018-11-15", "2018-11-22", "2018-11-29"]);
  });

  it("refuses what is not a calendar", () => {
    expect(() => busyFromFeed("<html>login</html>", WINDOW)).toThrow(FeedParseError);
    expect(() => busyFromFeed("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:x\r\nEND:VCARD\r\n", WINDOW)).toThrow(FeedParseError);
  });
});
