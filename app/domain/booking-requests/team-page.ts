// The salon's page, shared by the server and the page's markup (no server code here).

/** `?profissional=qualquer`: the request goes to whichever member is free (docs/decisions/0681). */
export const ANY_PROFESSIONAL = "qualquer";
