import { z } from "zod";
import * as v from "./vocabulary";

/**
 * The single definition of an HSS record. Imports are validated against it, the record
 * page renders it, and the search registry reads its filter values from it. Every
 * section of the print list (sections.ts) is here, except the change log, which the
 * database derives from the differences between versions.
 *
 * Strict objects: an unknown field in an import is an error (most likely a typo that
 * would otherwise be dropped without a word).
 */

const text = (max = 500) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
const optionalText = (max = 500) => text(max).optional();
const list = <T extends z.ZodType>(item: T, max = 200) =>
  z.array(item).max(max, `must have at most ${max} items`).default([]);

/** A calendar date written YYYY-MM-DD (UTC): what the record page and exports show. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "is not a real date");

export const HSS_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
export const hssIdSchema = z
  .string()
  .trim()
  .regex(HSS_ID_PATTERN, "must be 1 to 40 letters, digits, hyphens or underscores");

const recordLink = z.strictObject({
  hssId: hssIdSchema,
  title: text(300),
});

const regulatoryEvent = <Events extends readonly [string, ...string[]]>(events: Events) =>
  z.strictObject({
    event: z.enum(events),
    date: isoDateSchema,
    note: optionalText(500),
  });

const trial = <Registries extends readonly [string, ...string[]]>(registries: Registries) =>
  z.strictObject({
    trialId: text(40),
    registry: z.enum(registries),
    title: text(400),
    phase: z.enum(v.TRIAL_PHASES),
    status: z.enum(v.TRIAL_STATUSES),
    sponsor: optionalText(200),
    enrolment: z.number().int().min(0).max(1_000_000).optional(),
    startDate: isoDateSchema.optional(),
    primaryCompletionDate: isoDateSchema.optional(),
    countries: list(text(80), 100),
  });

export const recordSchema = z.strictObject({
  hssId: hssIdSchema,
  title: text(300),
  recordStatus: z.enum(v.RECORD_STATUSES),
  lastUpdated: isoDateSchema,
  stubRecord: z.boolean().default(false),
  firstInClass: z.boolean().default(false),

  activeCompound: z.strictObject({
    substanceName: text(150),
    brandName: optionalText(150),
    synonyms: list(text(150), 50),
    technologyType: z.enum(v.TECHNOLOGY_TYPES),
    drugClass: text(200),
    target: optionalText(200),
    mechanismOfAction: optionalText(1000),
    orphanDesignation: z.boolean().default(false),
  }),

  estimatedIndication: z.strictObject({
    indication: text(500),
    therapeuticArea: text(150),
    population: optionalText(500),
    lineOfTherapy: optionalText(100),
  }),

  comparators: list(
    z.strictObject({
      name: text(200),
      type: z.enum(v.COMPARATOR_TYPES),
    }),
    50,
  ),

  organisations: z
    .array(
      z.strictObject({
        name: text(200),
        role: z.enum(v.ORGANISATION_ROLES),
        country: optionalText(80),
      }),
    )
    .min(1, "must name at least one organisation")
    .max(50, "must have at most 50 items"),

  classificationAndCodes: z.strictObject({
    atcCode: z
      .string()
      .trim()
      .regex(/^[A-Z]\d{2}[A-Z]{0,2}\d{0,2}$/, "must be an ATC code such as L01FF02")
      .optional(),
    atcDescription: optionalText(200),
    ihsiCategory: z.enum(v.IHSI_CATEGORIES),
    meddra: z.strictObject({
      soc: z.enum(v.MEDDRA_SOCS),
      hlgt: optionalText(200),
      hlt: optionalText(200),
      pt: optionalText(200),
      llt: optionalText(200),
    }),
    icd10: optionalText(20),
  }),

  administrationInformation: z.strictObject({
    route: text(100),
    dosageForm: optionalText(150),
    dosing: optionalText(500),
    setting: z.enum(v.CARE_SETTINGS).optional(),
  }),

  diseaseInformation: z.strictObject({
    disease: text(300),
    description: optionalText(4000),
    prevalence: optionalText(300),
    incidence: optionalText(300),
    currentTreatment: optionalText(2000),
  }),

  regulatoryInformation: z.strictObject({
    ema: z.strictObject({
      status: z.enum(v.EU_STATUSES),
      procedureType: z.enum(v.EU_PROCEDURE_TYPES).optional(),
      procedureNumber: optionalText(40),
      primeEligible: z.boolean().default(false),
      maaIndications: list(text(1000), 20),
      chmpOpinionIndication: optionalText(2000),
      events: list(regulatoryEvent(v.EMA_EVENTS), 100),
    }),
    fda: z.strictObject({
      status: z.enum(v.FDA_STATUSES).optional(),
      applicationType: z.enum(v.FDA_APPLICATION_TYPES).optional(),
      applicationNumber: optionalText(40),
      breakthroughTherapy: z.boolean().default(false),
      fastTrack: z.boolean().default(false),
      events: list(regulatoryEvent(v.FDA_EVENTS), 100),
    }),
  }),

  clinicalTrials: z.strictObject({
    euClinicalTrialRegistries: list(trial(v.TRIAL_REGISTRIES.eu), 200),
    usClinicalTrialRegistries: list(trial(v.TRIAL_REGISTRIES.us), 200),
  }),

  relatedRecords: z.strictObject({
    otherIndications: list(recordLink, 100),
    similarIndications: list(recordLink, 100),
    jointMaa: list(recordLink, 100),
    multiMaa: list(recordLink, 100),
    timeTrials: list(recordLink, 100),
    competitors: list(recordLink, 100),
  }),

  analysis: z.strictObject({
    summary: optionalText(8000),
    expectedImpact: optionalText(4000),
    priceTier: z.enum(v.PRICE_TIERS).optional(),
    estimatedCost: z
      .strictObject({
        amount: z.number().min(0).max(100_000_000),
        currency: z.enum(["EUR", "USD", "GBP"]),
        basis: z.enum(v.COST_BASES),
      })
      .optional(),
  }),

  highImpactReports: list(
    z.strictObject({
      title: text(250),
      publishedDate: isoDateSchema,
      reportId: optionalText(40),
    }),
    50,
  ),

  references: list(
    z.strictObject({
      title: text(400),
      source: text(200),
      url: z.url({ protocol: /^https?$/, error: "must be an http or https address" }).optional(),
      date: isoDateSchema.optional(),
    }),
    200,
  ),
});

/** A record as stored and shown (defaults filled in). */
export type HssRecord = z.output<typeof recordSchema>;
/** A record as written in an import file. */
export type HssRecordInput = z.input<typeof recordSchema>;

/** The document's sections in schema order: the change log names them. */
export const RECORD_SECTIONS = Object.keys(recordSchema.shape) as Array<keyof HssRecord>;
