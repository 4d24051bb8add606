// Issue 32, finding 15: an e-mail the bounds on unrequested messages held back (three new
// addresses an hour from one client address: a salon's Wi-Fi, a carrier's shared address) is
// said on the customer's page, which never promises it; and a customer who opened the link of
// her own confirmation is not held back there again (docs/decisions/1022).
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox, waitlistEntries } from "../../db/schema";
import { action as bookAction } from "../../app/routes/booking";
import { loader as statusLoader } from "../../app/routes/booking-status";
import WaitlistStatus, { loader as waitlistStatusLoader } from "../../app/routes/waitlist-status";
import { action as joinAction } from "../../app/routes/waitlist-join";
import type { Db } from "../../app/utils/db.server";
import { createTestDb } from "../support/db";
import { createAppointment, createBookablePro, workingDay } from "../support/factories";
import { renderRoute, visibleText } from "../support/render";
import { callAction, callLoader, locationOf, replyOf } from "../support/routes";

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function salon(db: Db) {
  const { pro, service } = await createBookablePro(db, { name: "Salão Wi-Fi" });
  return { pro, service, date: workingDay(3) };
}

type Salon = Awaited<ReturnType<typeof salon>>;
let phones = 0;

function book(db: Db, s: Salon, email: string, ip: string, time: string) {
  phones += 1;
  const slug = s.pro.bookingSlug;
  return callAction(bookAction, {
    db,
    clientAddress: ip,
    path: `/agendamento/${slug}?servico=${s.service.id}&data=${s.date}&horario=${time}`,
    params: { slug },
    form: { servico: s.service.id, data: s.date, horario: time, name: "Cliente", phone: `11 9650${String(phones).padStart(5, "0")}`, email, notes: "" },
  }).catch((thrown: unknown) => thrown);
}

const received = async (db: Db, to: string) => db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, "request-received")));

describe("an e-mail held back by the bounds", () => {
  it("is said on the waiting list's page, which promises the WhatsApp instead of the e-mail", async () => {
    const db = createTestDb();
    const s = await salon(db);
    await createAppointment(db, s.pro.id, { date: s.date, startMinute: 9 * 60, durationMinutes: 9 * 60 });
    const slug = s.pro.bookingSlug;
    const join = (n: number) =>
      callAction(joinAction, {
        db,
        clientAddress: "198.51.100.90",
        path: `/agendamento/${slug}/lista-de-espera?servico=${s.service.id}&data=${s.date}`,
        params: { slug },
        form: { servico: s.service.id, data: s.date, name: "Bia", phone: `21 9880${String(n).padStart(5, "0")}`, email: `rede${n}@example.org`, periodo: "qualquer" },
      }).catch((thrown: unknown) => thrown);
    for (let n = 1; n <= 3; n++) await join(n);
    const token = locationOf(await join(4)).split("/")[3]!.split("?")[0]!;
    const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.customerEmail, "rede4@example.org"));
    expect(entry!.emailWithheld).toBe(true);

    const path = `/agendamento/espera/${token}?novo=1`;
    const page = visibleText(renderRoute(WaitlistStatus, path, replyOf(await callLoader(waitlistStatusLoader, { db, path, params: { token } })).data));
    expect(page).toContain("Por segurança, não vamos enviar e-mails para rede4@example.org");
    expect(page).toContain(`Se abrir um horário, Salão Wi-Fi avisa você pelo WhatsApp, com um link para confirmar.`);
    expect(page).not.toContain("e-mail informado");
  });
});

describe("a customer's own confirmation", () => {
  it("counts once: after she opened its link, her address is hers and is not held back by a busy network", async () => {
    const db = createTestDb();
    const s = await salon(db);
    // At home: her first booking's e-mail, whose link she opens.
    await book(db, s, "ana@example.org", "203.0.113.10", "09:00");
    const [first] = await received(db, "ana@example.org");
    const link = new URL(/Acompanhe, remarque ou cancele: (\S+)/.exec(first!.text)![1]!);
    const token = link.pathname.split("/").pop()!;
    await callLoader(statusLoader, { db, path: `${link.pathname}${link.search}`, params: { token } });

    // At the salon, whose Wi-Fi three other customers used this hour.
    const wifi = "198.51.100.45";
    for (const [n, time] of ["10:00", "10:30", "11:00"].entries()) await book(db, s, `vizinha${n}@example.org`, wifi, time);
    await book(db, s, "ana@example.org", wifi, "14:00");
    await book(db, s, "bia@example.org", wifi, "14:30");
    expect(await received(db, "ana@example.org")).toHaveLength(2);
    // An address that never showed it is its owner's is still held back there.
    expect(await received(db, "bia@example.org")).toHaveLength(0);
    // A link whose proof is not ours proves nothing.
    await callLoader(statusLoader, { db, path: `${link.pathname}?email=bia%40example.org.forjado`, params: { token } });
    await book(db, s, "bia@example.org", wifi, "15:00");
    expect(await received(db, "bia@example.org")).toHaveLength(0);
  });
});
