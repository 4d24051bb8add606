// Issue 32, finding 25's words: a greeting that needs no gender ('Boas-vindas!', never 'Bem-vindo'
// to a woman), specialties that are areas and not a man's or a woman's title ('Cabelo', never
// 'Cabeleireiro(a)'), the salon's owner named without a gender in the team's CSV, and words that
// are not glued to their neighbour in the text a copy, a reader or a screen without CSS gets
// ('Dona Carla (você)', 'Agendo Entrar').
import { readdirSync, readFileSync } from "node:fs";
import { createElement } from "react";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { linkedAccounts, profiles, users } from "../../db/schema";
import { WelcomeGuideSlot } from "../../app/components/dashboard/welcome-guide";
import Home from "../../app/routes/home";
import Login from "../../app/routes/login";
import { action as registerAction } from "../../app/routes/register";
import Reports, { loader as reportsLoader } from "../../app/routes/reports";
import { loader as teamExport } from "../../app/routes/reports.team-export";
import { SPECIALTIES } from "../../app/domain/services/starter-categories";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createProfessional, createService } from "../support/factories";
import { renderRoute, visibleText } from "../support/render";
import { callAction, callLoader, responseOf } from "../support/routes";

/** The text as `textContent` reads it: tags gone and nothing put in their place. */
const textContent = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** Greetings and titles that take a side: 'Bem-vindo', 'conectado' said to the reader, 'X(a)'. */
const GENDERED = /bem-vind[oa]|você já está conectad[oa]|\w\(a\)/i;

describe("words that need no gender", () => {
  it("greets with 'Boas-vindas!' on the dashboard and 'Que bom ter você de volta' on /login", () => {
    const guide = renderRoute(() => createElement(WelcomeGuideSlot, { firstName: "Carla", floating: true }), "/dashboard", null);
    expect(visibleText(guide)).toContain("Boas-vindas! Carla, comece pelos Primeiros passos");
    const login = visibleText(renderRoute(Login, "/login", null));
    expect(login).toContain("Que bom ter você de volta");
    expect(guide + login).not.toMatch(GENDERED);
  });

  it("says hello on sign-up and sign-in without a gender, and stores a specialty as an area", async () => {
    const db = createTestDb();
    const signUp = responseOf(
      await callAction(registerAction, {
        db,
        path: "/register",
        form: { name: "Carla Dias", email: "carla@example.com", phone: "(11) 98765-4321", password: "senha-forte-1", confirmPassword: "senha-forte-1", terms: "on", specialty: "cabeleireiro" },
      }),
    );
    await expect(signUp).toSendToast({ type: "success", title: "Boas-vindas ao Agendo!", description: "Sua conta foi criada e já está pronta para usar." });
    const [profile] = await db.select({ specialty: profiles.specialty }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(users.email, "carla@example.com"));
    expect(profile!.specialty).toBe("Cabelo");
    expect(SPECIALTIES.map((s) => s.label)).toEqual(["Barbearia", "Cabelo", "Manicure e pedicure", "Estética", "Sobrancelhas e cílios", "Maquiagem"]);
  });

  it("renames the old titles an account kept, and leaves a specialty the professional typed (migration specialty_areas)", async () => {
    const db = createTestDb();
    const typed = ["Cabeleireiro(a)", "Barbeiro(a)", "Maquiador(a)", "Esteticista", "Cabeleireira e colorista"];
    const pros = await Promise.all(typed.map(() => createProfessional(db)));
    await Promise.all(pros.map((p, i) => db.update(profiles).set({ specialty: typed[i] }).where(eq(profiles.userId, p.id))));
    // By its name, whatever number it ends up with.
    const folder = new URL("../../migrations/", import.meta.url);
    const file = readdirSync(folder).find((f) => f.endsWith("_specialty_areas.sql"))!;
    const migration = readFileSync(new URL(file, folder), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db.run(sql.raw(statement));
    const after = await Promise.all(pros.map(async (p) => (await db.select({ s: profiles.specialty }).from(profiles).where(eq(profiles.userId, p.id)))[0]!.s));
    expect(after).toEqual(["Cabelo", "Barbearia", "Maquiagem", "Esteticista", "Cabeleireira e colorista"]);
  });
});

describe("words apart", () => {
  const NOW = new Date("2025-03-12T21:00:00Z");
  const PERIOD = "/relatorios?periodo=customizado&de=2025-03-10&ate=2025-03-16";
  let db: Db;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    db = createTestDb();
  });
  afterEach(() => vi.useRealTimers());

  it("names the salon's owner '(você)' apart from her name, and '(responsável pela equipe)' in the team's CSV", async () => {
    const owner = await createProfessional(db, { name: "Dona Carla" });
    const ana = await createProfessional(db, { name: "Ana Lima" });
    await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: ana.email, linkedUserId: ana.id, status: "active" });
    const corte = await createService(db, owner.id, { name: "Corte", priceCents: 5000 });
    await createAppointment(db, owner.id, { serviceId: corte.id, serviceName: "Corte", date: "2025-03-11", status: "completed", priceCents: 5000 });
    const context = await userContextFor(db, owner);
    const page = await callLoader(reportsLoader, { context, path: PERIOD });
    expect(textContent(renderRoute(Reports, PERIOD, page))).toContain("Dona Carla (você)");
    const csv = await responseOf(await callLoader(teamExport, { context, path: PERIOD.replace("/relatorios", "/relatorios/equipe/exportar") })).text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[1]).toMatch(/^Dona Carla \(responsável pela equipe\);1;50,00;/);
    expect(csv).not.toMatch(/\((dono|dona)\)/);
  });

  it("keeps 'Agendo', 'Entrar' and 'Começar grátis' apart in the home page's header", () => {
    const header = renderRoute(Home, "/", null).match(/<header[\s\S]*?<\/header>/)![0];
    expect(textContent(header).trim()).toBe("Agendo Entrar Começar grátis");
  });
});
