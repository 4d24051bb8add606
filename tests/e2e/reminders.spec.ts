import { and, eq } from "drizzle-orm";
import { appointments, bookingRequests, clients, emailOutbox, profiles, pushSubscriptions, reminderOptOuts, waitlistEntries } from "../../db/schema";
import { addDays, nowInZone } from "../../app/domain/dates";
import { E2E_PUSH_PORTS, startPushStandIn } from "../support/push-stand-in";
import { bookablePro, e2eDb, expect, sentTo, signIn, test, waitForHydration } from "./fixtures";

// 'Nobody forgets' end to end, JavaScript on, off (the forms, @nojs) and on a phone: the
// customer's e-mail and 'Confirmo presença', the job the server runs by itself, the one-tap
// WhatsApp list and 'Hora de voltar', the 'Notificações' settings with the calendar feed and the
// devices' push notifications (to a stand-in push service), and 'Não quero receber lembretes'.

const today = () => nowInZone("America/Sao_Paulo").date;
const digits = (project: string) => ({ js: "1", "no-js": "2", phone: "3" })[project] ?? "4";

/** A studio open every day 08:00-20:00 with 'Escova' (30 minutes) under 'Cabelo'. */
async function proWithService(name: string, opts: { autoConfirm?: boolean } = {}) {
  const { pro } = await bookablePro({
    name,
    profile: { autoConfirm: opts.autoConfirm ?? false, businessAddress: "Rua das Flores, 10" },
    hours: { start: "08:00", end: "20:00" },
    category: "Cabelo",
    services: [{ name: "Escova", priceCents: 6000, durationMinutes: 30 }],
  });
  return pro;
}

/** The path of the first link after `label` in the newest e-mail of that kind to that address. */
async function linkInMail(to: string, kind: string, label: string) {
  let text = "";
  await expect
    .poll(async () => {
      const [mail] = await e2eDb().select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
      text = mail?.status === "sent" ? mail.text : "";
      return text;
    })
    .not.toBe("");
  const url = new RegExp(`${label}: (\\S+)`).exec(text)?.[1];
  expect(url, `'${label}' link in the e-mail`).toBeTruthy();
  const parsed = new URL(url!);
  return parsed.pathname + parsed.search;
}

