// Accounts: who signs in, their sessions and reset links, the profile that drives the
// booking page and its photo (app/domain/accounts).
import { blob, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, instant, updatedAt } from "./columns";

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
