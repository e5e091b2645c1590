import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash"),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
  },
  // Roles are stored lower-cased (docs/product.md).
  (t) => [check("roles_name_lower", sql`${t.name} = lower(${t.name})`)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the opaque id in the cookie: a copy of this table signs no one in.
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appVersion: text("app_version").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // What the signed-in devices list shows and names a session by (never the hash).
    publicId: text("public_id").notNull().default(sql`gen_random_uuid()::text`),
    userAgent: text("user_agent"),
    address: text("address"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    uniqueIndex("sessions_public_id_idx").on(t.publicId),
  ],
);

export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    environmentLabel: text("environment_label").notNull().default(""),
    emailNotificationPopup: boolean("email_notification_popup").notNull().default(false),
    enableStubRecords: boolean("enable_stub_records").notNull().default(false),
    enableMaaIndications: boolean("enable_maa_indications").notNull().default(false),
    // On in a new store: staff must use two-step sign-in (the demo store turns it off).
    requireStaffTwoStep: boolean("require_staff_two_step").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  // One row: the site's settings.
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    // The body with its secrets (reset and invitation tokens) replaced: once the email is
    // sent it becomes text_body, so no live link stays readable here.
    redactedBody: text("redacted_body"),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [index("outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL`)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

// Failed sign-ins (decision 016): the account (the address typed, lower case, whether or not a
// user has it) and the client address, so that the limits can count per account and address
// together, and per account alone.
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    account: text("account").notNull(),
    address: text("address").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_account_idx").on(t.account, t.failedAt)],
);

// When an account's owner was last told of many failed sign-ins (once per burst).
export const signInWarnings = pgTable("sign_in_warnings", {
  account: text("account").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});

export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] })],
);

export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// The catalogue. A record is a series of versions (documents validated by
// app/records/schema.server.ts); `records` holds the narrow columns that lists and search
// touch, and points at the published version. See docs/decisions/005-record-model.md.

// One row: the catalogue's version, bumped (under this row's lock, so versions commit in
// order) by every transaction that publishes or discards. docs/decisions/010-search-index.md.
export const catalogueVersion = pgTable("catalogue_version", {
  id: integer("id").primaryKey().default(1),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

export const records = pgTable(
  "records",
  {
    id: serial("id").primaryKey(),
    hssId: text("hss_id").notNull(),
    // Null until a version is published (a new record imported in preview only).
    publishedVersionId: integer("published_version_id"),
    title: text("title"),
    recordStatus: text("record_status"),
    lastUpdated: date("last_updated", { mode: "string" }),
    // The catalogue version (catalogueVersion) of the last publish that changed this record:
    // each app process's search index applies the records changed since its own version.
    catalogueVersion: bigint("catalogue_version", { mode: "number" }).notNull().default(0),
    // What a search result shows of the published version (JSON text): a page of results reads
    // these few hundred bytes, not twenty whole documents.
    card: text("card"),
    createdAt: createdAt(),
    // When the published version last changed: "recently updated" reads this.
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("records_hss_id_key").on(t.hssId),
    index("records_updated_at_idx").on(t.updatedAt),
    index("records_catalogue_version_idx").on(t.catalogueVersion),
    index("records_last_updated_idx").on(t.lastUpdated),
    index("records_title_idx").on(t.title),
  ],
);

export const recordImports = pgTable("record_imports", {
  id: serial("id").primaryKey(),
  source: text("source").notNull(), // upload | cli | demo
  filename: text("filename").notNull(),
  mode: text("mode").notNull(), // publish | preview
  state: text("state").notNull(), // validated | invalid | applied
  // An uploaded file waits here between validation and apply (app processes are
  // stateless); it is dropped once applied.
  content: text("content"),
  itemCount: integer("item_count").notNull().default(0),
  report: jsonb("report").notNull(),
  uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
});

export const recordVersions = pgTable(
  "record_versions",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    // staged → published → superseded; staged → discarded.
    state: text("state").notNull(),
    document: jsonb("document").notNull(),
    importId: integer("import_id").references(() => recordImports.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("record_versions_record_version_key").on(t.recordId, t.version),
    uniqueIndex("record_versions_one_staged").on(t.recordId).where(sql`state = 'staged'`),
    check(
      "record_versions_state_check",
      sql`${t.state} in ('staged', 'published', 'superseded', 'discarded')`,
    ),
  ],
);

export const recordChanges = pgTable(
  "record_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    versionId: integer("version_id")
      .notNull()
      .references(() => recordVersions.id, { onDelete: "cascade" }),
    // The version's publication time; for a staged version, when it was staged.
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    section: text("section").notNull(),
    field: text("field").notNull(),
    before: text("before"),
    after: text("after"),
  },
  (t) => [
    index("record_changes_record_idx").on(t.recordId, t.changedAt),
    index("record_changes_version_idx").on(t.versionId),
    index("record_changes_changed_at_idx").on(t.changedAt),
  ],
);

export const userActivity = pgTable(
  "user_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityType: text("activity_type").notNull(),
    activityValue: text("activity_value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_activity_user_type_idx").on(t.userId, t.activityType, t.createdAt),
    index("user_activity_created_idx").on(t.createdAt),
  ],
);