test("a customer leaves an e-mail, is confirmed by e-mail, confirms attendance from the link, and can stop reminders @phone @nojs", async ({ page }, info) => {
  const pro = await proWithService(`Studio Lembra ${info.project.name}`, { autoConfirm: true });
  const email = `cliente-${info.project.name}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const date = addDays(today(), 3);
  // A customer of their own: one client address makes the app write to at most 3 new addresses
  // an hour (docs/decisions/0700), and every test's browser otherwise shares one.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${10 + Number(digits(info.project.name))}` });

  await page.goto(`/agendamento/${pro.bookingSlug}`);
  await page.getByText("Escova", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await page.getByText("10:00", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Nome *").fill("Joana Lima");
  await page.getByLabel("Telefone / WhatsApp *").fill(`1198888000${digits(info.project.name)}`);
  await page.getByLabel("E-mail (opcional) — para receber a confirmação e o lembrete").fill(email);
  await page.getByRole("button", { name: "Confirmar Agendamento" }).click();
  await expect(page.getByRole("heading", { name: "Agendamento Confirmado!" })).toBeVisible();

  // The confirmation e-mail names the professional and links the customer's page.
  const statusPath = await linkInMail(email, "request-received", "Acompanhe, remarque ou cancele");
  const [request] = await e2eDb().select().from(bookingRequests).where(eq(bookingRequests.customerEmail, email));
  expect(request?.professionalId).toBe(pro.id);

  // From the reminder's 'Confirmo presença' link: the page asks, the button confirms.
  await page.goto(`${new URL(statusPath, "http://x").pathname}?confirmar=1`);
  await expect(page.getByRole("heading", { name: /Você vem no dia/ })).toBeVisible();
  await page.getByRole("button", { name: "Confirmo presença" }).click();
  await expect(page.getByTestId("attendance-confirmed")).toHaveText("✓ Presença confirmada. Até lá!");
  const [appointment] = await e2eDb().select().from(appointments).where(eq(appointments.bookingRequestId, request!.id));
  expect(appointment?.customerConfirmedAt).toBeTruthy();
  expect(appointment?.status).toBe("confirmed");

  // 'Não quero receber lembretes': asks first, then stops at once.
  const stopPath = await linkInMail(email, "request-received", `Não quero receber lembretes de ${pro.name}`);
  await page.goto(stopPath);
  await expect(page.getByRole("heading", { name: `Lembretes de ${pro.name}` })).toBeVisible();
  expect(await e2eDb().select().from(reminderOptOuts).where(eq(reminderOptOuts.professionalId, pro.id))).toHaveLength(0);
  await page.getByRole("button", { name: "Não quero receber lembretes" }).click();
  await expect(page.getByText(`não recebe mais lembretes de ${pro.name}`)).toBeVisible();
  expect(await e2eDb().select({ contact: reminderOptOuts.contact }).from(reminderOptOuts).where(eq(reminderOptOuts.professionalId, pro.id))).toEqual([
    { contact: email },
  ]);

  // Changed their mind: the same page undoes it.
  await page.getByRole("button", { name: "Voltar a receber lembretes" }).click();
  await expect(page.getByText(`volta a receber os lembretes de ${pro.name}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Não quero receber lembretes" })).toBeVisible();
  expect(await e2eDb().select().from(reminderOptOuts).where(eq(reminderOptOuts.professionalId, pro.id))).toHaveLength(0);
});

// oxlint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a test asks for from its first parameter
test("the server runs the job by itself: a due reminder goes out with 'Confirmo presença' and 'Preciso remarcar'", async ({}, info) => {
  test.skip(info.project.name !== "js", "one server, one job: checked once");
  const pro = await proWithService("Studio Cron");
  const db = e2eDb();
  const start = nowInZone("America/Sao_Paulo", new Date(Date.now() + 5 * 3_600_000));
  const createdAt = new Date(Date.now() - 48 * 3_600_000);
  const email = `lembrete-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const [request] = await db
    .insert(bookingRequests)
    .values({ professionalId: pro.id, customerName: "Rita Melo", customerPhone: "11987650042", customerEmail: email, serviceName: "Escova", date: start.date, startMinute: start.minute, durationMinutes: 30, status: "accepted", createdAt })
    .returning();
  await db.insert(appointments).values({ userId: pro.id, date: start.date, startMinute: start.minute, durationMinutes: 30, serviceName: "Escova", bookingRequestId: request!.id, createdAt });
  await expect.poll(async () => (await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "reminder"))))[0]?.status, { timeout: 30_000 }).toBe("sent");
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  expect(mail!.subject).toMatch(/^Lembrete: Escova (hoje|amanhã) às \d\d:\d\d com Studio Cron$/);
  expect(mail!.text).toMatch(/Confirmo presença: \S+\?confirmar=1/);
  expect(mail!.text).toMatch(/Preciso remarcar: \S+\?remarcar=1/);
});

