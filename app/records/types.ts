// Types only: erased at build time, so the browser bundle gets none of the zod schema.
export type { HssRecord } from "./schema.server";
export type { ChangeLogEntry, RecordView } from "~/models/records.server";
