import { relations, sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

// Conventions: ids are UUID text, money is integer centavos, instants are integer
// milliseconds (timestamp_ms), appointment times are local to the professional's
// time zone (date yyyy-MM-dd + start minute of the day).

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const bool = (name: string) => integer(name, { mode: "boolean" });
const instant = (name: string) => integer(name, { mode: "timestamp_ms" });

// ---------------------------------------------------------------- accounts

export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(), // stored lowercased and trimmed
  passwordHash: text("password_hash").notNull(),
  // Flags that follow the professional across devices (dashboard overlays, tutorial).
  setupCompletedAt: instant("setup_completed_at"),
  guideSeenAt: instant("guide_seen_at"),
  tutorialSteps: text("tutorial_steps").notNull().default("[]"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    remember: bool("remember").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** Fixed-window counters for rate limits (login, booking). Key e.g. "login:email:x@y". */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: instant("window_start").notNull(),
  count: integer("count").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    transport: text("transport").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    /** A body carrying a one-time link (a reset token) is kept only until the link expires. */
    sensitiveUntil: instant("sensitive_until"),
    /** What it is ('reminder', 'daily-summary', ...) and whose: the job's messages carry both. */
    kind: text("kind"),
    /** No foreign key (SQLite cannot add one to an existing table): account deletion clears it. */
    professionalId: text("professional_id"),
    /** The message's identity (e.g. 'reminder:<appointment>:<start>'): it is queued once. */
    dedupeKey: text("dedupe_key"),
    /**
     * An e-mail a stranger's booking made the app write to an address the professional does not
     * know: the client address that asked. What the bounds on unrequested e-mail count
     * (domain/notifications/unrequested-email.server.ts); null for every other message.
     */
    requestedBy: text("requested_by"),
    /** Delivery tries so far; a failed try is retried from `nextAttemptAt`, a few times. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    /** Held by one sender until then (a claim); after it, the message may be tried again. */
    leaseUntil: instant("lease_until"),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_uq").on(t.dedupeKey),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_to_idx").on(t.to, t.createdAt),
    index("email_outbox_sensitive_idx").on(t.sensitiveUntil).where(sql`${t.sensitiveUntil} is not null`),
    index("email_outbox_requested_by_idx").on(t.requestedBy, t.createdAt).where(sql`${t.requestedBy} is not null`),
  ],
);