test("'Lembretes': tomorrow's customers, one tap opens WhatsApp with the message and marks it sent @phone @nojs", async ({ page }, info) => {
  const pro = await proWithService(`Studio Zap ${info.project.name}`);
  const db = e2eDb();
  const [client] = await db.insert(clients).values({ userId: pro.id, name: "Carla Dias", phone: `119876500${digits(info.project.name)}1` }).returning();
  await db.insert(appointments).values({ userId: pro.id, clientId: client!.id, date: addDays(today(), 1), startMinute: 9 * 60 + 30, durationMinutes: 30, serviceName: "Escova" });
  await page.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title><p>WhatsApp</p>" }));
  await signIn(page, pro.id);

  await page.goto("/dashboard");
  await expect(page.getByTestId("reminders-summary")).toHaveText("1 agendamento · 1 cliente a lembrar");
  await page.getByRole("link", { name: "Lembrar no WhatsApp" }).click();
  await expect(page.getByRole("heading", { name: "Lembretes" })).toBeVisible();
  const row = page.getByTestId("reminder-row").filter({ hasText: "Carla Dias" });
  await expect(row).toContainText("09:30 · Carla Dias");
  await expect(row).toContainText("A lembrar");

  const whatsapp = await sentTo(page, /^https:\/\/wa\.me\//, () => row.getByRole("button", { name: "Lembrar no WhatsApp" }).click());
  const text = whatsapp.searchParams.get("text") ?? "";
  expect(whatsapp.pathname).toBe(`/55${client!.phone}`);
  expect(text).toContain(`Olá, Carla! Passando para lembrar do seu horário com Studio Zap ${info.project.name}: Escova, amanhã,`);
  expect(text).toContain("Endereço: Rua das Flores, 10.");

  await page.goto("/lembretes");
  await expect(page.getByTestId("reminder-row").filter({ hasText: "Carla Dias" })).toContainText("Lembrete enviado");
  await expect(page.getByTestId("reminders-day")).toContainText("Lembrete enviado pelo WhatsApp.");
  // Another day: today's list, from the quick links.
  await page.getByRole("navigation", { name: "Escolher o dia" }).getByRole("link", { name: "Hoje" }).click();
  await expect(page.getByTestId("reminders-day")).toContainText(`Hoje, ${today().split("-").reverse().join("/")}: Nenhum agendamento.`);
  await page.goto("/dashboard");
  await expect(page.getByTestId("reminders-summary")).toHaveText("1 agendamento · todos lembrados");
});

test("'Hora de voltar': the regulars due back, one tap opens WhatsApp with the warm message, 'Não chamar' asks first @phone @nojs", async ({ page }, info) => {
  const pro = await proWithService(`Studio Volta ${info.project.name}`);
  const db = e2eDb();
  /** A client with three completed visits, `days` ago. */
  const regular = async (name: string, n: number, days: number[]) => {
    const [client] = await db.insert(clients).values({ userId: pro.id, name, phone: `119765400${digits(info.project.name)}${n}` }).returning();
    await db.insert(appointments).values(days.map((d) => ({ userId: pro.id, clientId: client!.id, date: addDays(today(), -d), startMinute: 10 * 60, durationMinutes: 30, serviceName: "Escova", status: "completed" as const })));
    return client!;
  };
  const carla = await regular("Carla Dias", 1, [82, 61, 40]); // every 21 days, the last 40 days ago
  await regular("Maria Souza", 2, [75, 54, 33]);
  await page.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title><p>WhatsApp</p>" }));
  await signIn(page, pro.id);

  await page.goto("/lembretes");
  const group = page.getByTestId("comeback-group");
  await expect(group.getByRole("heading", { name: "Hora de voltar" })).toBeVisible();
  await expect(group.getByRole("listitem")).toHaveCount(2);
  const carlaRow = group.getByRole("listitem").filter({ hasText: "Carla Dias" });
  await expect(carlaRow).toContainText("Escova · costuma voltar a cada 21 dias · última visita há 40 dias");

  const whatsapp = await sentTo(page, /^https:\/\/wa\.me\//, () => carlaRow.getByRole("button", { name: "Chamar no WhatsApp" }).click());
  expect(whatsapp.pathname).toBe(`/55${carla.phone}`);
  expect(whatsapp.searchParams.get("text")).toMatch(
    new RegExp(`^Oi, Carla! Já faz 5 semanas do seu último atendimento de escova com Studio Volta ${info.project.name}\\. Que tal marcar o próximo\\?\\nÉ só escolher o melhor horário por aqui: http\\S+/agendamento/`),
  );

  // Carla is off the list; Maria is taken off for good, after a question.
  await page.goto("/lembretes");
  await expect(group.getByRole("listitem")).toHaveCount(1);
  await group.getByRole("link", { name: "Não chamar" }).click();
  await expect(page.getByText("Tirar Maria Souza da lista 'Hora de voltar' de vez?")).toBeVisible();
  await page.getByRole("button", { name: "Não chamar", exact: true }).click();
  await expect(page.getByTestId("comeback-group")).toHaveCount(0);
  await expect(page.getByTestId("reminders-day")).toBeVisible();
});

test("'Notificações': choices saved, WhatsApp said off, the calendar feed made, copied and renewed @nojs", async ({ page, request }, info) => {
  const pro = await proWithService(`Studio Avisos ${info.project.name}`);
  const db = e2eDb();
  await db.insert(appointments).values({ userId: pro.id, date: addDays(today(), 2), startMinute: 14 * 60, durationMinutes: 45, serviceName: "Escova" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/notificacoes");
  await expect(page.getByTestId("whatsapp-off")).toContainText("O WhatsApp automático está desligado");
  await expect(page.getByRole("switch", { name: /Por WhatsApp automático/ })).toBeDisabled();

  await page.getByText("Resumo diário", { exact: true }).click();
  await page.getByLabel("Horário do resumo").selectOption("7");
  await page.getByLabel("Enviar o lembrete").selectOption("12");
  await page.getByText("Cancelamento ou remarcação pelo cliente", { exact: true }).click();
  await page.getByRole("button", { name: "Salvar notificações" }).click();
  await expect(page.getByText("Notificações salvas")).toBeVisible();
  const [saved] = await db.select().from(profiles).where(eq(profiles.userId, pro.id));
  expect(saved).toMatchObject({ dailySummary: true, dailySummaryHour: 7, reminderHoursBefore: 12, notifyCustomerChanges: false, notifyNewRequest: true });
  await expect(page.getByRole("switch", { name: /Resumo diário/ })).toBeChecked();

  await page.getByRole("button", { name: "Criar endereço da agenda" }).click();
  const address = page.getByLabel("Endereço da agenda");
  await expect(address).toHaveValue(/^webcal:\/\/localhost:\d+\/calendario\/[\w-]+\.ics$/);
  const first = await address.inputValue();
  const feed = await request.get(first.replace("webcal://", "http://"));
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain("SUMMARY:Escova");
  // Off by default, the risk said beside it; turned on as a plain form post.
  const details = page.getByRole("checkbox", { name: "Incluir telefone e observações" });
  await expect(details).not.toBeChecked();
  await expect(page.getByText(/qualquer pessoa que tiver o endereço da agenda/)).toBeVisible();
  await details.check();
  await page.getByRole("button", { name: "Salvar opção" }).click();
  await expect(page.getByText("Telefone e observações incluídos")).toBeVisible();
  await expect(details).toBeChecked();
  expect((await db.select().from(profiles).where(eq(profiles.userId, pro.id)))[0]!.calendarFeedDetails).toBe(true);
  if (info.project.name !== "no-js") {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copiar" }).click();
    await expect(page.getByText("Endereço copiado.")).toBeVisible();
  }
  await page.getByRole("button", { name: "Gerar novo link" }).click();
  await expect(page.getByText("Novo link gerado")).toBeVisible();
  await expect(address).not.toHaveValue(first);
  expect((await request.get(first.replace("webcal://", "http://"))).status()).toBe(404);
});

test.describe("with the service worker (a push subscription needs it)", () => {
  test.use({ serviceWorkers: "allow" }); // blocked elsewhere: docs/decisions/1090

  test("'Notificações no celular': a device turned on, a test notification delivered to its push service, the events chosen, the device removed @nojs", async ({ page }, info) => {
    test.setTimeout(60_000); // two services: the app and the push service
    // The push service the device is subscribed at: the project's stand-in, which decrypts what arrives.
    const standIn = await startPushStandIn({ port: E2E_PUSH_PORTS[info.project.name] });
    try {
      const pro = await proWithService(`Studio Push ${info.project.name}`);
      const db = e2eDb();
      const subscription = standIn.newSubscription();
      await signIn(page, pro.id);
      if (info.project.name === "no-js") {
        // Turning a device on takes JavaScript: this one was turned on before, from a phone.
        await db.insert(pushSubscriptions).values({ professionalId: pro.id, ...subscription, label: "Chrome no Android" });
        await page.goto("/configuracoes/notificacoes");
        await expect(page.getByText("Para receber notificações neste aparelho, abra esta página com o JavaScript ligado.")).toBeVisible();
      } else {
        // This browser's push subscription is the stand-in's (Chromium's own service is out of reach here).
        await page.context().grantPermissions(["notifications"]);
        await page.addInitScript((s) => {
          const made: PushSubscription = {
            endpoint: s.endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true, applicationServerKey: null },
            getKey: () => null,
            unsubscribe: async () => true,
            toJSON: () => ({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }),
          };
          PushManager.prototype.getSubscription = async () => (sessionStorage.getItem("push-on") ? made : null);
          PushManager.prototype.subscribe = async () => (sessionStorage.setItem("push-on", "1"), made);
        }, subscription);
        await page.goto("/configuracoes/notificacoes");
        await waitForHydration(page);
        await expect(page.getByText("Nenhum aparelho recebe notificações ainda.")).toBeVisible();
        await page.getByRole("button", { name: "Receber notificações neste aparelho" }).click();
        await expect(page.getByText("Notificações ligadas")).toBeVisible();
        await expect(page.getByTestId("push-this-device")).toHaveText("Este aparelho recebe as notificações.");
      }
      const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.professionalId, pro.id));
      expect(device!.endpoint).toBe(subscription.endpoint);
      const devices = page.getByRole("list", { name: "Aparelhos que recebem" });
      await expect(devices).toContainText(device!.label);

      await page.getByRole("button", { name: "Enviar notificação de teste" }).click();
      await expect(page.getByText("Notificação de teste enviada")).toBeVisible();
      await expect.poll(() => standIn.received.map((r) => [r.endpoint, r.payload.title])).toEqual([[subscription.endpoint, "Notificações ligadas"]]);
      expect(standIn.refused).toEqual([]);

      const cancels = page.getByRole("switch", { name: "Cancelamento pelo cliente" });
      await expect(cancels).toBeChecked();
      await cancels.uncheck();
      await page.getByRole("button", { name: "Salvar avisos do aparelho" }).click();
      await expect(page.getByText("Notificações no aparelho salvas")).toBeVisible();
      await expect(cancels).not.toBeChecked();
      await expect(page.getByRole("switch", { name: "Nova solicitação", exact: true })).toBeChecked();

      await devices.getByRole("link", { name: `Remover ${device!.label}` }).click();
      await expect(page.getByText(`Parar de enviar notificações para “${device!.label}”?`)).toBeVisible();
      await page.getByRole("button", { name: "Remover", exact: true }).click();
      await expect(page.getByText("Aparelho removido")).toBeVisible();
      await expect(page.getByText("Nenhum aparelho recebe notificações ainda.")).toBeVisible();
      expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.professionalId, pro.id))).toEqual([]);
    } finally {
      await standIn.close();
    }
  });
});

