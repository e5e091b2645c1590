/**
 * Imaging and diagnostics and its export: the members'
 * list of /imagingdiagnostics and the staff's register of /dashboard/imagingdiagnostics, over
 * the same model. Entries are checked by the dashboard form's schema, so the API refuses what
 * the form refuses, in the same words.
 */
import { z } from "zod";
import { ApiError } from "~/api/errors.server";
import { type AnyOperation, defineOperation, fieldErrors } from "~/api/operation.server";
import { can } from "~/lib/roles";
import {
  createImagingEntry,
  deleteImagingEntry,
  entryLabel,
  eventMessages,
  exportImagingEntries,
  getImagingEntry,
  IMAGING_LIMIT,
  type ImagingEntry,
  imagingFormSchema,
  listEventNames,
  listImagingEntries,
  toggleImagingArchived,
  unknownEventNames,
  updateImagingEntry,
  xlsxDownload,
} from "~/models/imaging-diagnostics.server";
import type { User } from "~/models/users.server";

const GROUP = "Imaging and diagnostics";
const MEMBERS_PAGE = "/imagingdiagnostics";
const STAFF_PAGE = "/dashboard/imagingdiagnostics";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const isStaff = (user: User | null) => Boolean(user && can(user.roles, "manageContent"));

/** The token's user: always there for a call that needs a token (the wrapper checked it). */
function signedIn(user: User | null): User {
  if (!user) throw new ApiError("TOKEN_NOT_FOUND");
  return user;
}

// ---- Schemas ------------------------------------------------------------------------------

const imagingId = z.coerce
  .number({ error: "Give the imagingAndDiagnosticsId, a whole number" })
  .int("Give the imagingAndDiagnosticsId, a whole number")
  .positive("Give the imagingAndDiagnosticsId, a whole number")
  .max(2_147_483_647, "No entry has this imagingAndDiagnosticsId");

const idQuery = z.object({
  imagingAndDiagnosticsId: imagingId.meta({ description: "The entry's imagingAndDiagnosticsId." }),
});

const isoDateTime = (value: string) => new Date(value).toISOString();

export const imagingEvent = z
  .object({
    nameId: z.number().int().meta({ description: "The event name's id (getlookup)." }),
    name: z.string(),
    date: z.iso.date(),
  })
  .meta({ id: "ImagingEvent" });

export const imagingEntry = z
  .object({
    imagingAndDiagnosticsId: z.number().int(),
    category: z.string(),
    emaCode: z.string().meta({ description: "EMEA/H/C/ and 6 digits, or empty." }),
    chemicalName: z.string(),
    tradeName: z.string().meta({ description: "Empty when it has none." }),
    indicationStatement: z.string(),
    archived: z.boolean(),
    createdOrUpdatedBy: z.number().int().nullable().optional().meta({
      description:
        "Staff only (as on the register): the id of the user who last created, edited or archived it.",
    }),
    createdOrUpdatedByName: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "Staff only: that user's name." }),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
    events: z.array(imagingEvent).meta({ description: "In the order staff entered them." }),
  })
  .meta({ id: "ImagingEntry" });

/** An entry as the API answers it; who edited it only for staff, as the members' page hides it. */
function toApiEntry(entry: ImagingEntry, staff: boolean): z.output<typeof imagingEntry> {
  return {
    imagingAndDiagnosticsId: entry.id,
    category: entry.category,
    emaCode: entry.emaCode,
    chemicalName: entry.chemicalName,
    tradeName: entry.tradeName,
    indicationStatement: entry.indicationStatement,
    archived: entry.archived,
    ...(staff
      ? {
          createdOrUpdatedBy: entry.createdOrUpdatedBy,
          createdOrUpdatedByName: entry.createdOrUpdatedByName,
        }
      : {}),
    createdDate: isoDateTime(entry.createdAt),
    updatedDate: isoDateTime(entry.updatedAt),
    events: entry.events,
  };
}

