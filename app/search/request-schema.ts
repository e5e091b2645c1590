/**
 * The search request as one zod schema: its type is `SearchRequest`
 * (request.ts takes it from here with a type-only import, so zod stays out of the browser),
 * and the JSON API parses request bodies with it. Omitted keys take the defaults
 * (size 20, from 0, no sort, phrase '*'; docs/product.md).
 *
 * Only the shape is checked here; what depends on the site's filters (a filter that exists,
 * a date field compared with "between") is checked by checkSearchRequest (request.server.ts),
 * with the same rules and words as the advanced search form.
 */
import { z } from "zod";
import { OPERATORS, SORT_FIELDS } from "./request";

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Write the date as YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "The date must be a real date");

const year = z.number().int().min(1000).max(9999);

export const basicFilterGroupSchema = z
  .object({
    filterId: z.string().min(1).max(100),
    values: z.array(z.string().trim().min(1).max(300)).min(1).max(100),
  })
  .meta({ id: "BasicFilterGroup", description: "Records with any of the values of one filter." });

export const advancedRowSchema = z
  .object({
    filterId: z.string().max(100),
    operator: z.enum(OPERATORS).default("contains"),
    /** The text of contains / is / is not; booleans are sent as text ("true"). */
    fieldValue: z.string().max(300).default(""),
    /** YYYY-MM-DD, for between dates. */
    dateFrom: z.union([isoDate, z.literal("")]).default(""),
    dateTo: z.union([isoDate, z.literal("")]).default(""),
    /** How this row joins the rows before it (ignored on the first). */
    join: z.enum(["and", "or"]).default("and"),
  })
  .meta({ id: "AdvancedRow", description: "One row of an advanced search." });

export const searchRequestSchema = z
  .object({
    size: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(20)
      .meta({ description: "Hits per page (1 to 100)." }),
    from: z.number().int().min(0).default(0).meta({
      description:
        "Hits to skip: the page times size. The first 10,000 results can be paged through.",
    }),
    sortBy: z
      .enum(SORT_FIELDS)
      .nullable()
      .default(null)
      .meta({ description: "Relevance when null." }),
    sortOrder: z.enum(["asc", "desc"]).nullable().default(null),
    searchPhrase: z.string().trim().max(500).default("*").meta({
      description: 'Words, "quoted phrases", OR, -exclusions and prefix*; * finds everything.',
    }),
    lastUpdatedDateFrom: isoDate
      .nullable()
      .default(null)
      .meta({ description: "YYYY-MM-DD, included." }),
    lastUpdatedDateTo: isoDate
      .nullable()
      .default(null)
      .meta({ description: "YYYY-MM-DD, included." }),
    emaTimelineFrom: isoDate
      .nullable()
      .default(null)
      .meta({ description: "Records with an EU event on or after this date (YYYY-MM-DD)." }),
    emaTimelineTo: isoDate
      .nullable()
      .default(null)
      .meta({ description: "Records with an EU event on or before this date (YYYY-MM-DD)." }),
    /** The EU event the timeline range applies to (any event when null). */
    emaEventsByDateRangeAndEventNameFilter: z
      .object({ eventName: z.string().min(1).max(200) })
      .nullable()
      .default(null)
      .meta({ description: "The EU event the timeline dates apply to; any event when null." }),
    /**
     * Years (both included) of each record's next or last EU event: the first one dated
     * today or later, else the latest before today (the search charts' histogram, decision 021).
     * Absent in requests saved before it existed.
     */
    emaNextOrLastEventYearFrom: year.nullable().optional(),
    emaNextOrLastEventYearTo: year.nullable().optional(),
    basicSearchFilter: z.array(basicFilterGroupSchema).max(60).default([]).meta({
      description: "Filter groups: a record must match every group, and any value within one.",
    }),
    isAdvancedSearch: z
      .boolean()
      .default(false)
      .meta({ description: "Whether advanceSearchFilter applies." }),
    advanceSearchFilter: z
      .array(advancedRowSchema)
      .max(20)
      .default([])
      .meta({ description: "Advanced rows, each joined to the rows before it by and/or." }),
  })
  .meta({ id: "SearchRequest" });