test("'Lista de espera': a full day takes a place, a cancellation opens a time, the e-mail's link books it, filled in @nojs", async ({ page }, info) => {
  const pro = await proWithService(`Studio Espera ${info.project.name}`);
  const db = e2eDb();
  const email = `espera-${info.project.name}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const date = addDays(today(), 4);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${30 + Number(digits(info.project.name))}` });
  // The whole day taken: 08:00-10:00, 10:00-10:30 (to be cancelled) and 10:30-20:00.
  const [, freed] = await db
    .insert(appointments)
    .values([
      { userId: pro.id, date, startMinute: 8 * 60, durationMinutes: 120, serviceName: "Escova" },
      { userId: pro.id, date, startMinute: 10 * 60, durationMinutes: 30, serviceName: "Escova" },
      { userId: pro.id, date, startMinute: 10 * 60 + 30, durationMinutes: 570, serviceName: "Escova" },
    ])
    .returning();

  await page.goto(`/agendamento/${pro.bookingSlug}`);
  await page.getByText("Escova", { exact: true }).click();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await expect(page.getByText("Nenhum horário disponível para esta data")).toBeVisible();
  await page.getByText("Manhã", { exact: true }).click();
  await page.getByLabel("Nome *").fill("Bia Torres");
  await page.getByLabel("Telefone / WhatsApp *").fill(`1198877000${digits(info.project.name)}`);
  await page.getByLabel("E-mail (opcional) — para receber o aviso por e-mail").fill(email);
  await page.getByRole("button", { name: "Entrar na lista de espera" }).click();
  await expect(page.getByRole("heading", { name: "Pronto! Você está na lista de espera" })).toBeVisible();
  await expect(page.getByTestId("waitlist-status")).toContainText("Manhã");

  // Someone cancels 10:00: the server's own job offers it by e-mail, with a link to step 3.
  await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, freed!.id));
  await page.goto(await linkInMail(email, "waitlist-offer", "Quem confirmar primeiro fica com ele"));
  await expect(page.getByRole("heading", { name: /Seus dados/ })).toBeVisible();
  await expect(page.getByTestId("booking-summary")).toContainText("10:00");
  // The link fills in who signed up (issue 32, finding 24): one tap to confirm.
  await expect(page.getByLabel("Nome *")).toHaveValue("Bia Torres");
  await expect(page.getByLabel("Telefone / WhatsApp *")).toHaveValue(`(11) 98877-000${digits(info.project.name)}`);
  await expect(page.getByLabel("E-mail (opcional) — para receber a confirmação e o lembrete")).toHaveValue(email);
  await page.getByRole("button", { name: "Confirmar Agendamento" }).click();
  await expect(page.getByText("Solicitação enviada!")).toBeVisible();
  await expect
    .poll(async () => (await db.select().from(waitlistEntries).where(eq(waitlistEntries.professionalId, pro.id)))[0]?.status, { timeout: 20_000 })
    .toBe("booked");
});