export const storedImages = sqliteTable(
  "stored_images",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    width: integer("width"),
    height: integer("height"),
    byteSize: integer("byte_size").notNull(),
    data: blob("data", { mode: "buffer" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("stored_images_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------- profile and plan

/** How far ahead customers may book: weeks (s) or months (m). */
export const BOOKING_WINDOWS = ["1s", "2s", "1m", "2m", "3m", "6m"] as const;
export type BookingWindow = (typeof BOOKING_WINDOWS)[number];

export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    businessName: text("business_name").notNull(),
    phone: text("phone").notNull().default(""), // digits only
    email: text("email").notNull(),
    bookingSlug: text("booking_slug").notNull(),
    profileImageId: text("profile_image_id").references(() => storedImages.id, {
      onDelete: "set null",
    }),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    specialty: text("specialty").notNull().default(""),
    pageTitle: text("page_title").notNull().default("Agende seu horário"),
    pageDescription: text("page_description").notNull().default(""),
    primaryColor: text("primary_color").notNull().default("#3B82F6"),
    secondaryColor: text("secondary_color").notNull().default("#8B5CF6"),
    showPrices: bool("show_prices").notNull().default(true),
    welcomeMessage: text("welcome_message").notNull().default(""),
    contactPhone: text("contact_phone").notNull().default(""),
    businessAddress: text("business_address").notNull().default(""),
    instagramHandle: text("instagram_handle").notNull().default(""),
    timeZone: text("time_zone").notNull().default("America/Sao_Paulo"),
    slotStepMinutes: integer("slot_step_minutes").notNull().default(30),
    autoConfirm: bool("auto_confirm").notNull().default(false),
    pixKey: text("pix_key").notNull().default(""),
    pixCity: text("pix_city").notNull().default(""),
    pixName: text("pix_name").notNull().default(""),
    // The booking page's rules for customers (the professional's own bookings ignore them).
    /** No customer booking starts sooner than this after now ('Antecedência mínima'). */
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(60),
    /** How far ahead customers may book ('Agendar com até': a week to six months ahead). */
    bookingWindow: text("booking_window", { enum: BOOKING_WINDOWS }).notNull().default("6m"),
    /** A request not answered expires after this many hours, or at its start time if sooner. */
    requestExpiryHours: integer("request_expiry_hours").notNull().default(24),
    /** A customer may cancel or move their time until this long before it starts. */
    customerChangeCutoffMinutes: integer("customer_change_cutoff_minutes").notNull().default(120),
    /**
     * 'Sinal não pago em … libera o horário': a pending request whose deposit is still unpaid this
     * many minutes after it was made stops holding its time (0: off, the default).
     */
    depositReleaseMinutes: integer("deposit_release_minutes").notNull().default(0),
    /**
     * 'Tempo para pagar': how long a deposit charged online holds the time, 30 to 60 minutes; a
     * value saved below Mercado Pago's 30 (the default 15 of earlier versions) reads as 30
     * (`paymentHoldMinutes` in online-deposits.ts, docs/decisions/1030).
     */
    paymentHoldMinutes: integer("payment_hold_minutes").notNull().default(15),
    /** 'Lista de espera': step 2 offers 'Avise-me se abrir um horário' (its own trigger bumps the page version). */
    waitlistEnabled: bool("waitlist_enabled").notNull().default(true),
    // 'Notificações': what the professional is told, and how customers are reminded.
    /** E-mail the professional when a customer asks for a time. */
    notifyNewRequest: bool("notify_new_request").notNull().default(true),
    /** E-mail the professional when a customer cancels or moves their time. */
    notifyCustomerChanges: bool("notify_customer_changes").notNull().default(true),
    /** E-mail the professional tomorrow's agenda every day at `dailySummaryHour` (local). */
    dailySummary: bool("daily_summary").notNull().default(false),
    dailySummaryHour: integer("daily_summary_hour").notNull().default(20),
    /** Customers are reminded this many hours before their time. */
    reminderHoursBefore: integer("reminder_hours_before").notNull().default(24),
    /** Reminders by e-mail (customers who gave one) and by WhatsApp (when its API is set up). */
    reminderEmail: bool("reminder_email").notNull().default(true),
    reminderWhatsapp: bool("reminder_whatsapp").notNull().default(true),
    /** The private calendar feed's secret ('Gerar novo link' replaces it); null: no feed. */
    calendarFeedToken: text("calendar_feed_token"),
    /**
     * 'Incluir telefone e observações': the feed then carries the client's full name, phone and the
     * appointment's notes; off, only the service and the client's first name (docs/decisions/0741).
     */
    calendarFeedDetails: bool("calendar_feed_details").notNull().default(false),
    /** 'Hora de voltar' by the Cloud API: the local hour it is sent each day (null: off, the list only). */
    comebackAutoHour: integer("comeback_auto_hour"),
    /**
     * Push notifications this professional turned off, comma-separated kinds ('new-request',
     * 'customer-cancel', …; domain/notifications/push-texts.ts): every kind is on by default.
     */
    pushMuted: text("push_muted").notNull().default(""),
    // The salon ('Página da equipe', issue 16).
    /** The owner's booking link opens the salon: step 0 'Escolha o profissional'. */
    teamPage: bool("team_page").notNull().default(false),
    /** A member (or the owner, when they take clients) appears on the salon's page. */
    onTeamPage: bool("on_team_page").notNull().default(true),
    /** 'Permitir que o dono da equipe gerencie minha agenda': the owner may change this member's appointments. */
    ownerMayManage: bool("owner_may_manage").notNull().default(false),
    /**
     * Bumped by the database itself (triggers of migration 0005) on every change the public
     * booking page shows: this profile, its services and hours, its plan, its team. The page's
     * cached data is keyed by it (docs/decisions/0620).
     */
    pageVersion: integer("page_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_booking_slug_uq").on(t.bookingSlug),
    uniqueIndex("profiles_calendar_feed_token_uq").on(t.calendarFeedToken),
  ],
);

export const SUBSCRIPTION_STATUSES = ["trial", "active", "past_due", "cancelled"] as const;

export const subscriptions = sqliteTable("subscriptions", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
  planId: text("plan_id").notNull().default("trial"),
  billingPeriod: text("billing_period", { enum: ["monthly", "yearly"] }),
  trialStartDate: instant("trial_start_date"),
  trialEndDate: instant("trial_end_date"),
  subscriptionEndDate: instant("subscription_end_date"),
  priceMonthlyCents: integer("price_monthly_cents").notNull().default(0),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  // Stripe's event `created` of the last event applied: older events are ignored.
  lastEventAt: instant("last_event_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Webhook events already processed (idempotency). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const PAYMENT_PROVIDERS = ["mercadopago"] as const;

/**
 * A professional's own account at a payment provider, connected through its OAuth (Configurações >
 * Pagamentos). The tokens are sealed with AES-256-GCM (app/utils/secret-box.server.ts, key
 * PAYMENTS_ENCRYPTION_KEY): the database never holds them in the clear, and they never leave the
 * server (not in pages, logs or the account export). docs/decisions/0931-0932.
 */
export const paymentAccounts = sqliteTable(
  "payment_accounts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The professional's account id at the provider (Mercado Pago's `user_id`). */
    providerUserId: text("provider_user_id").notNull(),
    accessTokenSealed: text("access_token_sealed").notNull(),
    refreshTokenSealed: text("refresh_token_sealed").notNull(),
    /** When the access token stops working; it is refreshed before (validAccessToken). */
    expiresAt: instant("expires_at").notNull(),
    publicKey: text("public_key"),
    liveMode: bool("live_mode"),
    connectedAt: instant("connected_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_accounts_user_provider_uq").on(t.userId, t.provider),
    // The webhook names the seller by the provider's user id.
    index("payment_accounts_provider_user_idx").on(t.provider, t.providerUserId),
  ],
);

export const linkedAccounts = sqliteTable(
  "linked_accounts",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    linkedUserEmail: text("linked_user_email").notNull(),
    linkedUserId: text("linked_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    status: text("status", { enum: ["pending", "active"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("linked_accounts_owner_idx").on(t.ownerId),
    uniqueIndex("linked_accounts_email_uq").on(t.linkedUserEmail),
  ],
);

// ---------------------------------------------------------------- workspace

export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_user_slug_uq").on(t.userId, t.slug)],
);

export const services = sqliteTable(
  "services",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: text("category_id").references(() => categories.id, {
      onDelete: "set null",
    }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    durationMinutes: integer("duration_minutes").notNull().default(30),
    color: text("color").notNull().default("#4F46E5"),
    isActive: bool("is_active").notNull().default(true),
    requiresDeposit: bool("requires_deposit").notNull().default(false),
    depositCents: integer("deposit_cents").notNull().default(0),
    /** 'Intervalo após': minutes after the service that nobody can book (cleaning, setting up). */
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("services_user_idx").on(t.userId, t.name),
    index("services_category_idx").on(t.categoryId),
  ],
);

export const workingHours = sqliteTable(
  "working_hours",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dayOfWeek: integer("day_of_week").notNull(), // 0 = Sunday ... 6 = Saturday
    isActive: bool("is_active").notNull().default(true),
    startTime: text("start_time").notNull().default("09:00"),
    endTime: text("end_time").notNull().default("18:00"),
    breakStartTime: text("break_start_time"),
    breakEndTime: text("break_end_time"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("working_hours_user_day_uq").on(t.userId, t.dayOfWeek)],
);

export const clients = sqliteTable(
  "clients",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(), // digits only
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    birthDate: text("birth_date"),
    notes: text("notes").notNull().default(""),
    // The client's figures over all their appointments, kept by the database itself (triggers of
    // migration 0007 on every appointment written): read where a page needs them for many clients
    // at once (dashboard tips, clients at risk, VIP tiles) instead of summing every appointment.
    /** Appointments not cancelled. */
    appointmentCount: integer("appointment_count").notNull().default(0),
    /** What completed appointments cost, in centavos. */
    spentCents: integer("spent_cents").notNull().default(0),
    /**
     * The latest date of an appointment not cancelled (ahead of today when one is booked): not a
     * visit, but whether something is booked ahead (the 'em risco' rule).
     */
    lastAppointmentDate: text("last_appointment_date"),
    noShowCount: integer("no_show_count").notNull().default(0),
    /** Visits: completed appointments (migration figures_visits keeps it). */
    visitCount: integer("visit_count").notNull().default(0),
    /** The date of the latest completed appointment ('Última Visita'), or null. */
    lastVisitDate: text("last_visit_date"),
    /**
     * 'Hora de voltar' (issue 24): the median gap in days between visits on different dates, from
     * three such dates on (null before); kept by the database's own triggers (migration
     * waitlist_usual_interval), so the rule reads one row per client.
     */
    usualIntervalDays: real("usual_interval_days"),
    /** 'Hora de voltar' (issue 24): when the last message was sent (one tap, or the Cloud API). */
    comebackSentAt: instant("comeback_sent_at"),
    /** 'Não chamar': never on the 'Hora de voltar' list again. */
    comebackOptOut: bool("comeback_opt_out").notNull().default(false),
    /**
     * When 'Importar clientes' brought the client in, or null: an imported client came before
     * Agendo, and is never one of the month's new clients (docs/decisions/1013).
     */
    importedAt: instant("imported_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("clients_user_phone_uq").on(t.userId, t.phone),
    index("clients_user_name_idx").on(t.userId, t.name),
    index("clients_user_created_idx").on(t.userId, t.createdAt),
    index("clients_user_last_appointment_idx").on(t.userId, t.lastAppointmentDate),
    index("clients_user_spent_idx").on(t.userId, t.spentCents),
    // Whether a professional knows an address (domain/notifications/unrequested-email.server.ts).
    index("clients_user_email_idx").on(t.userId, t.email),
    // The 'em risco' rule's columns, so its count and list read the index alone.
    index("clients_user_last_visit_idx").on(t.userId, t.lastVisitDate, t.lastAppointmentDate, t.spentCents),
  ],
);

export const APPOINTMENT_STATUSES = [
  "scheduled",
  "confirmed",
  "completed",
  "cancelled",
  "no_show",
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const appointments = sqliteTable(
  "appointments",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    serviceId: text("service_id").references(() => services.id, { onDelete: "set null" }),
    // Copied at booking time so later edits of the service do not rewrite history.
    serviceName: text("service_name").notNull().default(""),
    date: text("date").notNull(), // yyyy-MM-dd in the professional's zone
    startMinute: integer("start_minute").notNull(), // minutes after local midnight
    durationMinutes: integer("duration_minutes").notNull().default(60),
    /** The service's 'Intervalo após' when booked: the time after it stays taken. */
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("scheduled"),
    notes: text("notes").notNull().default(""),
    clientNotes: text("client_notes").notNull().default(""),
    createdVia: text("created_via", { enum: ["dashboard", "booking_page"] })
      .notNull()
      .default("dashboard"),
    bookingRequestId: text("booking_request_id"),
    /** The regular's series this appointment belongs to ('Agendamento recorrente'). */
    seriesId: text("series_id").references(() => appointmentSeries.id, { onDelete: "set null" }),
    /** When the customer moved it to this time from their status page. */
    rescheduledByCustomerAt: instant("rescheduled_by_customer_at"),
    /**
     * When it was last moved to another date or time, by anyone (null: never moved, its
     * created_at holds): copied from updated_at by a trigger; the customer's reminder counts
     * from it (docs/decisions/0750).
     */
    timeSetAt: instant("time_set_at"),
    /** When the professional last moved it to another date or time (the customer is told). */
    rescheduledByProfessionalAt: instant("rescheduled_by_professional_at"),
    /** Who cancelled it: the professional (agenda, 'Equipe') or the customer (their link). */
    cancelledBy: text("cancelled_by", { enum: ["professional", "customer"] }),
    /** 'Motivo (opcional)' of a cancel by the professional, shown to the customer. */
    cancelReason: text("cancel_reason").notNull().default(""),
    /** When the customer answered 'Confirmo presença' from a reminder. */
    customerConfirmedAt: instant("customer_confirmed_at"),
    /** When the professional sent the one-tap WhatsApp reminder ('Lembretes'). */
    whatsappRemindedAt: instant("whatsapp_reminded_at"),
    /** The event's revision in calendar feeds (SEQUENCE): bumped by a trigger on every change. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("appointments_user_date_idx").on(t.userId, t.date, t.startMinute),
    index("appointments_user_series_idx").on(t.userId, t.seriesId, t.date),
    // Covers the per-client metrics (count, total spent, last visit) without touching rows.
    index("appointments_user_client_metrics_idx").on(
      t.userId,
      t.clientId,
      t.status,
      t.date,
      t.priceCents,
    ),
    index("appointments_user_created_idx").on(t.userId, t.createdAt),
    // The Caixa's period: a range of completed appointments and their ids from the index alone,
    // each then joined to its closing (`npm run bench`: a year of closings in under 80 ms).
    index("appointments_user_status_date_idx").on(t.userId, t.status, t.date, t.id),
    // Covers the reports' period figures (totals, weekdays, months, services, clients) so a
    // year of appointments is summed from the index alone (docs/decisions/0309).
    index("appointments_user_date_report_idx").on(
      t.userId,
      t.date,
      t.status,
      t.serviceId,
      t.clientId,
      t.priceCents,
      t.durationMinutes,
      t.serviceName,
    ),
  ],
);

export const BOOKING_REQUEST_STATUSES = [
  "pending",
  "accepted",
  "declined",
  "cancelled",
  /** Not answered in time: its slot is free again (the scheduled job marks it; until then a
   * pending request past `expires_at` already holds nothing). */
  "expired",
] as const;

/** How a deposit was paid: Pix (the booking page's code) by default. */
export const DEPOSIT_METHODS = ["pix", "cash", "debit", "credit"] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

export const bookingRequests = sqliteTable(
  "booking_requests",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id").references(() => services.id, { onDelete: "set null" }),
    serviceName: text("service_name").notNull().default(""),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(), // digits only
    /** Optional: for the confirmation and the reminder ('' when not given). */
    customerEmail: text("customer_email").notNull().default(""),
    date: text("date").notNull(),
    startMinute: integer("start_minute").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    priceCents: integer("price_cents").notNull().default(0),
    status: text("status", { enum: BOOKING_REQUEST_STATUSES }).notNull().default("pending"),
    /** A pending request holds its time until then: 24 hours after it was made, or its start. */
    expiresAt: instant("expires_at"),
    /** When the customer moved it to this time from their status page. */
    rescheduledByCustomerAt: instant("rescheduled_by_customer_at"),
    /** How many times the customer moved it from their status page (a few at most). */
    customerMoves: integer("customer_moves").notNull().default(0),
    /**
     * Its 'request received' e-mail was withheld (a stranger's address over its bounds): nothing
     * else the customer did not ask for follows it there (expiry, decline, reminder) unless the
     * professional accepts it by hand.
     */
    customerEmailWithheld: bool("customer_email_withheld").notNull().default(false),
    notes: text("notes"),
    appointmentId: text("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    // The deposit ('Sinal'), held here only: the appointment it becomes reads it through
    // `appointments.booking_request_id` (docs/decisions/0910).
    /** The service's deposit when it was booked (0: none asked). */
    depositCents: integer("deposit_cents").notNull().default(0),
    /** Unpaid by then, a pending request stops holding its time ('Sinal não pago em …'); null: no such rule. */
    depositDueAt: instant("deposit_due_at"),
    /** When the professional marked 'Sinal recebido', and how it was paid. */
    depositReceivedAt: instant("deposit_received_at"),
    depositMethod: text("deposit_method", { enum: DEPOSIT_METHODS }),
    /** When the professional marked a received deposit 'Sinal devolvido'. */
    depositRefundedAt: instant("deposit_refunded_at"),
    // A deposit charged online (issue 23, docs/decisions/0960): the provider's Pix charge. The
    // request holds its time until `deposit_due_at` ('Tempo para pagar'); paid, it is accepted.
    /** The provider that charges this deposit ('mercadopago'); null: the static Pix, marked by hand. */
    paymentProvider: text("payment_provider", { enum: ["mercadopago"] }),
    /** The provider's payment id, once the charge is created. */
    paymentId: text("payment_id"),
    /** The Pix 'copia e cola' code of the charge (we draw its QR). */
    paymentQrCode: text("payment_qr_code"),
    /**
     * When the charge's payment was approved, as read back from the provider and taken into
     * account: as the deposit, or given back (late, or the deposit already received by hand).
     * Null: the charge was never paid, whatever the deposit's marks say (docs/decisions/1033).
     */
    paymentPaidAt: instant("payment_paid_at"),
    /** When the provider gave the charge's payment back (its refund id), automatically. */
    paymentRefundId: text("payment_refund_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("booking_requests_payment_uq").on(t.paymentProvider, t.paymentId),
    index("booking_requests_pro_date_idx").on(t.professionalId, t.date, t.startMinute),
    index("booking_requests_pro_status_idx").on(t.professionalId, t.status),
    index("booking_requests_pro_phone_idx").on(t.professionalId, t.customerPhone),
  ],
);

/** The customer's private status link: only the hash of the token is stored. */
export const bookingRequestTokens = sqliteTable("booking_request_tokens", {
  id: id(),
  bookingRequestId: text("booking_request_id")
    .notNull()
    .unique()
    .references(() => bookingRequests.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * 'Folgas e bloqueios': a closed day or range of days (`closed`, the whole day), a blocked time
 * range on one day (`blocked`), or extra hours on a date the professional does not normally
 * work (`open`). Dates are yyyy-MM-dd in the professional's zone, both ends included; minutes
 * after local midnight, end excluded.
 */
export const SCHEDULE_EXCEPTION_KINDS = ["closed", "blocked", "open"] as const;
export type ScheduleExceptionKind = (typeof SCHEDULE_EXCEPTION_KINDS)[number];

export const scheduleExceptions = sqliteTable(
  "schedule_exceptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SCHEDULE_EXCEPTION_KINDS }).notNull(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    startMinute: integer("start_minute"),
    endMinute: integer("end_minute"),
    /** 'Motivo': shown on the booking page only when `showReason` (e.g. 'Feriado'). */
    reason: text("reason").notNull().default(""),
    showReason: bool("show_reason").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("schedule_exceptions_user_dates_idx").on(t.userId, t.startDate, t.endDate)],
);

/**
 * WhatsApp messages sent by the job through the WhatsApp Cloud API (template messages), each
 * queued once (`dedupeKey`) and claimed before it is sent, as the e-mail outbox.
 */
export const whatsappOutbox = sqliteTable(
  "whatsapp_outbox",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appointmentId: text("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    /** What it is: a 'reminder', or a notice of a change the business made ('change-cancel', 'change-move', 'change-restore'). */
    kind: text("kind").notNull().default("reminder"),
    /** The recipient in international form, digits only (5511987654321). */
    to: text("to").notNull(),
    template: text("template").notNull(),
    language: text("language").notNull(),
    /** The template's body parameters, a JSON array of strings (cleared once old). */
    params: text("params").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    /**
     * A message a stranger caused to a number the professional does not know: the client address
     * that asked ('' when none is known, as for a reminder of a booking made on the page). What the
     * bounds on unrequested messages count (domain/notifications/unrequested-email.server.ts, as
     * `email_outbox.requested_by`); null for every other message, and cleared after a day.
     */
    requestedBy: text("requested_by"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    leaseUntil: instant("lease_until"),
    /** The id the API gave the message (wamid.…). */
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("whatsapp_outbox_dedupe_uq").on(t.dedupeKey),
    index("whatsapp_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("whatsapp_outbox_to_idx").on(t.to, t.createdAt),
  ],
);

/**
 * An e-mail address shown to be its customer's: they opened a link that only an e-mail to it
 * carried (docs/decisions/1022). Known to that professional from then on, like an address they
 * accepted a request of: the bounds on unrequested e-mail no longer hold its confirmations back.
 */
export const provenEmails = sqliteTable(
  "proven_emails",
  {
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lowercased, as the booking page stores it. */
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("proven_emails_uq").on(t.professionalId, t.email)],
);

/**
 * 'Não quero receber lembretes': a customer's e-mail or phone that gets no more reminders from
 * this professional (LGPD: honoured from the moment it is asked).
 */
export const reminderOptOuts = sqliteTable(
  "reminder_opt_outs",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A lowercased e-mail or a phone's digits. */
    contact: text("contact").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("reminder_opt_outs_uq").on(t.professionalId, t.contact)],
);

/** A regular's appointments made together ('Agendamento recorrente': every 1 to 4 weeks). */
export const appointmentSeries = sqliteTable(
  "appointment_series",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    intervalWeeks: integer("interval_weeks").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("appointment_series_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------- relations

export const appointmentsRelations = relations(appointments, ({ one }) => ({
  client: one(clients, { fields: [appointments.clientId], references: [clients.id] }),
  service: one(services, { fields: [appointments.serviceId], references: [services.id] }),
}));

export const servicesRelations = relations(services, ({ one }) => ({
  category: one(categories, { fields: [services.categoryId], references: [categories.id] }),
}));

export const usersRelations = relations(users, ({ one }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.userId] }),
  subscription: one(subscriptions, {
    fields: [users.id],
    references: [subscriptions.userId],
  }),
}));

// ---------------------------------------------------------------- cash (issue 22)

export const CLOSING_STATUSES = ["paid", "pending"] as const;
export type ClosingStatus = (typeof CLOSING_STATUSES)[number];
export const PAYMENT_METHODS = ["pix", "cash", "debit", "credit"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CLOSING_ITEM_KINDS = ["service", "product"] as const;

/**
 * 'Fechar atendimento': what was charged for one appointment and how it was paid. One per
 * appointment (the unique index is what makes two phones closing at once store one).
 * 'pending' is 'Pagamento pendente' (completed without a payment, listed until settled).
 */
export const cashClosings = sqliteTable(
  "cash_closings",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    status: text("status", { enum: CLOSING_STATUSES }).notNull(),
    /** The items' sum before the discount. */
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    /** The percentage typed, in hundredths of a percent (10% = 1000), when the discount was given as %. */
    discountBasisPoints: integer("discount_basis_points"),
    tipCents: integer("tip_cents").notNull().default(0),
    /** A deposit already received before the day, deducted from what was due. */
    depositCents: integer("deposit_cents").notNull().default(0),
    closedAt: instant("closed_at").notNull(),
    /** The user who closed it (the professional, or the salon's owner for a member). */
    closedBy: text("closed_by").notNull(),
    /** A new random value at every write: what the statements after it in the same batch require. */
    revision: text("revision").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cash_closings_appointment_uq").on(t.appointmentId),
    index("cash_closings_user_status_idx").on(t.userId, t.status),
  ],
);

/** A closing's lines: the service done, another service, or a free line such as a product. */
export const cashClosingItems = sqliteTable(
  "cash_closing_items",
  {
    id: id(),
    closingId: text("closing_id")
      .notNull()
      .references(() => cashClosings.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    position: integer("position").notNull(),
    kind: text("kind", { enum: CLOSING_ITEM_KINDS }).notNull(),
    serviceId: text("service_id"),
    name: text("name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    /**
     * The salon's commission on this line for the professional, in hundredths of a percent, as the
     * owner's rule stood when the service was closed (null: no rule then; the current one applies).
     */
    commissionBasisPoints: integer("commission_basis_points"),
  },
  // Covers the Caixa's 'Produtos e itens vendidos': no row read per closing.
  (t) => [index("cash_closing_items_closing_idx").on(t.closingId, t.kind, t.name, t.quantity, t.unitPriceCents)],
);

/** How a closing was paid: one line per method used. */
export const cashPayments = sqliteTable(
  "cash_payments",
  {
    id: id(),
    closingId: text("closing_id")
      .notNull()
      .references(() => cashClosings.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  // Covers the Caixa's sums by method: no row read per payment.
  (t) => [index("cash_payments_closing_idx").on(t.closingId, t.method, t.amountCents)],
);

/** Every change of a closed service: who, when, and what it was before and after (JSON). */
export const cashClosingHistory = sqliteTable(
  "cash_closing_history",
  {
    id: id(),
    closingId: text("closing_id")
      .notNull()
      .references(() => cashClosings.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: instant("changed_at").notNull(),
    /** JSON: { before, after } summaries of the closing. */
    change: text("change").notNull(),
  },
  (t) => [index("cash_closing_history_closing_idx").on(t.closingId, t.changedAt)],
);

// ---------------------------------------------------------------- commissions (issue 22)

/**
 * What a salon's owner pays a member: a percentage of the services they do (the default for all
 * services), of the products they sell, and whether tips are theirs. Rates in hundredths of a
 * percent (40% = 4000). One row per member of the owner's team.
 */
export const commissionRules = sqliteTable(
  "commission_rules",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    servicesBasisPoints: integer("services_basis_points").notNull(),
    productsBasisPoints: integer("products_basis_points").notNull().default(0),
    tipsToProfessional: bool("tips_to_professional").notNull().default(true),
    updatedBy: text("updated_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("commission_rules_member_uq").on(t.ownerId, t.memberId)],
);

/** A member's own rate for one of their services, over the rule's default for services. */
export const commissionServiceRates = sqliteTable(
  "commission_service_rates",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    basisPoints: integer("basis_points").notNull(),
  },
  (t) => [uniqueIndex("commission_service_rates_uq").on(t.ownerId, t.memberId, t.serviceId)],
);

// ---------------------------------------------------------------- moving in (issue 26)

/**
 * A file of contacts uploaded in Clientes > 'Importar clientes', parsed and waiting for the
 * professional's 'Importar N clientes' (one per professional: a new upload replaces it; the
 * scheduled job purges those left a day). `content` is JSON: the vCard's contacts, or the CSV's
 * rows; `mapping` the CSV's columns as matched or corrected (docs/decisions/0950).
 */
export const clientImports = sqliteTable(
  "client_imports",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    kind: text("kind", { enum: ["vcard", "csv"] }).notNull(),
    content: text("content").notNull(),
    mapping: text("mapping"),
    createdAt: createdAt(),
  },
  (t) => [index("client_imports_user_idx").on(t.userId), index("client_imports_created_idx").on(t.createdAt)],
);

/**
 * 'Calendários externos': a private iCal address whose events are busy time. The address is a
 * secret (whoever has it reads the calendar): never shown back whole. The refresh keeps the
 * validators of the last answer, when it last read it, and since when it fails (docs/decisions/0955).
 */
export const externalCalendars = sqliteTable(
  "external_calendars",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** The last time the feed was read (or answered 'not modified'). */
    refreshedAt: instant("refreshed_at"),
    /** The last time its events were read and expanded (a whole answer, not 'not modified'). */
    readAt: instant("read_at"),
    /** When the refresh was last tried, whatever came of it. */
    attemptedAt: instant("attempted_at"),
    /** Since when every refresh failed; null while it reads. */
    failingSince: instant("failing_since"),
    /** The one e-mail about this failure was sent; cleared when it reads again. */
    failureNotifiedAt: instant("failure_notified_at"),
    createdAt: createdAt(),
  },
  (t) => [index("external_calendars_user_idx").on(t.userId), index("external_calendars_attempted_idx").on(t.attemptedAt)],
);

/**
 * A calendar's busy time on one local date of the professional (an event across midnight is one
 * row per date): start and end minute only, never what the event was.
 */
export const calendarBusy = sqliteTable(
  "calendar_busy",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    calendarId: text("calendar_id")
      .notNull()
      .references(() => externalCalendars.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
  },
  (t) => [index("calendar_busy_user_date_idx").on(t.userId, t.date), index("calendar_busy_calendar_idx").on(t.calendarId)],
);

// ---------------------------------------------------------------- waiting list (issue 24)

/** 'Manhã' (before 12:00), 'Tarde' (12:00 to 18:00), 'Noite' (from 18:00), 'Qualquer horário'. */
export const WAITLIST_PERIODS = ["manha", "tarde", "noite", "qualquer"] as const;
export type WaitlistPeriod = (typeof WAITLIST_PERIODS)[number];
/** Waiting; booked a time of that day; left through their link; removed by the professional. */
export const WAITLIST_STATUSES = ["waiting", "booked", "left", "removed"] as const;

/**
 * 'Avise-me se abrir um horário': a customer waiting for a time to open on one date for one
 * service of one professional. Ends at the end of its day (read as over once its date is past).
 */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    serviceName: text("service_name").notNull(),
    date: text("date").notNull(),
    period: text("period", { enum: WAITLIST_PERIODS }).notNull(),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(), // digits only
    customerEmail: text("customer_email").notNull().default(""),
    /** Its confirmation e-mail was withheld (the bounds on unrequested e-mail): no e-mail follows it. */
    emailWithheld: bool("email_withheld").notNull().default(false),
    /** The client address that signed up (the limits per address; cleared with the entry). */
    requestedBy: text("requested_by").notNull().default(""),
    /**
     * The free times of its period the customer saw when signing up (JSON array of "HH:mm"): not an
     * opening for them while they stay free; the job drops each one once it is taken.
     */
    knownTimes: text("known_times").notNull().default("[]"),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    endedAt: instant("ended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("waitlist_entries_pro_date_idx").on(t.professionalId, t.date, t.status),
    index("waitlist_entries_status_date_idx").on(t.status, t.date),
    index("waitlist_entries_pro_phone_idx").on(t.professionalId, t.customerPhone, t.createdAt),
    // A phone may hold several places on a day's list (a second sign-up is answered as the first,
    // docs/decisions/1023); the job offers an opening to a phone once.
  ],
);

/**
 * A time that opened on a waiting list's day for its service: offered to the people waiting in
 * batches (the first three, then the next three every 15 minutes while it stays free). Closed
 * once it is taken again (or no longer offered); a later opening of the same time is a new row.
 */
export const waitlistOpenings = sqliteTable(
  "waitlist_openings",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    startMinute: integer("start_minute").notNull(),
    openedAt: instant("opened_at").notNull(),
    closedAt: instant("closed_at"),
    /** When its last batch was offered (the claim of the next batch). */
    lastBatchAt: instant("last_batch_at"),
    batches: integer("batches").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_openings_open_uq")
      .on(t.professionalId, t.serviceId, t.date, t.startMinute)
      .where(sql`${t.closedAt} is null`),
    index("waitlist_openings_pro_date_idx").on(t.professionalId, t.date),
  ],
);

/** The channels an offer went by: e-mail, the Cloud API, or the one-tap list in 'Lembretes'. */
export const WAITLIST_CHANNELS = ["email", "whatsapp", "list"] as const;

/** One opening offered to one waiting customer (once: the unique pair). */
export const waitlistOffers = sqliteTable(
  "waitlist_offers",
  {
    id: id(),
    openingId: text("opening_id")
      .notNull()
      .references(() => waitlistOpenings.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    professionalId: text("professional_id").notNull(),
    /** The channels it went by, comma-separated ('email,list'). */
    channels: text("channels").notNull(),
    /** 'list': when the professional sent it with one tap in 'Lembretes'. */
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_offers_pair_uq").on(t.openingId, t.entryId),
    index("waitlist_offers_entry_idx").on(t.entryId, t.createdAt),
    index("waitlist_offers_pro_idx").on(t.professionalId, t.sentAt),
  ],
);

// ---------------------------------------------------------------- 'Hora de voltar' (issue 24)

export const COMEBACK_CHANNELS = ["tap", "whatsapp"] as const;

/**
 * Each 'Hora de voltar' message sent to a regular who is late: what Relatórios counts, and what a
 * booking by that client within 14 days of it is credited to.
 */
export const comebackMessages = sqliteTable(
  "comeback_messages",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: COMEBACK_CHANNELS }).notNull(),
    /** The client's usual interval when it was sent, in days. */
    intervalDays: integer("interval_days").notNull(),
    sentAt: instant("sent_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("comeback_messages_pro_sent_idx").on(t.professionalId, t.sentAt, t.clientId)],
);
/**
 * A device that receives this professional's push notifications ('Receber notificações neste
 * aparelho'): the browser's push subscription (its endpoint at the push service and the keys a
 * message is encrypted to, RFC 8291). Deleted when the push service says it is gone.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the list shows ('Chrome no Android'), from the browser that subscribed. */
    label: text("label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint), index("push_subscriptions_professional_idx").on(t.professionalId)],
);

/**
 * Push notifications to send, one row per message and device, queued once (`dedupeKey` per
 * device) in the batch of the write that causes it and claimed before it is sent, as the e-mail
 * outbox (docs/decisions/0671).
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: id(),
    professionalId: text("professional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** What it tells of ('new-request', 'customer-cancel', …, 'test'). */
    kind: text("kind").notNull(),
    /** The message's identity ('push:new-request:<request>'), the same for every device. */
    dedupeKey: text("dedupe_key").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The screen a tap opens (a path of the workspace). */
    url: text("url").notNull(),
    /** A later notice with the same tag (the same booking's event) replaces it on the phone. */
    tag: text("tag").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    leaseUntil: instant("lease_until"),
    error: text("error"),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_outbox_dedupe_uq").on(t.dedupeKey, t.subscriptionId),
    index("push_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
