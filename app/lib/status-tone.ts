/** How the alert bar shows a severity. */
export type BarSeverity = "error" | "warning" | "info" | "success";

/**
 * The house style's tones (docs/design.md): five colours, and information, which wears
 * progress's blue with an icon of its own. Each status the product shows is one of
 * them, drawn as its word with an icon and a tint, never by colour alone.
 */
export type Tone = "positive" | "progress" | "information" | "caution" | "negative" | "neutral";

/** The icon of each tone: a shape that differs as well as the colour. */
export const TONE_ICON: Record<Tone, string> = {
  positive: "✔",
  progress: "➜",
  information: "ℹ",
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

/** A clinical trial's recruitment status (TRIAL_STATUSES, app/records/vocabulary.ts). */
const TRIAL: Record<string, Tone> = {
  "Not yet recruiting": "neutral",
  Recruiting: "progress",
  "Active, not recruiting": "progress",
  Completed: "positive",
  Terminated: "negative",
  Suspended: "caution",
  Withdrawn: "caution",
};

const SEVERITY: Record<BarSeverity, Tone> = {
  error: "negative",
  warning: "caution",
  // Progress's blue, with the alert bar's "ℹ": an arrow said "moving on", not "for your information".
  info: "information",
  success: "positive",
};

/** An upcoming HIR topic: shown to members, or archived. */
const TOPIC: Record<string, Tone> = {
  Shown: "positive",
  Archived: "neutral",
};

/** A High Impact Report: published to members, or archived. */
const HIR: Record<string, Tone> = {
  Published: "positive",
  Archived: "neutral",
};

/** An import's state, in the words of IMPORT_STATES (app/records/import-states.ts). */
const IMPORT: Record<string, Tone> = {
  "Being checked": "progress",
  "Checked, waiting to be applied": "progress",
  "Rejected: has errors": "negative",
  "Being applied": "progress",
  Applied: "positive",
  Cancelled: "neutral",
};

/** A user account, in the words of statusText (app/components/users/ListControls.tsx). */
const ACCOUNT: Record<string, Tone> = {
  Active: "positive",
  Suspended: "caution",
  Deleted: "negative",
  "Deleted, suspended": "negative",
};

/** An alert on Manage alerts: whether the bar shows it now. */
const ALERT_STATE: Record<string, Tone> = {
  Showing: "positive",
  Scheduled: "progress",
  Expired: "neutral",
  Disabled: "neutral",
};

export type StatusKind =
  | "record"
  | "eu"
  | "fda"
  | "trial"
  | "severity"
  | "topic"
  | "hir"
  | "import"
  | "account"
  | "alert";

const TONES: Record<StatusKind, Record<string, Tone>> = {
  record: RECORD,
  eu: EU,
  fda: FDA,
  trial: TRIAL,
  severity: SEVERITY,
  topic: TOPIC,
  hir: HIR,
  import: IMPORT,
  account: ACCOUNT,
  alert: ALERT_STATE,
};

/** The tone of a status value; a value the vocabulary does not know is neutral. */
export function statusTone(kind: StatusKind, value: string | null | undefined): Tone {
  return (value && TONES[kind][value]) || "neutral";
}