export const userPreferences = pgTable("user_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  toggleView: text("toggle_view").notNull().default("cardView"),
  printSections: jsonb("print_sections").$type<string[]>(),
  /** When the user last cleared their notifications: records changed after it are new. */
  notificationsSeenAt: timestamp("notifications_seen_at", { withTimezone: true }),
  /** Enrolled in the email digest of updated records, and how often. */
  emailNotifications: boolean("email_notifications").notNull().default(false),
  notificationFrequency: text("notification_frequency").notNull().default("daily"),
  /** Changes up to this moment have been considered for the digest. */
  digestCheckedAt: timestamp("digest_checked_at", { withTimezone: true }),
  // The catalogue version the last digest run looked up to: records changed after it are new.
  digestCheckedVersion: bigint("digest_checked_version", { mode: "number" }).notNull().default(0),
  digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
  /** The "Email Notifications are currently off" banner was dismissed. */
  popupDismissedAt: timestamp("popup_dismissed_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// A user's selection of search results (decision 007): kept here, not in the browser, so it
// survives paging, reloads and browsers without scripts or storage. It belongs to one
// search's criteria; a search with other criteria starts a new one.
export const selections = pgTable("selections", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The criteria of the search it was made in (its URL query, without page, size and sort). */
  criteria: text("criteria").notNull(),
  /** "Select all N results": the search request itself, not a list of ids. */
  allResults: jsonb("all_results"),
  allCount: integer("all_count"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const selectionItems = pgTable(
  "selection_items",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => selections.userId, { onDelete: "cascade" }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.recordId] })],
);

// Export files: written under DATA_DIR/exports, downloadable by their owner for 24 hours.
export const exportFiles = pgTable(
  "export_files",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    recordCount: integer("record_count").notNull(),
    byteSize: bigint("byte_size", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("export_files_expires_idx").on(t.expiresAt)],
);

// Saved searches (decision 008): the search request itself, a title, and an alert frequency.
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    request: jsonb("request").notNull(),
    /** none | daily | weekly */
    alertFrequency: text("alert_frequency").notNull().default("none"),
    /** Until when records have been considered for this search's alerts. */
    alertCheckedAt: timestamp("alert_checked_at", { withTimezone: true }).notNull().defaultNow(),
    // The catalogue version the alert last looked up to: matches changed after it are news.
    alertCheckedVersion: bigint("alert_checked_version", { mode: "number" }).notNull().default(0),
    /** When the last alert email was written: at most one a day (or a week). */
    alertSentAt: timestamp("alert_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    check(
      "saved_searches_alert_frequency_check",
      sql`${t.alertFrequency} in ('none', 'daily', 'weekly')`,
    ),
  ],
);

