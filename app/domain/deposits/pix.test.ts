import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import {
  crc16,
  hasValidPixCrc,
  normalizePixKey,
  pixPayload,
  pixQrSvg,
  pixText,
  depositPix,
  isPixEncodable,
  PIX_NOT_ENCODABLE,
  pixTxid,
} from "./pix";

/** Splits a BR Code into its top-level [id, value] fields (TLV: 2-digit id, 2-digit length). */
function fields(code: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < code.length; ) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    out.push([id, code.slice(i + 4, i + 4 + len)]);
    i += 4 + len;
  }
  return out;
}

describe("crc16 (CRC-16/CCITT-FALSE)", () => {
  it("gives the standard check value 0x29B1 for '123456789'", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("pads to 4 uppercase hex digits", () => {
    expect(crc16("")).toBe("FFFF");
    expect(crc16("A")).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe("pixPayload reproduces published BR Codes byte for byte", () => {
  it("Banco Central example: random key, no amount", () => {
    // Example of the Banco Central "Manual de Padrões para Iniciação do Pix" (Anexo I,
    // static QR with EVP key 123e4567-e12b-12d1-a456-426655440000, published CRC 1D3D).
    // Its CRC was also checked independently with Python's binascii.crc_hqx(data, 0xFFFF).
    const expected =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    const code = pixPayload({
      key: "123e4567-e12b-12d1-a456-426655440000",
      name: "Fulano de Tal",
      city: "BRASILIA",
      amountCents: 0,
    });
    expect(code).toBe(expected);
  });

  it("pix-me (deno.land/x/pix@v2.0.6 README): CPF key", () => {
    // https://deno.land/x/pix@v2.0.6 — pix({ key: "26385709906", city: "Cidade", name: "FULANO DE TAL" })
    const expected =
      "00020126330014br.gov.bcb.pix0111263857099065204000053039865802BR5913FULANO DE TAL6006Cidade62070503***6304151C";
    expect(pixPayload({ key: "26385709906", name: "FULANO DE TAL", city: "Cidade", amountCents: 0 })).toBe(
      expected,
    );
    // The same CPF written with its mask gives the same code.
    expect(pixPayload({ key: "263.857.099-06", name: "FULANO DE TAL", city: "Cidade", amountCents: 0 })).toBe(
      expected,
    );
  });

  it("thalesog/pix-utils fixture STATIC_TEST_EMV: e-mail key, description, R$ 10,00, accented city", () => {
    // github.com/thalesog/pix-utils tests/emvCodes.ts (STATIC_TEST_EMV), built in
    // tests/creator.test.ts from merchantCity 'SÃO MIGUÉL DO O', transactionAmount 10.
    const expected =
      "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***63044367";
    const code = pixPayload({
      key: "thalesog@me.com",
      name: "Thales Ogliari",
      city: "SÃO MIGUÉL DO O",
      amountCents: 1000,
      description: "Pedido 123",
    });
    expect(code).toBe(expected);
  });

  it("thalesog/pix-utils fixture STATIC_TEST_NO_VALUE_ELEMENT_EMV: amount field left out", () => {
    // github.com/thalesog/pix-utils tests/emvCodes.ts (STATIC_TEST_NO_VALUE_ELEMENT_EMV).
    const expected =
      "00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1235204000053039865802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***63042C6B";
    const code = pixPayload({
      key: "thalesog@me.com",
      name: "Thales Ogliari",
      city: "SÃO MIGUÉL DO O",
      amountCents: 0,
      description: "Pedido 123",
    });
    expect(code).toBe(expected);
  });
});

describe("pixPayload fields", () => {
  const base = {
    key: "+55 (11) 98888-7777",
    name: "Estúdio Beleza & Cia da Conceição Ltda",
    city: "São José dos Campos",
    amountCents: 5050,
    txid: "AGD-2026-0001",
  };

  it("lays the fields out in order with the spec's values", () => {
    const code = pixPayload(base);
    const f = fields(code);
    expect(f.map(([id]) => id)).toEqual(["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
    const get = (id: string) => f.find(([i]) => i === id)?.[1];
    expect(get("00")).toBe("01");
    expect(get("26")).toBe("0014br.gov.bcb.pix0114+5511988887777");
    expect(get("52")).toBe("0000");
    expect(get("53")).toBe("986");
    expect(get("54")).toBe("50.50");
    expect(get("58")).toBe("BR");
    expect(get("59")).toBe("Estudio Beleza & Cia da C"); // 25 characters, no accents
    expect(get("60")).toBe("Sao Jose dos Ca"); // 15 characters
    expect(get("62")).toBe("0511AGD20260001"); // txid: letters and digits only
    expect(hasValidPixCrc(code)).toBe(true);
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
  });

  it("formats amounts with two decimals and leaves 0 out", () => {
    const amount = (amountCents: number) =>
      fields(pixPayload({ ...base, amountCents })).find(([id]) => id === "54")?.[1];
    expect(amount(1)).toBe("0.01");
    expect(amount(100)).toBe("1.00");
    expect(amount(123456)).toBe("1234.56");
    expect(amount(0)).toBeUndefined();
  });

  it("defaults the txid to ***", () => {
    const { txid: _unused, ...noTxid } = base;
    expect(pixPayload(noTxid)).toContain("62070503***6304");
    expect(pixPayload({ ...base, txid: "" })).toContain("62070503***6304");
    expect(pixPayload({ ...base, txid: "---" })).toContain("62070503***6304");
  });

  it("throws on an invalid key, empty name or city, or a bad amount", () => {
    expect(() => pixPayload({ ...base, key: "não é chave" })).toThrow();
    expect(() => pixPayload({ ...base, name: "  " })).toThrow();
    expect(() => pixPayload({ ...base, city: "" })).toThrow();
    expect(() => pixPayload({ ...base, amountCents: -1 })).toThrow();
    expect(() => pixPayload({ ...base, amountCents: 10.5 })).toThrow();
  });

  it("keeps field 26 within 99 characters by cutting the description", () => {
    const code = pixPayload({ ...base, description: "x".repeat(200) });
    const account = fields(code).find(([id]) => id === "26")?.[1] ?? "";
    expect(account.length).toBe(99);
    expect(hasValidPixCrc(code)).toBe(true);
  });
});

describe("hasValidPixCrc", () => {
  it("detects a changed character", () => {
    const code = pixPayload({ key: "11222333000181", name: "Ana", city: "Recife", amountCents: 2000 });
    expect(hasValidPixCrc(code)).toBe(true);
    expect(hasValidPixCrc(code.replace("20.00", "90.00"))).toBe(false);
  });
});

describe("pixText and pixTxid", () => {
  it("removes accents and non-ASCII, collapses spaces, cuts", () => {
    expect(pixText("  Conceição   Ávila  ", 25)).toBe("Conceicao Avila");
    expect(pixText("Salão 💇 da Zoë", 25)).toBe("Salao da Zoe");
    expect(pixText("Florianópolis", 15)).toBe("Florianopolis");
    expect(pixText("Ana Maria da Silva Souza Santos", 25)).toBe("Ana Maria da Silva Souza");
  });

  it("makes dashes and other separators spaces, so words stay apart", () => {
    expect(pixText("Cia—Beleza", 25)).toBe("Cia Beleza");
    expect(pixText("Cia–Beleza", 25)).toBe("Cia Beleza");
    expect(pixText("Cia-Beleza", 25)).toBe("Cia-Beleza");
    expect(pixText("Studio\u00a0Bela", 25)).toBe("Studio Bela");
  });

  it("knows when nothing writable is left, and then gives a reason instead of throwing", () => {
    for (const text of ["🌸🌸", "Иван", "佐藤", "—"]) expect(isPixEncodable(text), text).toBe(false);
    expect(isPixEncodable("Zoë")).toBe(true);
    const result = depositPix({ key: "pix@example.com", name: "🌸🌸", city: "BRASIL", amountCents: 1500 });
    expect(result).toEqual({ unavailable: PIX_NOT_ENCODABLE });
    const ok = depositPix({ key: "pix@example.com", name: "Cia—Beleza", city: "Niterói", amountCents: 1500 });
    expect("payload" in ok && ok.payload).toContain("5910Cia Beleza");
  });

  it("keeps letters and digits of a txid, at most 25", () => {
    expect(pixTxid("ab-12_CD")).toBe("ab12CD");
    expect(pixTxid("a".repeat(40))).toBe("a".repeat(25));
    expect(pixTxid(undefined)).toBe("***");
  });
});

describe("normalizePixKey", () => {
  it("accepts CPF and CNPJ with valid check digits, with or without mask", () => {
    expect(normalizePixKey("26385709906")).toBe("26385709906");
    expect(normalizePixKey("263.857.099-06")).toBe("26385709906");
    expect(normalizePixKey("11.222.333/0001-81")).toBe("11222333000181");
    expect(normalizePixKey("11222333000181")).toBe("11222333000181");
  });

  it("refuses CPF and CNPJ with wrong check digits or repeated digits", () => {
    expect(normalizePixKey("26385709907")).toBeNull();
    expect(normalizePixKey("11111111111")).toBeNull();
    expect(normalizePixKey("11222333000182")).toBeNull();
    expect(normalizePixKey("00000000000000")).toBeNull();
    expect(normalizePixKey("1234567890")).toBeNull();
  });

  it("accepts e-mails, lower-cased", () => {
    expect(normalizePixKey(" Ana.Souza@Exemplo.com.br ")).toBe("ana.souza@exemplo.com.br");
    expect(normalizePixKey("ana@exemplo")).toBeNull();
    expect(normalizePixKey("ana@@exemplo.com")).toBeNull();
    expect(normalizePixKey(`${"a".repeat(70)}@ex.com`)).not.toBeNull(); // 77 characters
    expect(normalizePixKey(`${"a".repeat(71)}@ex.com`)).toBeNull(); // 78
  });

  it("accepts Brazilian phones written as phones, as +55DDNNNNNNNNN", () => {
    expect(normalizePixKey("+5511988887777")).toBe("+5511988887777");
    expect(normalizePixKey("+55 (11) 98888-7777")).toBe("+5511988887777");
    expect(normalizePixKey("(11) 98888-7777")).toBe("+5511988887777");
    expect(normalizePixKey("11 3333-4444")).toBe("+551133334444");
    expect(normalizePixKey("+1 202 555 0100")).toBeNull(); // not +55
    expect(normalizePixKey("+55 (11) 8888-77")).toBeNull(); // too short
    expect(normalizePixKey("+55 (11) 88887-7777")).toBeNull(); // 9 digits must start with 9
    expect(normalizePixKey("+55 (01) 98888-7777")).toBeNull(); // no DDD 01
  });

  it("reads bare 11 digits as a CPF only", () => {
    expect(normalizePixKey("11988887777")).toBeNull();
  });

  it("accepts random keys (EVP), lower-cased", () => {
    expect(normalizePixKey("123E4567-E12B-12D1-A456-426655440000")).toBe("123e4567-e12b-12d1-a456-426655440000");
    expect(normalizePixKey("123e4567e12b12d1a456426655440000")).toBeNull();
    expect(normalizePixKey("123e4567-e12b-12d1-a456-42665544000g")).toBeNull();
  });

  it("refuses blanks and anything else", () => {
    expect(normalizePixKey("")).toBeNull();
    expect(normalizePixKey("   ")).toBeNull();
    expect(normalizePixKey("chave qualquer")).toBeNull();
  });
});

describe("pixQrSvg", () => {
  it("returns an inline <svg> with a viewBox", () => {
    const code = pixPayload({ key: "ana@exemplo.com", name: "Ana", city: "Recife", amountCents: 3000 });
    const svg = pixQrSvg(code);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toMatch(/viewBox="0 0 (\d+) \1"/);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    expect(svg).not.toContain("<script");
  });

  it("draws the QR of the payload (size = modules + quiet zone, 4 px each)", () => {
    const code = pixPayload({ key: "ana@exemplo.com", name: "Ana", city: "Recife", amountCents: 3000 });
    const { size } = encode(code, { ecc: "M", border: 4 });
    expect(pixQrSvg(code)).toContain(`viewBox="0 0 ${size * 4} ${size * 4}"`);
  });
});