/** The entry's fields as JSON. Blank strings count as not given, as the form's blank fields do. */
const entryFields = {
  category: z.string().optional().meta({ description: "Cannot be blank. At most 100 characters." }),
  emaCode: z
    .string()
    .optional()
    .meta({ description: "EMEA/H/C/ and 6 digits, optionally with a procedure (/II/0012)." }),
  chemicalName: z
    .string()
    .optional()
    .meta({ description: "Cannot be blank. At most 200 characters." }),
  tradeName: z.string().optional().meta({ description: "At most 200 characters." }),
  indicationStatement: z
    .string()
    .optional()
    .meta({ description: "Cannot be blank. At most 2,000 characters." }),
  events: z
    .array(
      z.object({
        nameId: z
          .number()
          .int()
          .optional()
          .meta({ description: "An event name's id (getlookup)." }),
        date: z.string().optional().meta({ description: "YYYY-MM-DD, between 1950 and 2100." }),
      }),
    )
    .optional()
    .meta({
      description:
        "At most 30. A row with neither a name nor a date is dropped, as on the form; any other row needs both.",
    }),
};
type EntryFields = z.output<z.ZodObject<typeof entryFields>>;

const blank = (value: string | undefined) => (value?.trim() ? value : undefined);

/** The JSON as the form's values: what conform hands the form's schema. */
function asFormValues(fields: EntryFields) {
  return {
    category: blank(fields.category),
    emaCode: blank(fields.emaCode),
    chemicalName: blank(fields.chemicalName),
    tradeName: blank(fields.tradeName),
    indicationStatement: blank(fields.indicationStatement),
    events: (fields.events ?? []).map((event) => ({
      nameId: event.nameId,
      date: blank(event.date),
    })),
  };
}

/** The form's checks, then that each event name is in the lookup (as the form checks it). */
async function checkedEntry(fields: EntryFields) {
  const parsed = imagingFormSchema.safeParse(asFormValues(fields));
  if (!parsed.success)
    throw new ApiError("VALIDATION_FAILED", undefined, {
      errors: fieldErrors(parsed.error, "body"),
    });
  const unknown = await unknownEventNames(parsed.data);
  if (unknown.length)
    throw new ApiError("VALIDATION_FAILED", undefined, {
      errors: Object.fromEntries(
        unknown.map((row) => [`body.events.${row}.nameId`, [eventMessages.unknownName(row + 1)]]),
      ),
    });
  return parsed.data;
}

const exampleEntry = {
  category: "Contrast agent (MRI)",
  emaCode: "EMEA/H/C/006123",
  chemicalName: "gadoquatrane",
  tradeName: "",
  indicationStatement:
    "Contrast-enhanced MRI of the central nervous system in adults and children.",
  events: [
    { nameId: 3, date: "2025-01-15" },
    { nameId: 5, date: "2025-02-20" },
  ],
};

const success = z.object({
  responseCode: z.literal("SUCCESS"),
  message: z.string(),
  imagingAndDiagnosticsId: z.number().int(),
});

// ---- Operations ---------------------------------------------------------------------------

export const getImaging = defineOperation({
  id: "getImagingAndDiagnostics",
  method: "POST",
  path: "/diagnosticsandimaging/get",
  group: GROUP,
  summary:
    "Lists the entries with their events, latest event first: those not archived, as members see them; with excludeArchived false (admins and editors only, as on the register) archived ones too.",
  access: "user",
  page: MEMBERS_PAGE,
  body: z
    .object({
      limit: z.number().int().min(1).max(IMAGING_LIMIT).default(IMAGING_LIMIT),
      offset: z.number().int().min(0).max(1_000_000).default(0),
      excludeArchived: z.boolean().default(true).meta({
        description:
          "False includes archived entries: only admins and editors may (the register, /dashboard/imagingdiagnostics).",
      }),
    })
    .prefault({}),
  response: z
    .object({
      imagingAndDiagnostics: z.array(imagingEntry),
      totalCount: z
        .number()
        .int()
        .meta({ description: "Every entry in scope, past the limit too." }),
    })
    .meta({ id: "ImagingList" }),
  errors: ["FORBIDDEN"],
  example: { body: { limit: 1000, offset: 0, excludeArchived: true } },
  async handle({ user, body }) {
    const staff = isStaff(user);
    if (!body.excludeArchived && !staff) throw new ApiError("FORBIDDEN");
    const { entries, total } = await listImagingEntries({
      limit: body.limit,
      offset: body.offset,
      includeArchived: !body.excludeArchived,
    });
    return {
      imagingAndDiagnostics: entries.map((entry) => toApiEntry(entry, staff)),
      totalCount: total,
    };
  },
});

