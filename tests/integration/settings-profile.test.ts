import { eq } from "drizzle-orm";
import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { beforeEach, describe, expect, it } from "vitest";
import { profiles, storedImages } from "../../db/schema";
import { loader as bookLoader } from "../../app/routes/booking";
import { action, loader } from "../../app/routes/settings.profile";
import { loader as imageLoader } from "../../app/routes/images";
import type { Db } from "../../app/utils/db.server";
import { IMAGE_ERRORS } from "../../app/domain/accounts/profile-photo";
import { imageProcessorContext } from "../../app/domain/accounts/profile-photo-processor.server";
import {
  NAME_MIN,
  PIX_INVALID,
  PIX_NAME_NEEDED,
  PIX_TEXT_INVALID,
  PROFILE_SAVE_FAILED,
  SLUG_RESERVED,
  SLUG_TAKEN,
} from "../../app/validation/profile";
import { PHONE_MIN } from "../../app/domain/phone";
import { createTestDb, ORIGIN, userContextFor, type FormBody } from "../support/db";
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

const PATH = "/configuracoes/perfil";

const validProfile = (slug: string) => ({
  intent: "profile",
  fullName: "Ana Souza Lima",
  phone: "(21) 99876-5432",
  businessName: "Studio Ana",
  address: "Rua das Flores, 10",
  city: "Niterói",
  specialty: "Cabeleireira",
  bookingSlug: slug,
  pixKey: "",
  pixCity: "",
  pixName: "",
});

/** The action's answer to a request built by hand (a raw or broken body). */
const run = (request: Request, who: Pro = pro) => callAction(action, { db, as: who, request });

/** A same-origin form POST (multipart for an upload). */
const post = (form: FormBody, who: Pro = pro) => callAction(action, { db, as: who, path: PATH, form });

/** The form a browser posts for the file input. */
function upload(bytes: Uint8Array, name = "foto.png", type = "image/png") {
  const fd = new FormData();
  fd.set("intent", "upload-image");
  fd.set("image", new File([bytes as BlobPart], name, { type }));
  return fd;
}

const load = (who: Pro = pro) => callLoader(loader, { db, as: who, path: PATH });

type Answer = Awaited<ReturnType<typeof action>>;

/** The profile form's data() reply: its status and conform's result. */
function profileReply(value: Answer) {
  const { init, data } = replyOf(value);
  if (data.intent !== "profile") throw new Error(`expected the profile form's reply, got ${JSON.stringify(data)}`);
  return { status: init?.status, data };
}

/** The photo upload's data() reply: its status and error code. */
function imageReply(value: Answer) {
  const { init, data } = replyOf(value);
  if (data.intent !== "image") throw new Error(`expected the photo's reply, got ${JSON.stringify(data)}`);
  return { status: init?.status, data };
}

const profileOf = async (id: string) => (await db.select().from(profiles).where(eq(profiles.userId, id)))[0]!;
const imagesOf = (id: string) => db.select().from(storedImages).where(eq(storedImages.userId, id));

function photo(w = 800, h = 600) {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i / 4) % 255, 120, 200, 255], i);
  return encodePng({ width: w, height: h, data, channels: 4, depth: 8 });
}

function getImage(id: string, headers: Record<string, string> = {}) {
  return callLoader(imageLoader, { db, path: `/imagens/${id}`, params: { id }, headers });
}

describe("Perfil loader", () => {
  it("shows the signed-in professional's own data, e-mail read-only and phone masked", async () => {
    const data = await load();
    expect(data.email).toBe(pro.email);
    expect(data.profile.fullName).toBe("Ana Souza");
    expect(data.profile.phone).toBe("(11) 98765-4321");
    expect(data.profile.bookingSlug).toBe(pro.bookingSlug);
    expect(data.imageUrl).toBeNull();
    const theirs = await load(other);
    expect(theirs.email).toBe(other.email);
    expect(theirs.profile.fullName).toBe("Bia Lima");
  });
});

