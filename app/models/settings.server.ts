import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, schema } from "~/db/client.server";

const { siteSettings } = schema;

export interface SiteSettings {
  environmentLabel: string;
  emailNotificationPopup: boolean;
  enableStubRecords: boolean;
  enableMaaIndications: boolean;
}

const DEFAULTS: SiteSettings = {
  environmentLabel: "",
  emailNotificationPopup: false,
  enableStubRecords: false,
  enableMaaIndications: false,
};

export async function getSiteSettings(): Promise<SiteSettings> {
  const db = await getDb();
  const [row] = await db
    .select({
      environmentLabel: siteSettings.environmentLabel,
      emailNotificationPopup: siteSettings.emailNotificationPopup,
      enableStubRecords: siteSettings.enableStubRecords,
      enableMaaIndications: siteSettings.enableMaaIndications,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row ?? DEFAULTS;
}

export async function updateSiteSettings(values: SiteSettings, updatedBy: number) {
  const db = await getDb();
  await db
    .insert(siteSettings)
    .values({ id: 1, ...values, updatedBy, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedBy, updatedAt: new Date() } });
}

/** The header's environment label: the configured one, else 'Local' on localhost. */
export function environmentLabel(settings: SiteSettings, request: Request): string {
  if (settings.environmentLabel) return settings.environmentLabel;
  const { hostname } = new URL(request.url);
  return ["localhost", "127.0.0.1", "[::1]", "::1"].includes(hostname) ? "Local" : "";
}

export const checkbox = z.literal("on").optional().transform((value) => value === "on");

export const settingsSchema = z.object({
  environmentLabel: z
    .string()
    .trim()
    .max(30, "Environment label must be 30 characters or fewer")
    .regex(/^[\p{L}\p{N} ._-]*$/u, "Environment label can only use letters, numbers, spaces, dots, dashes and underscores")
    .default(""),
  emailNotificationPopup: checkbox,
  enableStubRecords: checkbox,
  enableMaaIndications: checkbox,
});