export const getImagingLookup = defineOperation({
  id: "getImagingEventNames",
  method: "GET",
  path: "/diagnosticsandimaging/getlookup",
  group: GROUP,
  summary:
    "The event names an entry's events take (the form's dropdown), in the dropdown's order. With `eventName`, only the names containing it (any case).",
  access: "manageContent",
  page: `${STAFF_PAGE}/eventnames`,
  query: z.object({
    eventName: z.string().trim().max(100).optional().meta({
      description: "Only names containing this text (any case). Empty or absent: every name.",
    }),
  }),
  response: z
    .object({
      eventNames: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          uses: z.number().int().meta({
            description: "How many events have this name (a name in use cannot be deleted).",
          }),
        }),
      ),
    })
    .meta({ id: "ImagingEventNames" }),
  example: { query: { eventName: "" } },
  async handle({ query }) {
    const wanted = query.eventName?.toLowerCase() ?? "";
    const names = await listEventNames();
    return { eventNames: names.filter((name) => name.name.toLowerCase().includes(wanted)) };
  },
});

export const createImaging = defineOperation({
  id: "createImagingAndDiagnostics",
  method: "POST",
  path: "/diagnosticsandimaging/create",
  group: GROUP,
  summary:
    "Adds an entry, checked as the dashboard's form checks it (the same messages). createdOrUpdatedBy is the token's user, whatever is sent.",
  access: "manageContent",
  page: `${STAFF_PAGE}/new`,
  body: z.object(entryFields).meta({
    id: "ImagingEntryInput",
    "x-required": ["category", "chemicalName", "indicationStatement"],
  }),
  response: imagingEntry,
  status: 201,
  example: { body: exampleEntry },
  async handle({ user, body }) {
    const input = await checkedEntry(body);
    const id = await createImagingEntry(input, signedIn(user).id);
    const entry = await getImagingEntry(id);
    if (!entry) throw new ApiError("NOT_FOUND");
    return toApiEntry(entry, true);
  },
});

export const updateImaging = defineOperation({
  id: "updateImagingAndDiagnostics",
  method: "POST",
  path: "/diagnosticsandimaging/update",
  group: GROUP,
  summary:
    "Saves an entry, checked as the edit form checks it. A field not sent keeps its value, as the edit form starts from the entry's values; events, when sent, replace the entry's events (an empty list removes them).",
  access: "manageContent",
  page: `${STAFF_PAGE}/$entryId`,
  body: z
    .object({ imagingAndDiagnosticsId: imagingId, ...entryFields })
    .meta({ id: "ImagingEntryUpdate" }),
  response: imagingEntry,
  errors: ["NOT_FOUND"],
  example: {
    body: { imagingAndDiagnosticsId: 1, indicationStatement: "Contrast-enhanced MRI in adults." },
  },
  async handle({ user, body }) {
    const { imagingAndDiagnosticsId: id, ...sent } = body;
    const current = await getImagingEntry(id);
    if (!current) throw new ApiError("NOT_FOUND");
    const defined = Object.fromEntries(
      Object.entries(sent).filter(([, value]) => value !== undefined),
    ) as EntryFields;
    const input = await checkedEntry({
      category: current.category,
      emaCode: current.emaCode,
      chemicalName: current.chemicalName,
      tradeName: current.tradeName,
      indicationStatement: current.indicationStatement,
      events: current.events.map(({ nameId, date }) => ({ nameId, date })),
      ...defined,
    });
    if (!(await updateImagingEntry(id, input, signedIn(user).id))) throw new ApiError("NOT_FOUND");
    const entry = await getImagingEntry(id);
    if (!entry) throw new ApiError("NOT_FOUND");
    return toApiEntry(entry, true);
  },
});

