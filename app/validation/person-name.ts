// A customer's name goes into e-mails the app sends (to the customer, and the professional's
// notices), so it may never be a link: no site address ('premio.example.com', 'www', 'http') nor
// an e-mail ('@'). Initials stay names ('J.R. Souza': a dot after a single letter). The booking
// form and the client form both apply it (docs/decisions/0701).

export const NAME_LINK = "Nome não pode conter endereço de site ou de e-mail";

/** A dot between a letter and two more (a domain: 'premio.com'), 'www', 'http(s)', or '@'. */
const LINK_LIKE = /\p{L}[.．。]\p{L}{2}|(?:^|[^\p{L}])(?:www|https?)(?![\p{L}])|@/iu;

export function looksLikeLink(name: string): boolean {
  return LINK_LIKE.test(name.normalize("NFKC"));
}
