import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
import { loader as bookLoader } from "../../app/routes/booking";
import { action, loader } from "../../app/routes/settings.page";
import { loader as workspaceLoader } from "../../app/routes/workspace";
import type { Db } from "../../app/utils/db.server";
import { COLOR_INVALID, INSTAGRAM_INVALID, PAGE_SAVE_FAILED } from "../../app/validation/profile";
import { createTestDb, userContextFor } from "../support/db";
import { createProfessional } from "../support/factories";
import { callAction, callLoader, replyOf } from "../support/routes";

type Pro = { id: string; email: string; bookingSlug: string };
let db: Db;
let pro: Pro;
let other: Pro;

beforeEach(async () => {
  db = createTestDb();
  pro = await createProfessional(db, { name: "Ana Souza" });
  other = await createProfessional(db, { name: "Bia Lima" });
});

const PATH = "/configuracoes/pagina";

const fullPage = {
  pageTitle: "Agende com a Ana",
  contactPhone: "(11) 91234-5678",
  pageDescription: "Cortes, escova e coloração.",
  businessAddress: "Av. Paulista, 1000",
  welcomeMessage: "Olá!\r\nChegue 5 minutos antes.",
  instagramHandle: "@studio.ana",
  primaryColor: "#e11d48",
  secondaryColor: "#0EA5E9",
  // showPrices left out: the switch is off.
};

const post = (fields: Record<string, string>, who: Pro = pro) => callAction(action, { db, as: who, path: PATH, form: fields });
const load = (who: Pro = pro) => callLoader(loader, { db, as: who, path: PATH });

const profileOf = async (id: string) => (await db.select().from(profiles).where(eq(profiles.userId, id)))[0]!;

describe("Página loader", () => {
  it("shows the spec's defaults for a new professional", async () => {
    const data = await load();
    expect(data.bookingSlug).toBe(pro.bookingSlug);
    expect(data.page).toEqual({
      pageTitle: "Agende seu horário",
      contactPhone: "",
      pageDescription: "",
      businessAddress: "",
      welcomeMessage: "",
      instagramHandle: "",
      primaryColor: "#3B82F6",
      secondaryColor: "#8B5CF6",
      showPrices: true,
    });
  });
});

describe("saving the page settings", () => {
  it("saves every field, redirects with 'Configurações salvas' and the booking page shows them", async () => {
    const res = await post(fullPage);
    expect(res).toHaveRedirect(PATH);
    await expect(res).toSendToast({
      type: "success",
      title: "Configurações salvas",
      description: "As configurações da página de agendamento foram atualizadas.",
    });
    expect(await profileOf(pro.id)).toMatchObject({
      pageTitle: "Agende com a Ana",
      contactPhone: "11912345678",
      pageDescription: "Cortes, escova e coloração.",
      businessAddress: "Av. Paulista, 1000",
      welcomeMessage: "Olá!\nChegue 5 minutos antes.",
      instagramHandle: "studio.ana",
      primaryColor: "#E11D48",
      secondaryColor: "#0EA5E9",
      showPrices: false,
    });

    const page = await callLoader(bookLoader, {
      db,
      path: `/agendamento/${pro.bookingSlug}`,
      params: { slug: pro.bookingSlug },
    });
    expect(page.data.pro).toMatchObject({
      pageTitle: "Agende com a Ana",
      pageDescription: "Cortes, escova e coloração.",
      welcomeMessage: "Olá!\nChegue 5 minutos antes.",
      address: "Av. Paulista, 1000",
      primaryColor: "#E11D48",
      secondaryColor: "#0EA5E9",
      showPrices: false,
      instagram: "studio.ana",
    });

    // The colours are the workspace theme too.
    const workspace = await callLoader(workspaceLoader, { db, as: pro, path: "/dashboard" });
    expect(workspace.theme).toEqual({ primary: "#E11D48", secondary: "#0EA5E9" });

    // Nothing of it reached the other professional.
    expect(await profileOf(other.id)).toMatchObject({ pageTitle: "Agende seu horário", primaryColor: "#3B82F6" });
  });

  it("turning the price switch on stores it", async () => {
    await post({ ...fullPage, showPrices: "on" });
    expect((await profileOf(pro.id)).showPrices).toBe(true);
  });

  it("answers 400 with 'Cor inválida. Use o formato #RRGGBB.' and keeps what was typed", async () => {
    const f = await post({ ...fullPage, primaryColor: "vermelho", secondaryColor: "#12345", instagramHandle: "meu insta" });
    expect(f).toHaveFieldError("primaryColor", COLOR_INVALID);
    expect(f).toHaveFieldError("secondaryColor", COLOR_INVALID);
    expect(f).toHaveFieldError("instagramHandle", INSTAGRAM_INVALID);
    expect(replyOf(f).data.result.initialValue).toMatchObject({ primaryColor: "vermelho", pageTitle: "Agende com a Ana" });
    expect((await profileOf(pro.id)).primaryColor).toBe("#3B82F6");
  });

  it("answers 400, never 500, to a mangled post", async () => {
    expect(replyOf(await post({})).init?.status).toBe(400);
    expect(replyOf(await post({ ...fullPage, pageTitle: "x".repeat(5000) })).init?.status).toBe(400);
    expect(replyOf(await post({ ...fullPage, showPrices: "talvez" })).init?.status).toBe(400);
  });

  it("says 'Erro ao salvar configurações.' when the database fails", async () => {
    const context = await userContextFor(db, pro);
    db.$client.close();
    const f = replyOf(await callAction(action, { context, path: PATH, form: fullPage }));
    expect(f.init?.status).toBe(500);
    expect(f.data.failed).toBe(true);
    expect(f.data.result.error?.[""]).toEqual([PAGE_SAVE_FAILED.description]);
  });

  it("each professional only sees and saves their own page", async () => {
    await post({ ...fullPage, pageTitle: "Página da Bia" }, other);
    expect((await load()).page.pageTitle).toBe("Agende seu horário");
    expect((await load(other)).page.pageTitle).toBe("Página da Bia");
    expect((await profileOf(pro.id)).pageTitle).toBe("Agende seu horário");
  });
});
