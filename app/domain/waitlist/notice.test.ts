import { describe, expect, it } from "vitest";
import { waitingNotice } from "./notice";

const base = { professional: "Studio Flor", email: "", emailWithheld: false, automaticWhatsapp: false };

describe("what a waiting customer's page promises", () => {
  it("names the channels that will carry the offer", () => {
    expect(waitingNotice({ ...base, email: "bia@example.com", automaticWhatsapp: true }).text).toMatch(/^Se abrir um horário, avisamos você por e-mail \(bia@example\.com\) e pelo WhatsApp, com um link/);
    expect(waitingNotice({ ...base, email: "bia@example.com" }).text).toMatch(/por e-mail \(bia@example\.com\), com um link para confirmar; Studio Flor também pode avisar pelo WhatsApp\./);
    expect(waitingNotice(base)).toEqual({ held: null, text: expect.stringMatching(/^Se abrir um horário, Studio Flor avisa você pelo WhatsApp, com um link para confirmar\. Quem confirmar/) });
  });

  it("an e-mail held back is said, and no e-mail is promised", () => {
    const { held, text } = waitingNotice({ ...base, email: "alvo@example.org", emailWithheld: true, automaticWhatsapp: true });
    expect(held).toMatch(/^Por segurança, não vamos enviar e-mails para alvo@example\.org: /);
    expect(text).toMatch(/^Se abrir um horário, avisamos você pelo WhatsApp, com um link/);
    expect(text).not.toMatch(/por e-mail/);
  });
});