// Accounts (decision 009). Invitation codes and reset tokens are stored only as SHA-256 hashes,
// like session ids: a copy of these tables lets no one register or reset a password.
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    codeHash: text("code_hash").notNull().unique(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the code is spent (registered) or withdrawn by a newer invitation. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("invitations_email_idx").on(sql`lower(${t.email})`)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Who changed which account, how and when: user management's audit trail. */
export const userAudit = pgTable(
  "user_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("user_audit_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The account's security trail, which its owner reads under My account and admins from the
 * user's page: what happened to the way the account signs in (see SECURITY_EVENTS in
 * app/models/security-events.server.ts), when, and from which client address and browser.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detail: text("detail").notNull().default(""),
    address: text("address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("security_events_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A change of email address waiting for the link sent to the new address, which applies it.
 * Only the SHA-256 of the link's token is stored, as for reset links.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the link is followed, or when a newer change withdraws this one. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_changes_user_idx").on(t.userId)],
);

/**
 * A user's two-step sign-in (TOTP, RFC 6238): the secret, encrypted with a key derived from
 * SESSION_SECRET; enabled once the first code has been confirmed. last_used_step is the
 * 30-second step of the last accepted code, so that no code works twice.
 */
export const twoStepSecrets = pgTable("two_step_secrets", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEnc: text("secret_enc").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** One-time recovery codes: SHA-256 of each (they are random, 50 bits), used once. */
export const twoStepRecoveryCodes = pgTable(
  "two_step_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("two_step_recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/**
 * Half-signed-in: the password was right, the second step (or enrolment) is still to come.
 * SHA-256 of the token in a signed cookie; lives 10 minutes; never a session.
 */
export const twoStepPending = pgTable(
  "two_step_pending",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // 'verify': asks for a code; 'enrol': staff who must set up two-step first.
    purpose: text("purpose").notNull(),
    redirectTo: text("redirect_to").notNull().default("/"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("two_step_pending_user_idx").on(t.userId)],
);

/**
 * Wrong two-step codes per account, whatever the client address: one row per user, its count
 * since `windowStartedAt`, taken one at a time by a single upsert before a code is checked
 * (app/models/code-guesses.server.ts). `warnedAt`: when the owner was last emailed about it.
 */
export const twoStepCodeAttempts = pgTable("two_step_code_attempts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull(),
  warnedAt: timestamp("warned_at", { withTimezone: true }),
});

/** Browsers trusted for 30 days to skip the second step: SHA-256 of the cookie's token. */
export const twoStepTrustedBrowsers = pgTable(
  "two_step_trusted_browsers",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("two_step_trusted_browsers_user_idx").on(t.userId)],
);

// Website alerts (decision 017). The types are a lookup list the staff page
// offers ('release' among them). Audience roles: none means everyone signed in.
export const alertTypes = pgTable("alert_types", {
  name: text("name").primaryKey(),
  label: text("label").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const alerts = pgTable(
  "alerts",
  {
    id: serial("id").primaryKey(),
    alertType: text("alert_type")
      .notNull()
      .references(() => alertTypes.name),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** Markdown, rendered on the server (app/lib/markdown.server.ts). */
    content: text("content").notNull().default(""),
    audienceRoles: text("audience_roles").array().notNull().default(sql`'{}'::text[]`),
    severity: text("severity").notNull().default("information"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    popupDuration: integer("popup_duration").notNull().default(3000),
    notifyDate: timestamp("notify_date", { withTimezone: true }).notNull(),
    expireDate: timestamp("expire_date", { withTimezone: true }).notNull(),
    requestedBy: text("requested_by").notNull().default(""),
    isEnabled: boolean("is_enabled").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("alerts_window", sql`${t.expireDate} > ${t.notifyDate}`),
    check("alerts_popup_duration", sql`${t.popupDuration} BETWEEN 1000 AND 600000`),
    check(
      "alerts_severity",
      sql`${t.severity} IN ('critical', 'warning', 'information', 'info', 'success')`,
    ),
  ],
);

/** A user closed (or read) an alert: it stays closed on every device. */
export const alertViews = pgTable(
  "alert_views",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.alertId] }),
    index("alert_views_alert_idx").on(t.alertId),
  ],
);