describe("saving the profile", () => {
  it("saves every field, redirects with 'Perfil atualizado' and stores the phone as digits", async () => {
    const res = await post({
      ...validProfile("  Studio Ána Lima "),
      pixKey: "ana@example.com",
      pixCity: "Niteroi",
      pixName: "Ana Souza",
    });
    expect(res).toHaveRedirect(PATH);
    await expect(res).toSendToast({ type: "success", title: "Perfil atualizado" });
    const p = await profileOf(pro.id);
    expect(p).toMatchObject({
      fullName: "Ana Souza Lima",
      phone: "21998765432",
      businessName: "Studio Ana",
      address: "Rua das Flores, 10",
      city: "Niterói",
      specialty: "Cabeleireira",
      bookingSlug: "studio-ana-lima",
      pixKey: "ana@example.com",
      pixCity: "Niteroi",
      pixName: "Ana Souza",
    });
    // The other professional is untouched.
    expect((await profileOf(other.id)).fullName).toBe("Bia Lima");
  });

  it("answers 400 with the messages beside the fields and keeps what was typed", async () => {
    const f = profileReply(
      await post({ ...validProfile(pro.bookingSlug), fullName: "A", phone: "(21) 9987", pixKey: "123" }),
    );
    expect(f.status).toBe(400);
    expect(f.data.result?.error).toMatchObject({ fullName: [NAME_MIN], phone: [PHONE_MIN], pixKey: [PIX_INVALID] });
    expect(f.data.result?.initialValue).toMatchObject({ fullName: "A", pixKey: "123", city: "Niterói" });
    expect((await profileOf(pro.id)).fullName).toBe("Ana Souza");
  });

  it("refuses a Pix receiver name or city that a Pix code cannot carry", async () => {
    for (const [field, value] of [["pixName", "🌸🌸🌸"], ["pixCity", "Москва"], ["pixName", "佐藤 花子"]] as const) {
      const f = profileReply(await post({ ...validProfile(pro.bookingSlug), pixKey: "ana@example.com", pixName: "Ana", pixCity: "Rio", [field]: value }));
      expect(f.status, value).toBe(400);
      expect(f.data.result?.error?.[field], value).toEqual([PIX_TEXT_INVALID]);
    }
    // Without a receiver name the business name goes in the code: it must be writable too.
    const f = profileReply(await post({ ...validProfile(pro.bookingSlug), businessName: "🌸🌸 🌸🌸", pixKey: "ana@example.com", pixName: "" }));
    expect(f.data.result?.error?.pixName).toEqual([PIX_NAME_NEEDED]);
    expect((await profileOf(pro.id)).pixKey).toBe("");
  });

  it("refuses a link another professional uses, and a reserved word", async () => {
    expect(await post(validProfile(other.bookingSlug.toUpperCase()))).toHaveFieldError("bookingSlug", SLUG_TAKEN);
    for (const word of ["agenda", "login", "configuracoes", "imagens"]) {
      const reserved = profileReply(await post(validProfile(word)));
      expect(reserved.data.result?.error?.bookingSlug).toEqual([SLUG_RESERVED]);
    }
    expect((await profileOf(pro.id)).bookingSlug).toBe(pro.bookingSlug);
  });

  it("keeps the own link without calling it taken", async () => {
    expect(await post(validProfile(pro.bookingSlug))).toHaveRedirect(PATH);
  });

  it("a changed link opens the booking page and the old one answers 404", async () => {
    await post(validProfile("ana-cabelos"));
    const open = (slug: string) => callLoader(bookLoader, { db, path: `/agendamento/${slug}`, params: { slug } });
    const page = await open("ana-cabelos");
    expect(page.data.pro.fullName).toBe("Ana Souza Lima");
    expect(page.data.pro.address).toBe("Rua das Flores, 10");
    await expect(open(pro.bookingSlug)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("answers 400, never 500, to a mangled post", async () => {
    expect(replyOf(await post({ intent: "profile" })).init?.status).toBe(400);
    expect(replyOf(await post({ ...validProfile("x".repeat(5000)) })).init?.status).toBe(400);
    expect(replyOf(await post({ intent: "outra-coisa" })).init?.status).toBe(400);
    const garbage = new Request(`${ORIGIN}${PATH}`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=zzz" },
      body: "isto não é multipart",
    });
    expect(replyOf(await run(garbage)).init?.status).toBe(400);
  });

  it("says 'Não foi possível salvar suas informações' when the database fails", async () => {
    const context = await userContextFor(db, pro);
    db.$client.close();
    const res = profileReply(await callAction(action, { context, path: PATH, form: validProfile(pro.bookingSlug) }));
    expect(res.status).toBe(500);
    expect(res.data.failed).toBe(true);
    expect(res.data.result?.error?.[""]).toEqual([PROFILE_SAVE_FAILED.description]);
  });
});

describe("profile image", () => {
  it("stores a small JPEG, points the profile at it and serves it with long caching", async () => {
    const res = await post(upload(photo()));
    expect(res).toHaveRedirect(PATH);
    await expect(res).toSendToast({ type: "success", title: "Imagem carregada" });
    const [image] = await imagesOf(pro.id);
    expect(image).toMatchObject({ contentType: "image/jpeg", width: 256, height: 256 });
    expect(image!.byteSize).toBeLessThan(100 * 1024);
    expect((await profileOf(pro.id)).profileImageId).toBe(image!.id);
    expect((await load()).imageUrl).toBe(`/imagens/${image!.id}`);

    const served = await getImage(image!.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toContain("immutable");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(bytes.byteLength).toBe(image!.byteSize);
    expect(bytes.byteLength).toBeLessThan(100 * 1024);
    expect(jpeg.decode(bytes, { useTArray: true }).width).toBe(256);

    const cached = await getImage(image!.id, { "If-None-Match": `"${image!.id}"` });
    expect(cached.status).toBe(304);

    const page = await callLoader(bookLoader, {
      db,
      path: `/agendamento/${pro.bookingSlug}`,
      params: { slug: pro.bookingSlug },
    });
    expect(page.data.pro.imageUrl).toBe(`/imagens/${image!.id}`);
  });

  it("replacing the photo deletes the old one", async () => {
    await post(upload(photo()));
    const [first] = await imagesOf(pro.id);
    await post(upload(photo(300, 500)));
    const rows = await imagesOf(pro.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(first!.id);
    expect((await getImage(first!.id)).status).toBe(404);
  });

  it("refuses a text file named .png, whatever its declared type", async () => {
    const res = imageReply(await post(upload(new TextEncoder().encode("não sou uma foto"), "foto.png", "image/png")));
    expect(res.status).toBe(400);
    expect(res.data.error).toBe("type");
    expect(IMAGE_ERRORS.type).toEqual({ title: "Tipo inválido", text: "Apenas imagens são aceitas" });
    expect(await imagesOf(pro.id)).toHaveLength(0);
  });

  it("refuses SVG and GIF, which are images but not accepted", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(imageReply(await post(upload(svg, "a.svg", "image/svg+xml"))).data.error).toBe("type");
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
    expect(imageReply(await post(upload(gif, "a.gif", "image/gif"))).data.error).toBe("type");
  });

  it("refuses a file over 5 MB with 'O arquivo deve ter no máximo 5MB'", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(photo(10, 10));
    const res = imageReply(await post(upload(big)));
    expect(res.status).toBe(413);
    expect(res.data.error).toBe("size");
    expect(IMAGE_ERRORS.size).toEqual({ title: "Arquivo muito grande", text: "O arquivo deve ter no máximo 5MB" });
    expect(await imagesOf(pro.id)).toHaveLength(0);
  });

  /** A body of `total` bytes sent in 64 KB chunks; counts what the server pulled. */
  function sender(total: number) {
    const stats = { sent: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const n = Math.min(64 * 1024, total - stats.sent);
        stats.sent += n;
        controller.enqueue(new Uint8Array(n));
        if (stats.sent >= total) controller.close();
      },
    });
    return { body, stats };
  }

  function rawPost(body: ReadableStream<Uint8Array>, contentLength?: number) {
    const headers: Record<string, string> = { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=x" };
    if (contentLength !== undefined) headers["Content-Length"] = String(contentLength);
    return new Request(`${ORIGIN}${PATH}`, { method: "POST", body, duplex: "half", headers } as RequestInit);
  }

  it("refuses a body whose Content-Length is over the limit without parsing it", async () => {
    // 8 MB: answered at once, the rest read to the end and thrown away (in the background), so a
    // browser still sending it gets the answer.
    const { body, stats } = sender(8 * 1024 * 1024);
    const res = imageReply(await run(rawPost(body, 8 * 1024 * 1024)));
    expect(res.status).toBe(413);
    expect(res.data.error).toBe("size");
    await expect.poll(() => stats.sent).toBe(8 * 1024 * 1024);
  });

  it("drops an absurd body at once", async () => {
    const { body, stats } = sender(500 * 1024 * 1024);
    const res = imageReply(await run(rawPost(body, 500 * 1024 * 1024)));
    expect(res.status).toBe(413);
    expect(stats.sent).toBeLessThanOrEqual(128 * 1024);
  });

  it("stops collecting a body without Content-Length once it passes the limit", async () => {
    const { body, stats } = sender(500 * 1024 * 1024);
    const res = imageReply(await run(rawPost(body)));
    expect(res.status).toBe(413);
    expect(stats.sent).toBeLessThan(40 * 1024 * 1024);
  });

  it("an upload without a file says to choose one", async () => {
    const fd = new FormData();
    fd.set("intent", "upload-image");
    const res = imageReply(await post(fd));
    expect(res.status).toBe(400);
    expect(res.data.error).toBe("empty");
  });

  it("the 11th photo within an hour is refused beside the field (429), the 10th stays and the profile is untouched", async () => {
    const before = await profileOf(pro.id);
    for (let i = 0; i < 10; i++) expect(await post(upload(photo(40 + i, 40)))).toHaveRedirect(PATH);
    const [tenth] = await imagesOf(pro.id);
    const res = imageReply(await post(upload(photo(60, 60))));
    expect(res.status).toBe(429);
    expect(res.data.error).toBe("tooMany");
    expect(IMAGE_ERRORS.tooMany).toEqual({
      title: "Limite de fotos atingido",
      text: "Você já enviou 10 fotos na última hora. Aguarde um pouco para enviar outra.",
    });
    expect(await imagesOf(pro.id)).toEqual([tenth]);
    const { fullName, businessName, phone, bookingSlug, pixKey } = before;
    expect(await profileOf(pro.id)).toMatchObject({ fullName, businessName, phone, bookingSlug, pixKey, profileImageId: tenth!.id });
    // Another professional's allowance is their own.
    expect(await post(upload(photo()), other)).toHaveRedirect(PATH);
  });

  it("when too many photos are being decoded it says 'Tente novamente em instantes' (503), nothing stored", async () => {
    const context = await userContextFor(db, pro);
    context.set(imageProcessorContext, async () => ({ ok: false, error: "busy" }));
    const res = await callAction(action, { context, path: PATH, form: upload(photo()) });
    const { init, data } = replyOf(res);
    expect(init?.status).toBe(503);
    expect(new Headers(init?.headers).get("Retry-After")).toBe("5");
    expect(data).toEqual({ intent: "image", error: "busy" });
    expect(IMAGE_ERRORS.busy.text).toBe("Estamos processando muitas fotos agora. Tente novamente em instantes.");
    expect(await imagesOf(pro.id)).toHaveLength(0);
  });

  it("'Remover foto' removes the own photo only", async () => {
    await post(upload(photo()));
    await post(upload(photo()), other);
    const [mine] = await imagesOf(pro.id);
    const [theirs] = await imagesOf(other.id);

    const res = await post({ intent: "remove-image" });
    expect(res).toHaveRedirect(PATH);
    await expect(res).toSendToast({ title: "Foto removida" });
    expect((await profileOf(pro.id)).profileImageId).toBeNull();
    expect(await imagesOf(pro.id)).toHaveLength(0);
    expect((await getImage(mine!.id)).status).toBe(404);
    // The other professional's photo is still there and still served.
    expect((await profileOf(other.id)).profileImageId).toBe(theirs!.id);
    expect((await getImage(theirs!.id)).status).toBe(200);
  });

  it("a professional cannot remove another's photo by sending its id", async () => {
    await post(upload(photo()), other);
    const [theirs] = await imagesOf(other.id);
    await post({ intent: "remove-image", imageId: theirs!.id });
    expect((await profileOf(other.id)).profileImageId).toBe(theirs!.id);
    expect(await imagesOf(other.id)).toHaveLength(1);
  });
});

describe("GET /imagens/:id", () => {
  it("answers 404 to unknown and malformed ids", async () => {
    expect((await getImage(crypto.randomUUID())).status).toBe(404);
    expect((await getImage("../../etc/passwd")).status).toBe(404);
    expect((await getImage("x")).status).toBe(404);
  });
});
