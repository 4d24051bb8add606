// TEST ONLY. iCal feeds as Google Agenda publishes them, made here: São Paulo's 2018 daylight
// saving (it began at 00:00 on 04/11/2018) with a weekly event, an EXDATE, a moved occurrence,
// and events that are not busy.

const SAO_PAULO_2018 = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Sao_Paulo",
  "BEGIN:STANDARD",
  "DTSTART:19700215T000000",
  "TZOFFSETFROM:-0200",
  "TZOFFSETTO:-0300",
  "RRULE:FREQ=YEARLY;BYMONTH=2;BYDAY=3SU",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:19701101T000000",
  "TZOFFSETFROM:-0300",
  "TZOFFSETTO:-0200",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

const event = (lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"];

export function feed(groups: string[][][], calendarName = "paula@example.com") {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    `X-WR-CALNAME:${calendarName}`,
    ...SAO_PAULO_2018,
    ...groups.flat(2),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** Thursdays 10:00-11:00 in São Paulo from 04/10/2018; not on 01/11; 08/11's moved to 15:00. */
export const WEEKLY_GYM = [
  event(["UID:academia@google.com", "DTSTART;TZID=America/Sao_Paulo:20181004T100000", "DTEND;TZID=America/Sao_Paulo:20181004T110000", "RRULE:FREQ=WEEKLY;BYDAY=TH", "EXDATE;TZID=America/Sao_Paulo:20181101T100000", "SUMMARY:Academia"]),
  event(["UID:academia@google.com", "RECURRENCE-ID;TZID=America/Sao_Paulo:20181108T100000", "DTSTART;TZID=America/Sao_Paulo:20181108T150000", "DTEND;TZID=America/Sao_Paulo:20181108T160000", "SUMMARY:Academia (remarcada)"]),
];

/** 13:00-14:00 UTC on 03/11 (10:00 local, UTC-3) and on 05/11 (11:00 local: daylight saving began). */
export const UTC_EVENTS = [
  event(["UID:a@google.com", "DTSTART:20181103T130000Z", "DTEND:20181103T140000Z", "SUMMARY:Escola"]),
  event(["UID:b@google.com", "DTSTART:20181105T130000Z", "DTEND:20181105T140000Z", "SUMMARY:Escola"]),
];

/** Not busy: free, cancelled, declined by the owner. Busy: an all-day event and one across midnight. */
export const OTHER_EVENTS = [
  event(["UID:free@google.com", "DTSTART:20181106T130000Z", "DTEND:20181106T140000Z", "TRANSP:TRANSPARENT", "SUMMARY:Lembrete"]),
  event(["UID:cancel@google.com", "DTSTART:20181107T130000Z", "DTEND:20181107T140000Z", "STATUS:CANCELLED"]),
  event(["UID:declined@google.com", "DTSTART:20181109T130000Z", "DTEND:20181109T140000Z", "ORGANIZER:mailto:chefe@example.com", "ATTENDEE;PARTSTAT=DECLINED:mailto:paula@example.com", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:chefe@example.com"]),
  event(["UID:ferias@google.com", "DTSTART;VALUE=DATE:20181112", "DTEND;VALUE=DATE:20181113", "SUMMARY:Folga"]),
  event(["UID:noite@google.com", "DTSTART;TZID=America/Sao_Paulo:20181113T230000", "DTEND;TZID=America/Sao_Paulo:20181114T010000", "SUMMARY:Plantão"]),
];