/**
 * One counter, raised by a trigger on every write to `alerts` (from any process, or by hand):
 * the root's session read carries it, and each process keeps the alerts in memory while it is
 * unchanged.
 */
export const alertsVersion = pgTable(
  "alerts_version",
  {
    id: integer("id").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("alerts_version_single_row", sql`${t.id} = 1`)],
);

// FAQ (decision 018): questions grouped by category on /faq, in sortOrder.
// The answer is Markdown, rendered on the server (app/lib/markdown.server.ts). The anchor is
// the question's id on /faq (the export page links to #EXPORTINGDATA), unique whatever its case.
export const faqs = pgTable(
  "faqs",
  {
    id: serial("id").primaryKey(),
    category: text("category").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    anchor: text("anchor").notNull(),
    sortOrder: integer("sort_order").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("faqs_anchor_lower_idx").on(sql`lower(${t.anchor})`),
    index("faqs_sort_order_idx").on(t.sortOrder),
  ],
);

/**
 * One counter, raised in the same transaction as every change to the FAQs: a reorder carries
 * the version its page showed, and is refused if anyone saved in between.
 */
export const faqsVersion = pgTable(
  "faqs_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull().default(0),
  },
  (t) => [check("faqs_version_single_row", sql`${t.id} = 1`)],
);

// Glossary (decision 018): what each field of the record page
// means and where its data comes from, both Markdown. One entry per field name in a section.
export const glossaryEntries = pgTable(
  "glossary_entries",
  {
    id: serial("id").primaryKey(),
    recordSection: text("record_section").notNull(),
    fieldName: text("field_name").notNull(),
    fieldDescription: text("field_description").notNull(),
    sourceOfData: text("source_of_data").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("glossary_entries_section_name_idx").on(
      t.recordSection,
      sql`lower(${t.fieldName})`,
    ),
  ],
);

// Imaging and diagnostics (decision 019): contrast
// agents, radiopharmaceuticals and diagnostic tests, listed for members on /imagingdiagnostics
// (archived entries hidden) and kept by admins and editors. createdOrUpdatedBy is the signed-in
// user who last saved the entry, set by the server.
export const imagingDiagnostics = pgTable(
  "imaging_diagnostics",
  {
    id: serial("id").primaryKey(),
    category: text("category").notNull(),
    emaCode: text("ema_code").notNull().default(""),
    chemicalName: text("chemical_name").notNull(),
    tradeName: text("trade_name").notNull().default(""),
    indicationStatement: text("indication_statement").notNull(),
    createdOrUpdatedBy: integer("created_or_updated_by").references(() => users.id, {
      onDelete: "set null",
    }),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("imaging_diagnostics_archived_idx").on(t.archived, t.category)],
);

/**
 * The names an entry's events may take (API: getlookup?eventName), kept by staff in the
 * order the dropdown lists them; seeded with the EMA procedure milestones. A name in use
 * cannot be deleted (its events refer to it); renaming it renames every event.
 */
export const imagingEventNames = pgTable(
  "imaging_event_names",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("imaging_event_names_name_lower_idx").on(sql`lower(${t.name})`)],
);

/** An entry's events: (event name, date), in the order staff entered them. */
export const imagingDiagnosticsEvents = pgTable(
  "imaging_diagnostics_events",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => imagingDiagnostics.id, { onDelete: "cascade" }),
    eventNameId: integer("event_name_id")
      .notNull()
      .references(() => imagingEventNames.id, { onDelete: "restrict" }),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    index("imaging_diagnostics_events_entry_idx").on(t.entryId, t.eventDate),
    index("imaging_diagnostics_events_name_idx").on(t.eventNameId),
  ],
);

