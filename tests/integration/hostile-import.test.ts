// 'Importar clientes' against files made to cost the server: very wide rows, very many rows or
// cards, huge cells. Each is refused with its pt-BR message before its rows are built, or read
// with what the preview shows bounded, so the page stays the size of a page (issue 32, finding 4).
import { describe, expect, it } from "vitest";
import { clientImports } from "../../db/schema";
import ImportClients, { action, loader } from "../../app/routes/clients.import";
import { createTestDb } from "../support/db";
import { createProfessional } from "../support/factories";
import { renderRoute } from "../support/render";
import { callAction, callLoader, locationOf, replyOf } from "../support/routes";

const PATH = "/clientes/importar";
const TOO_WIDE = "Este arquivo tem mais de 250 colunas";

async function setup() {
  const db = createTestDb();
  const pro = await createProfessional(db);
  const upload = (text: string) => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("arquivo", new File([text], "contatos.csv", { type: "text/csv" }));
    return callAction(action, { db, as: pro, path: PATH, form });
  };
  const page = async (text: string) => {
    const id = new URL(locationOf(await upload(text)), "http://x").searchParams.get("arquivo")!;
    const data = await callLoader(loader, { db, as: pro, path: `${PATH}?arquivo=${id}` });
    return { data, html: renderRoute(ImportClients, `${PATH}?arquivo=${id}`, data) };
  };
  return { db, upload, page };
}

describe("hostile contact files", () => {
  it("refuses a header of 200,000 columns with a clear message, keeping nothing", async () => {
    const { db, upload } = await setup();
    const reply = replyOf(await upload(`Nome${",".repeat(200_000)}\r\nAna Lima,(11) 98888-1234\r\n`));
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toEqual({ fileError: expect.stringContaining(TOO_WIDE) });
    expect(await db.select().from(clientImports)).toEqual([]);
  });

  it("refuses a wide row further down, and one made wide behind quotes and line breaks", async () => {
    const { upload } = await setup();
    const wideRow = `Nome,Telefone\r\nAna Lima,(11) 98888-1234\r\nBia,(11) 97777-1234${",x".repeat(100_000)}\r\n`;
    // Quoted cells that hold line breaks make no line wide, but the row is.
    const quoted = `Nome,Telefone\r\nAna${',"a\nb"'.repeat(2_000)}\r\n`;
    for (const text of [wideRow, quoted]) {
      const reply = replyOf(await upload(text));
      expect(reply.init?.status).toBe(400);
      expect(reply.data).toEqual({ fileError: expect.stringContaining(TOO_WIDE) });
    }
  });

  it("shows a file within the bounds in a page of a page's size, however large its cells", async () => {
    const { page } = await setup();
    const huge = "H".repeat(2_000);
    const headers = ["Nome", "Telefone", ...Array.from({ length: 248 }, (_, i) => `${huge}${i}`)];
    const row = ["Ana Lima", "(11) 98888-1234", ...Array.from({ length: 248 }, () => "v".repeat(200))];
    // A contact without a name is listed by its phone cell, however long.
    const { html, data } = await page(`${headers.join(",")}\r\n${row.join(",")}\r\n,${"9".repeat(100_000)}\r\n`);
    expect(data.mode).toBe("preview");
    expect(html.length).toBeLessThan(400_000);
    expect(JSON.stringify(data).length).toBeLessThan(60_000);
  });

  it("refuses a file of more than 10,000 contacts before reading each one, in both formats", async () => {
    const { upload } = await setup();
    const rows = `Nome,Telefone\r\n${"a\r\n".repeat(500_000)}`;
    const cards = "BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n".repeat(20_000);
    for (const text of [rows, cards]) {
      const reply = replyOf(await upload(text));
      expect(reply.init?.status).toBe(400);
      expect(reply.data).toEqual({ fileError: expect.stringContaining("mais de 10.000 contatos") });
    }
  });
});
