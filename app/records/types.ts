// Types only: erased at build time, so the browser bundle gets none of the zod schema.
import type { HssRecord } from "./schema.server";

export type { HssRecord };

export interface ChangeLogEntry {
  id: number;
  changedAt: string;
  version: number;
  state: string;
  section: string;
  field: string;
  before: string | null;
  after: string | null;
}

export interface RecordView {
  hssId: string;
  document: HssRecord;
  version: number;
  state: "published" | "staged";
  /** When this version was published (or staged). */
  versionAt: string;
  firstPublishedAt: string | null;
  changeLog: ChangeLogEntry[];
  /** Which related hssIds exist and are published: only those are links. */
  publishedRelated: string[];
}
