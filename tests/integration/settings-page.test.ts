import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
import { loader as bookLoader } from "../../app/routes/booking";
import { action, loader } from "../../app/routes/settings.page";
import { loader as workspaceLoader } from "../../app/routes/workspace";
import type { Db } from "../../app/utils/db.server";
import { readToast } from "../../app/utils/toast.server";
import { COLOR_INVALID, INSTAGRAM_INVALID, PAGE_SAVE_FAILED } from "../../app/validation/profile";
import { contextFor, cookiesFrom, createTestDb, formRequest, ORIGIN, userContextFor } from "../support/db";
import { createProfessional } from "../support/factories";

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

async function post(fields: Record<string, string>, who: Pro = pro) {
  return (await action({ request: formRequest(PATH, fields), context: await userContextFor(db, who), params: {} } as never)) as unknown;
}

async function load(who: Pro = pro) {
  return loader({ request: new Request(`${ORIGIN}${PATH}`), context: await userContextFor(db, who), params: {} } as never);
}

type Failure = {
  data: { failed?: boolean; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
  init: { status: number };
};

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
    const res = (await post(fullPage)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(PATH);
    const toast = (await readToast(new Request(ORIGIN, { headers: { Cookie: cookiesFrom(res) } }))).toast;
    expect(toast).toEqual({
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

    const page = (await bookLoader({
      request: new Request(`${ORIGIN}/agendamento/${pro.bookingSlug}`),
      params: { slug: pro.bookingSlug },
      context: contextFor(db),
    } as never)) as { data: { pro: Record<string, unknown> } };
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
    const workspace = await workspaceLoader({
      request: new Request(`${ORIGIN}/dashboard`),
      context: await userContextFor(db, pro),
      params: {},
    } as never);
    expect(workspace.theme).toEqual({ primary: "#E11D48", secondary: "#0EA5E9" });

    // Nothing of it reached the other professional.
    expect(await profileOf(other.id)).toMatchObject({ pageTitle: "Agende seu horário", primaryColor: "#3B82F6" });
  });

  it("turning the price switch on stores it", async () => {
    await post({ ...fullPage, showPrices: "on" });
    expect((await profileOf(pro.id)).showPrices).toBe(true);
  });

  it("answers 400 with 'Cor inválida. Use o formato #RRGGBB.' and keeps what was typed", async () => {
    const f = (await post({ ...fullPage, primaryColor: "vermelho", secondaryColor: "#12345", instagramHandle: "meu insta" })) as Failure;
    expect(f.init.status).toBe(400);
    expect(f.data.result.error).toMatchObject({
      primaryColor: [COLOR_INVALID],
      secondaryColor: [COLOR_INVALID],
      instagramHandle: [INSTAGRAM_INVALID],
    });
    expect(f.data.result.initialValue).toMatchObject({ primaryColor: "vermelho", pageTitle: "Agende com a Ana" });
    expect((await profileOf(pro.id)).primaryColor).toBe("#3B82F6");
  });

  it("answers 400, never 500, to a mangled post", async () => {
    expect(((await post({})) as Failure).init.status).toBe(400);
    expect(((await post({ ...fullPage, pageTitle: "x".repeat(5000) })) as Failure).init.status).toBe(400);
    expect(((await post({ ...fullPage, showPrices: "talvez" })) as Failure).init.status).toBe(400);
  });

  it("says 'Erro ao salvar configurações.' when the database fails", async () => {
    const context = await userContextFor(db, pro);
    db.$client.close();
    const f = (await action({ request: formRequest(PATH, fullPage), context, params: {} } as never)) as Failure;
    expect(f.init.status).toBe(500);
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
