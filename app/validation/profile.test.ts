import { parseForm } from "./parse-form";
import { describe, expect, it } from "vitest";
import {
  cleanInstagram,
  COLOR_INVALID,
  INSTAGRAM_INVALID,
  NAME_MIN,
  PIX_INVALID,
  pageSchema,
  profileSchema,
  serverProfileSchema,
  SLUG_MAX,
  SLUG_MIN,
  SLUG_RESERVED,
  SLUG_TAKEN,
  type SlugCheck,
} from "./profile";
import { PHONE_FORMAT, PHONE_MIN } from "../domain/phone";

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

const validProfile = {
  fullName: "Ana Souza",
  phone: "(11) 98765-4321",
  businessName: "Studio Ana",
  bookingSlug: "studio-ana",
};

const validPage = { primaryColor: "#3b82f6", secondaryColor: "#8B5CF6" };

function profileErrors(fields: Record<string, string>) {
  const s = parseForm(form({ ...validProfile, ...fields }), { schema: profileSchema });
  return s.status === "success" ? {} : (s.error ?? {});
}

function pageErrors(fields: Record<string, string>) {
  const s = parseForm(form({ ...validPage, ...fields }), { schema: pageSchema });
  return s.status === "success" ? {} : (s.error ?? {});
}

describe("profileSchema", () => {
  it("accepts a complete profile and stores phone digits, trimmed text and a normalised Pix key", () => {
    const s = parseForm(
      form({
        ...validProfile,
        fullName: "  Ana Souza ",
        address: " Rua A, 10 ",
        city: "São Paulo",
        specialty: "Cabeleireira",
        pixKey: "(11) 98765-4321",
        pixCity: "SAO PAULO",
        pixName: "Ana Souza",
      }),
      { schema: profileSchema },
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toEqual({
      fullName: "Ana Souza",
      phone: "11987654321",
      businessName: "Studio Ana",
      address: "Rua A, 10",
      city: "São Paulo",
      specialty: "Cabeleireira",
      bookingSlug: "studio-ana",
      pixKey: "+5511987654321",
      pixCity: "SAO PAULO",
      pixName: "Ana Souza",
    });
  });

  it("leaves optional fields empty", () => {
    const s = parseForm(form(validProfile), { schema: profileSchema });
    expect(s.status === "success" && s.value).toMatchObject({ address: "", city: "", specialty: "", pixKey: "", pixCity: "", pixName: "" });
  });

  it("gives the spec's name message for both names", () => {
    expect(profileErrors({ fullName: "A" }).fullName).toEqual([NAME_MIN]);
    expect(profileErrors({ fullName: "" }).fullName).toEqual([NAME_MIN]);
    expect(profileErrors({ businessName: " B " }).businessName).toEqual([NAME_MIN]);
    expect(NAME_MIN).toBe("Nome deve ter pelo menos 2 caracteres");
  });

  it("requires a phone with at least 10 digits", () => {
    expect(profileErrors({ phone: "(11) 9876" }).phone).toEqual([PHONE_MIN]);
    expect(profileErrors({ phone: "" }).phone).toEqual([PHONE_MIN]);
    expect(profileErrors({ phone: "1134567890" }).phone).toBeUndefined();
    expect(profileErrors({ phone: "(00) 00000-0000" }).phone).toEqual([PHONE_FORMAT]);
  });

  it("slugifies the booking link and checks its length", () => {
    const s = parseForm(form({ ...validProfile, bookingSlug: "  Studio da Ána! " }), { schema: profileSchema });
    expect(s.status === "success" && s.value.bookingSlug).toBe("studio-da-ana");
    expect(profileErrors({ bookingSlug: "ab" }).bookingSlug).toEqual([SLUG_MIN]);
    expect(profileErrors({ bookingSlug: "!!!" }).bookingSlug).toEqual([SLUG_MIN]);
    expect(profileErrors({ bookingSlug: "a".repeat(61) }).bookingSlug).toEqual([SLUG_MAX]);
  });

  it("refuses a slug shaped like a professional's id", () => {
    expect(profileErrors({ bookingSlug: "0b7c8c2e-1f3a-4c55-9d1e-2a3b4c5d6e7f" }).bookingSlug).toEqual([SLUG_RESERVED]);
  });

  it("refuses an invalid Pix key with 'Chave Pix inválida'", () => {
    expect(profileErrors({ pixKey: "123" }).pixKey).toEqual([PIX_INVALID]);
    expect(profileErrors({ pixKey: "111.444.777-35" }).pixKey).toBeUndefined();
    expect(PIX_INVALID).toBe("Chave Pix inválida");
  });

  it("limits the Pix city to 15 and the Pix name to 25 characters", () => {
    expect(profileErrors({ pixCity: "x".repeat(16) }).pixCity).toBeTruthy();
    expect(profileErrors({ pixName: "x".repeat(26) }).pixName).toBeTruthy();
    expect(profileErrors({ pixCity: "x".repeat(15), pixName: "x".repeat(25) })).toEqual({});
  });

  it("on the server, a taken or reserved link is an error beside the field", async () => {
    const check: SlugCheck = async (slug) => (slug === "ocupado" ? "taken" : slug === "agenda" ? "reserved" : "ok");
    const parse = (slug: string) =>
      parseForm(form({ ...validProfile, bookingSlug: slug }), { schema: serverProfileSchema(check), async: true });
    const taken = await parse("Ocupado");
    expect(taken.status !== "success" && taken.error?.bookingSlug).toEqual([SLUG_TAKEN]);
    expect(SLUG_TAKEN).toBe("Este link já está em uso. Escolha outro.");
    const reserved = await parse("agenda");
    expect(reserved.status !== "success" && reserved.error?.bookingSlug).toEqual([SLUG_RESERVED]);
    expect((await parse("livre")).status).toBe("success");
  });
});

describe("pageSchema", () => {
  it("accepts the page fields, upper-cases colours and cleans the Instagram handle", () => {
    const s = parseForm(
      form({
        ...validPage,
        pageTitle: " Agende com a Ana ",
        contactPhone: "(11) 3333-4444",
        pageDescription: "Cortes e escova",
        businessAddress: "Rua B, 20",
        welcomeMessage: "Olá!\r\nSeja bem-vinda.\r\n",
        instagramHandle: "@studio.ana_",
        showPrices: "on",
      }),
      { schema: pageSchema },
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toEqual({
      pageTitle: "Agende com a Ana",
      contactPhone: "1133334444",
      pageDescription: "Cortes e escova",
      businessAddress: "Rua B, 20",
      welcomeMessage: "Olá!\nSeja bem-vinda.",
      instagramHandle: "studio.ana_",
      primaryColor: "#3B82F6",
      secondaryColor: "#8B5CF6",
      showPrices: true,
    });
  });

  it("an unchecked price switch means prices hidden", () => {
    const s = parseForm(form(validPage), { schema: pageSchema });
    expect(s.status === "success" && s.value.showPrices).toBe(false);
  });

  it("refuses colours that are not #RRGGBB", () => {
    for (const bad of ["#FFF", "3B82F6", "#GG0000", "azul", "#3B82F6AA"]) {
      expect(pageErrors({ primaryColor: bad }).primaryColor).toEqual([COLOR_INVALID]);
    }
    expect(pageErrors({ secondaryColor: "" }).secondaryColor).toEqual([COLOR_INVALID]);
    expect(COLOR_INVALID).toBe("Cor inválida. Use o formato #RRGGBB.");
  });

  it("validates the Instagram handle", () => {
    expect(pageErrors({ instagramHandle: "meu perfil" }).instagramHandle).toEqual([INSTAGRAM_INVALID]);
    expect(pageErrors({ instagramHandle: "a".repeat(31) }).instagramHandle).toEqual([INSTAGRAM_INVALID]);
    expect(pageErrors({ instagramHandle: "https://www.instagram.com/studio.ana/" })).toEqual({});
    expect(cleanInstagram("instagram.com/abc")).toBe("abc");
  });

  it("an optional contact phone needs 10 digits when given", () => {
    expect(pageErrors({ contactPhone: "(11) 9" }).contactPhone).toEqual([PHONE_MIN]);
    expect(pageErrors({ contactPhone: "" })).toEqual({});
  });

  it("limits the long texts", () => {
    expect(pageErrors({ pageTitle: "x".repeat(81) }).pageTitle).toBeTruthy();
    expect(pageErrors({ pageDescription: "x".repeat(501) }).pageDescription).toBeTruthy();
    expect(pageErrors({ welcomeMessage: "x".repeat(1001) }).welcomeMessage).toBeTruthy();
  });
});
