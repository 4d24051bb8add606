import { describe, expect, it } from "vitest";
import { checkContact, previewContacts } from "../../../validation/client-import";
import { parseBirthday, pickPhone } from "./contacts";
import { contactFromRow, guessMapping } from "./csv";
import { readCsvRows } from "./csv-rows";
import { decodeText } from "./decode";
import { readContactFile } from "./import.server";
import { parseVcards } from "./vcard";
import { ANDROID_VCF, COMPANY_VCF, GOOGLE_CSV, GOOGLE_FULL_CSV, IPHONE_VCF, OUTLOOK_CSV, OUTLOOK_FULL_CSV, V4_VCF } from "./samples.test-data";

const TODAY = "2026-11-26";
const parseCsvRows = (text: string) => {
  const read = readCsvRows(text, Infinity);
  if ("refused" in read) throw new Error(read.refused);
  return read.rows;
};
const csvContacts = (text: string) => {
  const [headers, ...rows] = parseCsvRows(text);
  const mapping = guessMapping(headers!);
  return rows.map((row) => contactFromRow(row, mapping, headers!));
};
const preview = (contacts: Parameters<typeof previewContacts>[0], existing: string[] = []) => previewContacts(contacts, TODAY, new Set(existing));

describe("vCard", () => {
  it("reads Android's 2.1: quoted-printable across soft breaks, the mobile kept, the note's formula cleaned", () => {
    const [maria, noName] = parseVcards(ANDROID_VCF).map((contact) => checkContact(contact!, TODAY));
    expect(maria).toEqual({
      ok: true,
      client: { name: "Maria Conceição da Silva Araújo", phone: "11987654321", email: "", birthDate: "1990-05-17", address: "", notes: "SUM(A1)\nAlérgica a amônia", birthdayWithoutYear: false },
    });
    expect(noName).toEqual({ ok: false, name: "11 91111-2222", reason: "sem nome" });
  });

  it("reads iPhone's 3.0: grouped and typed phones, folded note, year-less birthday, an invalid phone refused", () => {
    const result = preview(parseVcards(IPHONE_VCF));
    expect(result.create).toEqual([
      { name: "Ana Souza", phone: "21998765432", email: "ana@example.com", birthDate: "", address: "", notes: "Prefere horário de manhã, sem pressa", birthdayWithoutYear: true },
    ]);
    expect(result.withoutYear).toBe(1);
    expect(result.refused).toEqual([{ name: "Telefone Errado", reason: "telefone inválido" }]);
  });

  it("reads no card of more than 500 lines: it is not a contact", () => {
    const card = (lines: number) => `BEGIN:VCARD\r\nFN:Ana\r\n${"TEL:11987654321\r\n".repeat(lines)}END:VCARD\r\n`;
    expect(parseVcards(card(499) + card(500)).map((c) => c?.phones.length ?? null)).toEqual([499, null]);
  });

  it("reads a card that is only a company by the company's name, with its address", () => {
    expect(preview(parseVcards(COMPANY_VCF)).create).toEqual([
      expect.objectContaining({ name: "Salão Bela", phone: "2125551234", address: "Apto 12, Rua do Catete, 90, Rio de Janeiro, RJ, 22220-000, Brasil" }),
    ]);
  });

  it("reads a 4.0 card's tel URI and basic birthday", () => {
    expect(preview(parseVcards(V4_VCF)).create[0]).toMatchObject({ name: "Bia Lima", phone: "31998760000", birthDate: "1985-12-31" });
  });
});

