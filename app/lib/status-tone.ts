import type { BarSeverity } from "~/models/alerts.server";

/**
 * The house style's five tones (docs/design.md). Each status the product shows is one of
 * them, drawn as its word with an icon and a tint, never by colour alone.
 */
export type Tone = "positive" | "progress" | "caution" | "negative" | "neutral";

/** The icon of each tone: a shape that differs as well as the colour. */
export const TONE_ICON: Record<Tone, string> = {
  positive: "✔",
  progress: "➜",
  caution: "⚠",
  negative: "✖",
  neutral: "○",
};

const RECORD: Record<string, Tone> = {
  Active: "positive",
  Monitoring: "progress",
  Archived: "neutral",
  Discontinued: "negative",
};

const EU: Record<string, Tone> = {
  "Pre-submission": "neutral",
  "MAA submitted": "progress",
  "MAA under evaluation": "progress",
  "CHMP positive opinion": "progress",
  "CHMP negative opinion": "negative",
  Authorised: "positive",
  "Conditional marketing authorisation": "positive",
  "Authorised under exceptional circumstances": "positive",
  "Application withdrawn": "caution",
  Refused: "negative",
};

const FDA: Record<string, Tone> = {
  "Pre-IND": "neutral",
  "IND active": "neutral",
  "NDA submitted": "progress",
  "BLA submitted": "progress",
  "Under priority review": "progress",
  "Under standard review": "progress",
  Approved: "positive",
  "Accelerated approval": "positive",
  "Complete response letter": "negative",
  Withdrawn: "caution",
};

const SEVERITY: Record<BarSeverity, Tone> = {
  error: "negative",
  warning: "caution",
  info: "progress",
  success: "positive",
};

export type StatusKind = "record" | "eu" | "fda" | "severity";

const TONES: Record<StatusKind, Record<string, Tone>> = {
  record: RECORD,
  eu: EU,
  fda: FDA,
  severity: SEVERITY,
};

/** The tone of a status value; a value the vocabulary does not know is neutral. */
export function statusTone(kind: StatusKind, value: string | null | undefined): Tone {
  return (value && TONES[kind][value]) || "neutral";
}