export const deleteImaging = defineOperation({
  id: "deleteImagingAndDiagnostics",
  method: "POST",
  path: "/diagnosticsandimaging/delete",
  group: GROUP,
  summary: "Deletes an entry and its events for good.",
  access: "manageContent",
  page: `${STAFF_PAGE}/$entryId/delete`,
  query: idQuery,
  response: success.meta({ id: "ImagingDeleted" }),
  errors: ["NOT_FOUND"],
  example: { query: { imagingAndDiagnosticsId: "60" } },
  async handle({ query }) {
    const entry = await getImagingEntry(query.imagingAndDiagnosticsId);
    if (!entry || !(await deleteImagingEntry(entry.id))) throw new ApiError("NOT_FOUND");
    return {
      responseCode: "SUCCESS" as const,
      message: `Entry deleted: ${entryLabel(entry)}.`,
      imagingAndDiagnosticsId: entry.id,
    };
  },
});

export const archiveToggleImaging = defineOperation({
  id: "archiveToggleImagingAndDiagnostics",
  method: "POST",
  path: "/diagnosticsandimaging/archiveToggle",
  group: GROUP,
  summary:
    "Archives an entry (members no longer see it) or unarchives it; answers the entry with its new state.",
  access: "manageContent",
  page: STAFF_PAGE,
  query: idQuery,
  response: imagingEntry,
  errors: ["NOT_FOUND"],
  example: { query: { imagingAndDiagnosticsId: "1" } },
  async handle({ user, query }) {
    const archived = await toggleImagingArchived(query.imagingAndDiagnosticsId, signedIn(user).id);
    const entry =
      archived === null ? undefined : await getImagingEntry(query.imagingAndDiagnosticsId);
    if (!entry) throw new ApiError("NOT_FOUND");
    return toApiEntry(entry, true);
  },
});

const hssId = z.union([
  z.number().int().positive().max(2_147_483_647),
  z
    .string()
    .regex(/^\d{1,10}$/, "Give each id as a whole number")
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
]);

export const exportImaging = defineOperation({
  id: "exportImagingAndDiagnostics",
  method: "POST",
  path: "/diagnosticsandimaging/export",
  group: "Export",
  summary:
    "The listed entries (imagingAndDiagnosticsIds; every entry when the list is empty) as an Excel (XLSX) file, in the list's order, at most 1,000: the members' file, without archived entries; for admins and editors the register's file, with archived entries, or only them with exportOnlyArchived=true (admins and editors only, as on the register). NOT_FOUND when nothing is left to export.",
  access: "user",
  page: `${MEMBERS_PAGE}/export`,
  query: z.object({
    exportOnlyArchived: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true")
      .meta({ description: "true: only archived entries (admins and editors only)." }),
  }),
  body: z
    .array(hssId)
    .max(IMAGING_LIMIT, `Give at most ${IMAGING_LIMIT} ids`)
    .default([])
    .meta({ description: "The imagingAndDiagnosticsIds of the entries to export." }),
  response: { file: [XLSX] },
  errors: ["FORBIDDEN", "NOT_FOUND"],
  example: { query: { exportOnlyArchived: "false" }, body: [1, 2, 3] },
  async handle({ user, query, body }) {
    const staff = isStaff(user);
    // Archived entries are the register's (/dashboard/imagingdiagnostics/export).
    if (query.exportOnlyArchived && !staff) throw new ApiError("FORBIDDEN");
    const file = await exportImagingEntries([...new Set(body)], {
      staff,
      onlyArchived: query.exportOnlyArchived,
    });
    if (file.count === 0)
      throw new ApiError(
        "NOT_FOUND",
        query.exportOnlyArchived
          ? "There are no archived entries to export."
          : "There is nothing to export: none of the entries asked for is there.",
      );
    return xlsxDownload(
      file,
      query.exportOnlyArchived ? "imaging-and-diagnostics-archived" : "imaging-and-diagnostics",
    );
  },
});

export const imagingOperations: AnyOperation[] = [
  getImaging,
  getImagingLookup,
  createImaging,
  updateImaging,
  deleteImaging,
  archiveToggleImaging,
  exportImaging,
];
