import { parseForm } from "./parse-form";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  EMAIL_REQUIRED,
  loginSchema,
  newPasswordSchema,
  registerSchema,
  resetRequestSchema,
} from "./auth";

// Messages of docs/product/spec.md §5, word for word.
const FILL_ALL = "Por favor, preencha todos os campos.";
const NAME_MIN = "Nome deve ter pelo menos 2 caracteres";
const EMAIL_INVALID = "Email inválido";
const PHONE_MIN = "Telefone deve ter pelo menos 10 dígitos";
const PASSWORD_MIN = "Senha deve ter pelo menos 6 caracteres";
const MISMATCH = "As senhas não coincidem";
const TERMS = "Você deve aceitar os termos de uso para continuar.";

/** A form as the browser posts it (conform parses FormData, the way the routes do). */
function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

function parse<S extends z.ZodType>(schema: S, fields: Record<string, string>) {
  return parseForm(form(fields), { schema });
}

/** Field messages of a failed parse ({} when it succeeded, so a pass never looks like an error). */
function errorsOf<S extends z.ZodType>(schema: S, fields: Record<string, string>) {
  const s = parse(schema, fields);
  return (s.status === "success" ? null : s.error) ?? {};
}

const validRegistration = {
  name: "Maria Silva",
  email: "maria@example.com",
  phone: "(11) 98765-4321",
  password: "senha123",
  confirmPassword: "senha123",
  terms: "on",
};

describe("loginSchema", () => {
  it("requires e-mail and password with the spec's single message", () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: [FILL_ALL], password: [FILL_ALL] });
  });

  it("treats a blank e-mail as missing (trimmed)", () => {
    expect(errorsOf(loginSchema, { email: "   ", password: "x" })).toEqual({ email: [FILL_ALL] });
  });

  it("trims the e-mail and reads the remember checkbox", () => {
    const s = parse(loginSchema, { email: "  ana@example.com ", password: "x", remember: "on" });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.email).toBe("ana@example.com");
    expect(s.value.remember).toBe(true);
  });

  it("leaves remember unset when the box is not ticked", () => {
    const s = parse(loginSchema, { email: "ana@example.com", password: "x" });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.remember).toBeUndefined();
  });
});

describe("resetRequestSchema", () => {
  it("asks for the e-mail before a reset", () => {
    expect(EMAIL_REQUIRED).toBe("Digite seu e-mail antes de solicitar redefinição de senha.");
    expect(errorsOf(resetRequestSchema, {})).toEqual({ email: [EMAIL_REQUIRED] });
    expect(errorsOf(resetRequestSchema, { email: "  " })).toEqual({ email: [EMAIL_REQUIRED] });
  });

  it("accepts an e-mail", () => {
    const s = parse(resetRequestSchema, { email: " ana@example.com " });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value.email).toBe("ana@example.com");
  });
});

describe("registerSchema", () => {
  it("reports every field of an empty form with the spec's messages", () => {
    expect(errorsOf(registerSchema, {})).toEqual({
      name: [NAME_MIN],
      email: [EMAIL_INVALID],
      phone: [PHONE_MIN],
      password: [PASSWORD_MIN],
      confirmPassword: [MISMATCH],
      terms: [TERMS],
    });
  });

  it("accepts a valid registration and normalises it", () => {
    const s = parse(registerSchema, { ...validRegistration, name: "  Maria Silva ", email: " Maria@Example.COM " });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toEqual({
      name: "Maria Silva",
      email: "maria@example.com",
      phone: "11987654321",
      password: "senha123",
      confirmPassword: "senha123",
      terms: true,
    });
  });

  it("normalises a masked phone to digits", () => {
    const s = parse(registerSchema, { ...validRegistration, phone: "(11) 98765-4321" });
    expect(s.status === "success" && s.value.phone).toBe("11987654321");
    const landline = parse(registerSchema, { ...validRegistration, phone: "(11) 3456-7890" });
    expect(landline.status === "success" && landline.value.phone).toBe("1134567890");
  });

  it.each([
    ["name", "A", NAME_MIN],
    ["name", "  A  ", NAME_MIN],
    ["email", "maria", EMAIL_INVALID],
    ["email", "maria@", EMAIL_INVALID],
    ["email", `${"a".repeat(250)}@example.com`, EMAIL_INVALID],
    ["phone", "(11) 9876-543", PHONE_MIN],
    ["phone", "abcdefghijkl", PHONE_MIN], // no digits at all: still the Portuguese message
    ["phone", "() -", PHONE_MIN],
  ])("rejects %s=%j with its message", (field, value, message) => {
    expect(errorsOf(registerSchema, { ...validRegistration, [field]: value })).toEqual({ [field]: [message] });
  });

  it("rejects a short password", () => {
    expect(errorsOf(registerSchema, { ...validRegistration, password: "12345", confirmPassword: "12345" })).toEqual({ password: [PASSWORD_MIN] });
  });

  it("accepts a password of exactly 6 characters", () => {
    const s = parse(registerSchema, { ...validRegistration, password: "123456", confirmPassword: "123456" });
    expect(s.status).toBe("success");
  });

  it("puts a password mismatch on confirmPassword", () => {
    expect(errorsOf(registerSchema, { ...validRegistration, confirmPassword: "senha124" })).toEqual({ confirmPassword: [MISMATCH] });
  });

  it("shows a password mismatch even while another field is still wrong", () => {
    // Live validation checks the whole form; the terms box is still unticked when the
    // visitor leaves 'Confirmar senha', so the mismatch must not wait for it.
    const { terms: _terms, ...withoutTerms } = validRegistration;
    expect(errorsOf(registerSchema, { ...withoutTerms, confirmPassword: "senha124" })).toEqual({ confirmPassword: [MISMATCH], terms: [TERMS] });
  });

  it("requires the terms to be accepted", () => {
    const { terms: _terms, ...withoutTerms } = validRegistration;
    expect(errorsOf(registerSchema, withoutTerms)).toEqual({ terms: [TERMS] });
  });
});

describe("newPasswordSchema", () => {
  it("requires a password of at least 6 characters and a matching confirmation", () => {
    expect(errorsOf(newPasswordSchema, { token: "t", password: "123", confirmPassword: "123" })).toEqual({
      password: [PASSWORD_MIN],
    });
    expect(errorsOf(newPasswordSchema, { token: "t", password: "123456", confirmPassword: "123457" })).toEqual({
      confirmPassword: [MISMATCH],
    });
    expect(errorsOf(newPasswordSchema, { token: "t", password: "123", confirmPassword: "124" })).toEqual({
      password: [PASSWORD_MIN],
      confirmPassword: [MISMATCH],
    });
    expect(errorsOf(newPasswordSchema, { token: "t" })).toEqual({
      password: [PASSWORD_MIN],
      confirmPassword: [MISMATCH],
    });
  });

  it("requires the token", () => {
    expect(Object.keys(errorsOf(newPasswordSchema, { password: "123456", confirmPassword: "123456" }))).toEqual(["token"]);
  });

  it("accepts a valid new password", () => {
    const s = parse(newPasswordSchema, { token: "abc", password: "nova-senha", confirmPassword: "nova-senha" });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ token: "abc", password: "nova-senha", confirmPassword: "nova-senha" });
  });
});
