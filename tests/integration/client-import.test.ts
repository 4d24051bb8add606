// Clientes > 'Importar clientes' through its loader and action: the upload, the preview (with
// the CSV's columns corrected), the confirmation, and the same file twice creating nothing.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientImports, clients } from "../../db/schema";
import { action, loader } from "../../app/routes/clients.import";
import { loader as clientsLoader } from "../../app/routes/clients";
import { loader as dashboardLoader } from "../../app/routes/dashboard";
import { loader as profileLoader } from "../../app/routes/profile";
import { purgeOldImports } from "../../app/domain/clients/import/import.server";
import { ANDROID_VCF, GOOGLE_CSV, GOOGLE_FULL_CSV, IPHONE_VCF } from "../../app/domain/clients/import/samples.test-data";
import { createTestDb, statusOf, toastOf } from "../support/db";
import { createClient, createProfessional } from "../support/factories";
import { callAction, callLoader, isDataReply, locationOf, replyOf, thrownStatus, responseOf } from "../support/routes";

const PATH = "/clientes/importar";
type Pro = Awaited<ReturnType<typeof createProfessional>>;

function fileForm(text: string | Uint8Array, name: string) {
  const fd = new FormData();
  fd.set("intent", "upload");
  fd.set("arquivo", new File([text as BlobPart], name, { type: "text/plain" }));
  return fd;
}

async function setup() {
  const db = createTestDb();
  const pro = await createProfessional(db, { name: "Paula Ribeiro" });
  const upload = async (text: string | Uint8Array, name: string, who: Pro = pro) => callAction(action, { db, as: who, path: PATH, form: fileForm(text, name) });
  /** The upload's redirect to its preview, and the preview. */
  const uploaded = async (text: string, name: string, who: Pro = pro) => {
    const location = locationOf(await upload(text, name, who));
    const id = new URL(location, "http://x").searchParams.get("arquivo")!;
    return { id, preview: await preview(id, who) };
  };
  const preview = async (id: string, who: Pro = pro) => {
    const page = await callLoader(loader, { db, as: who, path: `${PATH}?arquivo=${id}` });
    if (page.mode !== "preview") throw new Error("expected the preview");
    return page.preview;
  };
  const post = (fields: Record<string, string>, who: Pro = pro) => callAction(action, { db, as: who, path: PATH, form: fields });
  const names = async () => (await db.select({ name: clients.name }).from(clients).where(eq(clients.userId, pro.id))).map((c) => c.name).sort();
  return { db, pro, upload, uploaded, preview, post, names };
}

