import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, schema } from "~/db/client.server";

const { siteSettings } = schema;

export interface SiteSettings {
  environmentLabel: string;
  emailNotificationPopup: boolean;
  enableStubRecords: boolean;
  enableMaaIndications: boolean;
  requireStaffTwoStep: boolean;
}

const DEFAULTS: SiteSettings = {
  environmentLabel: "",
  emailNotificationPopup: false,
  enableStubRecords: false,
  enableMaaIndications: false,
  // A new store asks staff for two-step sign-in until an admin says otherwise.
  requireStaffTwoStep: true,
};

/**
 * The settings row's version: its xmin, which every write to the row changes, from any
 * process or by hand. Fold it into a statement a request makes anyway (the session lookup)
 * and pass it to getSiteSettings, which then answers from memory while it is unchanged.
 */
export const settingsVersion = sql<
  string | null
>`(SELECT ${siteSettings}.xmin::text FROM ${siteSettings} WHERE ${siteSettings.id} = 1)`;

// The settings as last read in this process, with their version and database (xmins of two databases may meet).
let cached: { db: Db; version: string | null; settings: SiteSettings } | undefined;

/** The site settings: from memory when `version` (settingsVersion, just read) matches; otherwise read. */
export async function getSiteSettings(version?: string | null): Promise<SiteSettings> {
  const db = await getDb();
  if (cached?.db === db && version !== undefined && cached.version === version)
    return cached.settings;
  const [row] = await db
    .select({
      environmentLabel: siteSettings.environmentLabel,
      emailNotificationPopup: siteSettings.emailNotificationPopup,
      enableStubRecords: siteSettings.enableStubRecords,
      enableMaaIndications: siteSettings.enableMaaIndications,
      requireStaffTwoStep: siteSettings.requireStaffTwoStep,
      version: sql<string | null>`${siteSettings}.xmin::text`,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  const { version: current, ...settings } = row ?? { ...DEFAULTS, version: null };
  cached = { db, version: current, settings };
  return settings;
}

export async function updateSiteSettings(values: SiteSettings, updatedBy: number) {
  const db = await getDb();
  await db
    .insert(siteSettings)
    .values({ id: 1, ...values, updatedBy, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { ...values, updatedBy, updatedAt: new Date() },
    });
}

/** The header's environment label: the configured one, else 'Local' on localhost. */
export function environmentLabel(settings: SiteSettings, request: Request): string {
  if (settings.environmentLabel) return settings.environmentLabel;
  const { hostname } = new URL(request.url);
  return ["localhost", "127.0.0.1", "[::1]", "::1"].includes(hostname) ? "Local" : "";
}

export const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

export const settingsSchema = z.object({
  environmentLabel: z
    .string()
    .trim()
    .max(30, "Environment label must be 30 characters or fewer")
    .regex(
      /^[\p{L}\p{N} ._-]*$/u,
      "Environment label can only use letters, numbers, spaces, dots, dashes and underscores",
    )
    .default(""),
  emailNotificationPopup: checkbox,
  enableStubRecords: checkbox,
  enableMaaIndications: checkbox,
  requireStaffTwoStep: checkbox,
});
