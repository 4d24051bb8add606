// What the customer's page of a waiting-list place says will happen when a time opens: by the
// channels that will really carry the offer (docs/decisions/1022), never an e-mail the bounds on
// unrequested messages held back.

export type NoticeChannels = {
  professional: string;
  /** The e-mail given ('' when none). */
  email: string;
  /** Its confirmation was held back by the bounds: nothing follows it there. */
  emailWithheld: boolean;
  /** The WhatsApp Cloud API sends the offers; else the professional sends them with one tap. */
  automaticWhatsapp: boolean;
};

const CONFIRM = "com um link para confirmar";

/** `held`: the e-mail held back, said first (null when none was); `text`: how the offer will come. */
export function waitingNotice(c: NoticeChannels): { held: string | null; text: string } {
  const byEmail = !!c.email && !c.emailWithheld;
  const whatsapp = c.automaticWhatsapp ? `avisamos você pelo WhatsApp, ${CONFIRM}` : `${c.professional} avisa você pelo WhatsApp, ${CONFIRM}`;
  const how = byEmail
    ? c.automaticWhatsapp
      ? `avisamos você por e-mail (${c.email}) e pelo WhatsApp, ${CONFIRM}`
      : `avisamos você por e-mail (${c.email}), ${CONFIRM}; ${c.professional} também pode avisar pelo WhatsApp`
    : whatsapp;
  return {
    held: c.email && c.emailWithheld ? `Por segurança, não vamos enviar e-mails para ${c.email}: recebemos muitos pedidos para este endereço ou desta rede.` : null,
    text: `Se abrir um horário, ${how}. Quem confirmar primeiro fica com ele; se não der, você continua na lista até o fim do dia.`,
  };
}