describe("importing clients", () => {
  it("saves nothing until 'Importar N clientes', then creates them with birthday and notes", async () => {
    const { db, pro, uploaded, post, names } = await setup();
    await createClient(db, pro.id, { name: "Ana (já cliente)", phone: "21998765432" });
    const { id, preview } = await uploaded(ANDROID_VCF + IPHONE_VCF, "contatos.vcf");
    expect(preview.counts).toEqual({ create: 1, existing: 1, refused: 2, repeated: 0, withoutYear: 0 });
    expect(preview.refused.map((r) => r.reason)).toEqual(["sem nome", "telefone inválido"]);
    expect(await names()).toEqual(["Ana (já cliente)"]);

    const done = responseOf(await post({ intent: "import", id }));
    expect(locationOf(done)).toBe("/clientes");
    expect((await toastOf(done))?.description).toBe("1 cliente importado.");
    const [maria] = await db.select().from(clients).where(and(eq(clients.userId, pro.id), eq(clients.phone, "11987654321")));
    expect(maria).toMatchObject({ name: "Maria Conceição da Silva Araújo", birthDate: "1990-05-17", notes: "SUM(A1)\nAlérgica a amônia" });
    expect(await db.select().from(clientImports)).toEqual([]);
  });

  it("creates nothing the second time the same file is imported", async () => {
    const { uploaded, post, names } = await setup();
    const first = await uploaded(GOOGLE_CSV, "google.csv");
    await post({ intent: "import", id: first.id });
    expect(await names()).toEqual(["Carla Mendes", "Diego"]);
    const again = await uploaded(GOOGLE_CSV, "google.csv");
    expect(again.preview.counts.create).toBe(0);
    expect(again.preview.counts.existing).toBe(2);
    // Even a confirmation sent anyway (an old tab) creates nothing.
    await post({ intent: "import", id: again.id });
    expect(await names()).toEqual(["Carla Mendes", "Diego"]);
  });

  it("keeps Google's middle name, a company's name, the address and a foreign number", async () => {
    const { db, pro, uploaded, post } = await setup();
    const { id, preview } = await uploaded(GOOGLE_FULL_CSV, "contacts.csv");
    expect(preview.columns?.mapping).toMatchObject({ name: 0, middleName: 1, lastName: 2, company: 10, address: 22 });
    expect(preview.create.map((c) => [c.name, c.phone])).toEqual([
      ["Ana Paula Souza", "11988881234"],
      ["Studio Bela Pele", "1133334444"],
      ["Joana Martins", "+351912345678"],
    ]);
    await post({ intent: "import", id });
    const rows = await db.select({ name: clients.name, phone: clients.phone, address: clients.address }).from(clients).where(eq(clients.userId, pro.id));
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "Ana Paula Souza", phone: "11988881234", address: "Rua das Flores, 123, Apto 4, São Paulo - SP, 01234-000" },
      { name: "Joana Martins", phone: "+351912345678", address: "" },
      { name: "Studio Bela Pele", phone: "1133334444", address: "" },
    ]);
  });

  it("counts imported clients as clients, never as 'Novos este mês' (Clientes, dashboard, profile)", async () => {
    const { db, pro, uploaded, post } = await setup();
    await createClient(db, pro.id, { name: "Nova de verdade", phone: "21998765432" });
    await post({ intent: "import", id: (await uploaded(GOOGLE_CSV, "google.csv")).id });

    const list = await callLoader(clientsLoader, { db, as: pro, path: "/clientes" });
    if (!isDataReply(list) || list.data.mode !== "list") throw new Error("expected the list");
    expect(list.data.tiles).toMatchObject({ total: 3, newThisMonth: 1 });
    const dashboard = await callLoader(dashboardLoader, { db, as: pro, path: "/dashboard" });
    expect(dashboard.kpis.find((k) => k.key === "clients")).toMatchObject({
      value: "3",
      detail: "1 novo cliente este mês",
      variation: { label: "+50% vs início do mês" },
    });
    const profile = await callLoader(profileLoader, { db, as: pro, path: "/perfil" });
    expect(profile.monthly.find((m) => m.key === "new-clients")?.value).toBe("1");
  });

  it("lets the professional correct the CSV's columns", async () => {
    const { uploaded, preview, post } = await setup();
    const { id, preview: first } = await uploaded("Cliente;Contato;Obs\r\nJoana Prado;(11) 97777-1234;VIP\r\n", "agenda.csv");
    expect(first.columns?.mapping).toMatchObject({ name: 0, phone: null, notes: 2 });
    expect(first.counts).toMatchObject({ create: 0, refused: 1 });
    expect(first.refused).toEqual([{ name: "Joana Prado", reason: "sem telefone" }]);
    locationOf(await post({ intent: "map", id, name: "0", phone: "1", notes: "2", lastName: "", phone2: "", email: "", birthday: "" }));
    const second = await preview(id);
    expect(second.counts).toMatchObject({ create: 1, refused: 0 });
    expect(second.create).toEqual([{ name: "Joana Prado", phone: "11977771234", email: "", birthDate: "" }]);
  });

  it("answers a bad file with a pt-BR message beside the field, status 400", async () => {
    const { upload, db } = await setup();
    const reply = replyOf(await upload(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), "clientes.xlsx"));
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toEqual({ fileError: expect.stringContaining("Salvar como") });
    const empty = replyOf(await upload("", "vazio.vcf"));
    expect(empty.data).toEqual({ fileError: "O arquivo está vazio." });
    expect(await db.select().from(clientImports)).toEqual([]);
  });

  it("refuses a file over 5 MB with 413 and its message", async () => {
    const { upload } = await setup();
    const reply = replyOf(await upload(new Uint8Array(5 * 1024 * 1024 + 10).fill(65), "grande.csv"));
    expect(reply.init?.status).toBe(413);
    expect(reply.data).toEqual({ fileError: expect.stringContaining("5 MB") });
  });

  it("keeps someone else's waiting import a 404", async () => {
    const { db, uploaded, post, preview } = await setup();
    const other = await createProfessional(db);
    const { id } = await uploaded(GOOGLE_CSV, "google.csv");
    expect(await thrownStatus(preview(id, other))).toBe(404);
    expect(await statusOf(post({ intent: "import", id }, other))).toBe(404);
  });

  it("purges waiting imports left a day", async () => {
    const { db, uploaded } = await setup();
    await uploaded(GOOGLE_CSV, "google.csv");
    expect(await purgeOldImports(db, new Date(Date.now() + 60_000))).toBe(0);
    expect(await purgeOldImports(db, new Date(Date.now() + 25 * 60 * 60_000))).toBe(1);
  });
});