describe("CSV", () => {
  it("matches Google's English columns and keeps the mobile of a cell with two numbers", () => {
    const result = preview(csvContacts(GOOGLE_CSV));
    expect(result.create.map((c) => [c.name, c.phone, c.email, c.birthDate, c.notes])).toEqual([
      ["Carla Mendes", "41988887777", "carla@example.com", "1988-11-02", "Cliente desde 2019, indica amigas"],
      ["Diego", "48999990000", "", "", ""],
    ]);
    expect(result.refused).toEqual([{ name: "(48) 99999-1111", reason: "sem nome" }]);
  });

  it("matches Outlook's Portuguese columns with ';' and dd/MM/yyyy, and a landline when there is no mobile", () => {
    const result = preview(csvContacts(OUTLOOK_CSV));
    expect(result.create.map((c) => [c.name, c.phone, c.birthDate, c.notes, c.email])).toEqual([
      ["Eduarda Reis", "51997776666", "1995-12-25", "cmd", "eduarda@example.com"],
      ["Fábio Nunes", "5133332222", "", "", ""],
    ]);
  });

  it("reads Google's whole export: the middle name, a company alone, the address, a foreign number", () => {
    const result = preview(csvContacts(GOOGLE_FULL_CSV));
    expect(result.create.map((c) => [c.name, c.phone, c.address])).toEqual([
      ["Ana Paula Souza", "11988881234", "Rua das Flores, 123, Apto 4, São Paulo - SP, 01234-000"],
      ["Studio Bela Pele", "1133334444", ""],
      ["Joana Martins", "+351912345678", ""],
    ]);
    expect(result.refused).toEqual([{ name: "Studio Bela Pele", reason: "sem telefone" }]);
  });

  it("reads Outlook's Portuguese name, company and address columns", () => {
    const result = preview(csvContacts(OUTLOOK_FULL_CSV));
    expect(result.create.map((c) => [c.name, c.phone, c.address, c.email])).toEqual([
      ["Maria José da Conceição", "81998765432", "Av. Brasil, 500", ""],
      ["Barbearia do Zé", "8132221100", "", "ze@example.com"],
    ]);
  });

  it("reads quoted cells with separators, doubled quotes and line breaks", () => {
    expect(parseCsvRows('Nome;Obs\r\n"Ana; Bia";"diz ""oi""\nna porta"\r\n\r\n')).toEqual([
      ["Nome", "Obs"],
      ["Ana; Bia", 'diz "oi"\nna porta'],
    ]);
  });
});

describe("the contacts", () => {
  it("counts a phone already a client's, and a repeated phone once", () => {
    const ana = { name: "Ana", phones: [{ value: "11987654321", mobile: true }], email: "", birthday: "", notes: "" };
    const result = preview([ana, { ...ana, name: "Ana de novo" }, { ...ana, name: "Bia", phones: [{ value: "+55 (11) 91234-5678", mobile: false }] }], ["11912345678"]);
    expect([result.create.map((c) => c.name), result.existing, result.repeated]).toEqual([["Ana"], ["Bia"], 1]);
  });

  it("picks the mobile of several numbers, by the file's word or by its shape", () => {
    expect(pickPhone([{ value: "1133334444", mobile: false }, { value: "11 98888-7777", mobile: false }])).toEqual({ phone: "11988887777" });
    expect(pickPhone([{ value: "abc 12", mobile: true }])).toEqual({ phone: null, invalid: true });
    expect(pickPhone([])).toEqual({ phone: null, invalid: false });
  });

  it("reads birthdays as files write them", () => {
    expect(["1990-05-17", "19900517", "1990-05-17T00:00:00Z", "17/05/1990", "05/17/1990", "--05-17", "1604-05-17", "31/02/1990", "0/0/00"].map(parseBirthday)).toEqual([
      { date: "1990-05-17" }, { date: "1990-05-17" }, { date: "1990-05-17" }, { date: "1990-05-17" }, { date: "1990-05-17" },
      { withoutYear: true }, { withoutYear: true }, null, null,
    ]);
  });

  it("cleans control characters and formula leads from names", () => {
    const result = checkContact({ name: "=\u0007HYPERLINK(\u0000\"x\")", phones: [{ value: "11987654321", mobile: true }], email: "não é e-mail", birthday: "", notes: "" }, TODAY);
    expect(result).toMatchObject({ ok: true, client: { name: 'HYPERLINK("x")', email: "" } });
  });
});

describe("the file", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("is refused when empty, binary, unknown or over 10,000 contacts", () => {
    expect(readContactFile(new Uint8Array(), "a.vcf")).toEqual({ error: "O arquivo está vazio." });
    expect(readContactFile(new Uint8Array([0x50, 0x4b, 3, 4]), "a.xlsx")).toMatchObject({ error: expect.stringContaining("Excel") });
    expect(readContactFile(bytes("olá"), "foto.jpg")).toMatchObject({ error: expect.stringContaining("Não reconhecemos") });
    const many = "Nome,Telefone\r\n" + "Ana,11987654321\r\n".repeat(10_001);
    expect(readContactFile(bytes(many), "a.csv")).toMatchObject({ error: expect.stringContaining("10.000") });
  });

  it("is read as Windows-1252 when it is not UTF-8, and as UTF-16 with its BOM", () => {
    expect(decodeText(new Uint8Array([0x46, 0xe1, 0x62, 0x69, 0x6f, 0x80]))).toBe("Fábio€");
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x41, 0, 0xe7, 0]))).toBe("Aç");
  });
});