/**
 * A member's selection on /imagingdiagnostics: kept on the server like the search selection
 * (decision 007), but apart from it, so that neither page's Clear All or export touches the other.
 */
export const imagingSelectionItems = pgTable(
  "imaging_selection_items",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: integer("entry_id")
      .notNull()
      .references(() => imagingDiagnostics.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] })],
);

// High Impact Reports and topics. A report's PDF is kept in
// PostgreSQL as numbered bytea chunks (decision 020): any app process can serve it, a backup
// holds it, and it is written and read a chunk at a time, never as one value.
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

export const hirFiles = pgTable("hir_files", {
  id: serial("id").primaryKey(),
  byteSize: bigint("byte_size", { mode: "number" }).notNull().default(0),
  /** Set once every chunk is written and the PDF checked; an unfinished file has none. */
  completedAt: timestamp("completed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const hirFileChunks = pgTable(
  "hir_file_chunks",
  {
    fileId: integer("file_id")
      .notNull()
      .references(() => hirFiles.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

export const hirs = pgTable(
  "hirs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** The PDF; none when it was lost ('No file data Found'). */
    fileId: integer("file_id").references(() => hirFiles.id, { onDelete: "set null" }),
    /** The records the report covers (their record pages list it). */
    hssIds: text("hss_ids").array().notNull().default(sql`'{}'::text[]`),
    archived: boolean("archived").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("hirs_title_length", sql`char_length(${t.title}) <= 250`),
    index("hirs_updated_at_idx").on(t.updatedAt),
    index("hirs_hss_ids_idx").using("gin", t.hssIds),
  ],
);

export const hirTopics = pgTable(
  "hir_topics",
  {
    id: serial("id").primaryKey(),
    titleOfTopic: text("title_of_topic").notNull(),
    ihsiCategories: text("ihsi_categories").array().notNull().default(sql`'{}'::text[]`),
    publicationDate: date("publication_date", { mode: "string" }),
    hssId: text("hss_id").notNull(),
    archived: boolean("archived").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("hir_topics_hss_id_idx").on(t.hssId)],
);

// Background jobs (decision 022): work that can take longer than a request, with its progress.
// A POST stores the row and redirects to the job's page; a worker in any app process claims
// it (app/models/work.server.ts) and writes its progress here as it goes.
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state").notNull().default("queued"),
    input: jsonb("input").notNull(),
    result: jsonb("result"),
    error: text("error"),
    phase: text("phase").notNull().default(""),
    done: integer("done").notNull().default(0),
    total: integer("total"),
    attempts: integer("attempts").notNull().default(0),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    worker: text("worker"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    phaseStartedAt: timestamp("phase_started_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_waiting_idx").on(t.createdAt).where(sql`${t.state} IN ('queued', 'running')`),
    index("jobs_user_idx").on(t.userId, t.createdAt),
    check(
      "jobs_state_check",
      sql`${t.state} IN ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
    check("jobs_progress_check", sql`${t.done} >= 0 AND (${t.total} IS NULL OR ${t.total} >= 0)`),
  ],
);

/**
 * Bearer tokens of the JSON API (decision 023). Only a SHA-256 of the token is stored, as for
 * sessions; a token ends at expires_at, at sign-out, or when its user is suspended, deleted
 * or resets the password (the rows are deleted in the same transaction).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // 'access' for calls; 'two-step' for the one code call after a right password.
    purpose: text("purpose").notNull().default("access"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("api_tokens_user_idx").on(t.userId),
    check("api_tokens_purpose_check", sql`${t.purpose} IN ('access', 'two-step')`),
  ],
);

/**
 * The answers of API calls sent with an Idempotency-Key (app/api/idempotency.server.ts), per
 * user and key, for a day: a retry with the same key gets the stored answer and changes
 * nothing again. `status` is null while the first call is still running.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** The operation's id and a SHA-256 of its query and body: a key is for one request. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    headers: jsonb("headers").$type<[string, string][]>(),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("api_idempotency_keys_created_idx").on(t.createdAt),
  ],
);
