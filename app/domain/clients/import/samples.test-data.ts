// TEST ONLY. Contacts files in the shapes phones and apps export them, made here (never
// downloaded): Android's vCard 2.1, iPhone's 3.0, a 4.0 card, Google's and Outlook's CSV.

const crlf = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

/** Android (Contatos > Exportar): 2.1, quoted-printable names with soft line breaks, bare TYPEs. */
export const ANDROID_VCF = crlf([
  "BEGIN:VCARD",
  "VERSION:2.1",
  "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Concei=C3=A7=C3=A3o;Maria;;;",
  "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Maria Concei=C3=A7=C3=A3o da Silva Ara=C3=BA=",
  "jo",
  "TEL;HOME:(11) 3333-4444",
  "TEL;CELL;PREF:+55 11 98765-4321",
  "BDAY:1990-05-17",
  "NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=3DSUM(A1)=0D=0AAl=C3=A9rgica a am=C3=B4nia",
  "PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD",
  " AAAAAAAAAAAAAAAA",
  "",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:2.1",
  "N:;;;;",
  "TEL;CELL:11 91111-2222",
  "END:VCARD",
]);

/** iPhone (Contatos > Exportar vCard): 3.0, grouped TEL, folded NOTE, year-less birthday. */
export const IPHONE_VCF = crlf([
  "BEGIN:VCARD",
  "VERSION:3.0",
  "PRODID:-//Apple Inc.//iPhone OS 18.0//EN",
  "N:Souza;Ana;;;",
  "FN:Ana Souza",
  "item1.TEL;type=pref:(21) 2555-1234",
  "item1.X-ABLabel:Casa",
  "TEL;type=CELL;type=VOICE:(21) 99876-5432",
  "EMAIL;type=INTERNET;type=HOME;type=pref:ANA@Example.com",
  "BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-09",
  "NOTE:Prefere hor\u00e1rio de manh\u00e3\\, sem",
  "  pressa",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Telefone Errado",
  "TEL;type=CELL:12345",
  "END:VCARD",
]);

/** A 4.0 card: tel URIs and a basic-format birthday. */
export const V4_VCF = ["BEGIN:VCARD", "VERSION:4.0", "FN:Bia Lima", 'TEL;VALUE=uri;TYPE="cell,voice":tel:+55-31-99876-0000', "BDAY:19851231", "END:VCARD", ""].join("\n");

/** Google Contacts (Exportar > CSV do Google), English headers, two phones in one cell. */
export const GOOGLE_CSV = [
  "First Name,Middle Name,Last Name,Nickname,Birthday,Notes,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value",
  'Carla,,Mendes,,1988-11-02,"Cliente desde 2019, indica amigas",* Home,carla@example.com,Home ::: Mobile,(41) 3222-1111 ::: (41) 98888-7777,,',
  "Diego,,,,--07-04,,,,Mobile,+55 48 99999-0000,Work,(48) 3025-0000",
  ",,,,,,,,Mobile,(48) 99999-1111,,",
].join("\r\n");

/** Outlook (Exportar para um arquivo > CSV), Portuguese headers, ';' and dd/MM/yyyy as Excel pt-BR saves it. */
export const OUTLOOK_CSV = [
  "Nome;Sobrenome;Celular;Telefone residencial;Aniversário;Anotações;Endereço de e-mail",
  "Eduarda;Reis;(51) 99777-6666;;25/12/1995;@cmd;eduarda@example.com",
  "Fábio;Nunes;;(51) 3333-2222;0/0/00;;",
].join("\r\n");

/**
 * Google Contacts' current export (Exportar > CSV do Google), with the columns it writes: a
 * middle name, a contact that is only a company, a multi-line address, a Portuguese number.
 */
export const GOOGLE_FULL_CSV = [
  "First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address",
  'Ana,Paula,Souza,,,,,,,,,,,1990-03-09,,,* myContacts,,,Mobile,+55 11 98888-1234,Home,"Rua das Flores, 123\nApto 4\nSão Paulo - SP\n01234-000",Rua das Flores 123,São Paulo,,SP,01234-000,,Apto 4',
  ",,,,,,,,,,Studio Bela Pele,,,,,,* myContacts,,,Work,(11) 3333-4444,,,,,,,,,",
  ",,,,,,,,,,Studio Bela Pele,,,,,,* myContacts,,,,,,,,,,,,,",
  "Joana,,Martins,,,,,,,,Clínica Lisboa,,,,,,* myContacts,* Home,joana@example.pt,Mobile,+351 912 345 678,,,,,,,,,",
].join("\r\n");

/** Outlook in Portuguese with its name, company and home address columns. */
export const OUTLOOK_FULL_CSV = [
  "Nome;Nome do meio;Sobrenome;Empresa;Rua residencial;Cidade residencial;Celular;Endereço de e-mail",
  "Maria;José;da Conceição;;Av. Brasil, 500;Recife;(81) 99876-5432;",
  ";;;Barbearia do Zé;;;(81) 3222-1100;ze@example.com",
].join("\r\n");

/** Cards with only a company (iPhone's 'Empresa' contact) and with an address. */
export const COMPANY_VCF = crlf([
  "BEGIN:VCARD",
  "VERSION:3.0",
  "N:;;;;",
  "FN:",
  "ORG:Salão Bela;Unhas",
  "X-ABShowAs:COMPANY",
  "TEL;type=WORK:(21) 2555-1234",
  "item1.ADR;type=HOME:;Apto 12;Rua do Catete\\, 90;Rio de Janeiro;RJ;22220-000;Brasil",
  "END:VCARD",
]);
