import type { HssRecord } from "~/records/schema.server";
import {
  type DateFilter,
  dated,
  type FilterSetting,
  facet,
  picked,
  type SearchFilter,
  typed,
  yesOrNo,
} from "./filter-kinds";

export type {
  DateFilter,
  FilterSetting,
  FilterType,
  RecordCategory,
  SearchFilter,
  ValueFilter,
} from "./filter-kinds";

/**
 * The filter registry: every search filter, described once. The derived search rows of a
 * record (app/search/index-record.ts), query building, facets, the advanced field picker,
 * export columns and the API's filter list all read it. Nothing else lists filters. The kinds
 * of filter and the helpers that describe them are in filter-kinds.ts.
 */

/** Cost bands for the estimated-cost filter, in the record's currency. */
export function costBand(cost: HssRecord["analysis"]["estimatedCost"]) {
  if (!cost) return undefined;
  const bands = [10_000, 50_000, 100_000, 500_000];
  const format = (amount: number) => `${cost.currency} ${amount.toLocaleString("en-GB")}`;
  const upper = bands.findIndex((limit) => cost.amount < limit);
  if (upper === 0) return `Under ${format(bands[0])}`;
  if (upper === -1) return `${format(bands[bands.length - 1])} or more`;
  return `${format(bands[upper - 1])} to ${format(bands[upper])}`;
}

const trials = (r: HssRecord) => [
  ...r.clinicalTrials.euClinicalTrialRegistries,
  ...r.clinicalTrials.usClinicalTrialRegistries,
];
const related = (r: HssRecord) => Object.values(r.relatedRecords).flat();

export const FILTERS: SearchFilter[] = [
  // Record
  typed("hssId", "HSS ID", "Record", (r) => [r.hssId]),
  typed("title", "Title", "Record", (r) => [r.title]),
  picked("recordStatus", "Record status", "Record", (r) => [r.recordStatus], facet),
  dated("lastUpdated", "Last updated", "Record", (r) => [{ date: r.lastUpdated }], { basic: true }),
  yesOrNo("stubRecord", "Stub Record Available", "Record", (r) => r.stubRecord, {
    setting: "enableStubRecords",
  }),
  typed("relatedRecord", "Related record (HSS ID)", "Record", (r) =>
    related(r).map((link) => link.hssId),
  ),

  // Active compound
  // Thousands of names: found by suggestion and the phrase box rather than listed as a facet.
  picked(
    "substanceName",
    "Substance name",
    "Active compound",
    (r) => [r.activeCompound.substanceName],
    { basic: true },
  ),
  picked("brandName", "Brand name", "Active compound", (r) => [r.activeCompound.brandName]),
  picked("synonym", "Synonym or code name", "Active compound", (r) => r.activeCompound.synonyms),
  picked(
    "technologyType",
    "Technology type",
    "Active compound",
    (r) => [r.activeCompound.technologyType],
    facet,
  ),
  picked("drugClass", "Drug class", "Active compound", (r) => [r.activeCompound.drugClass], facet),
  picked("target", "Target", "Active compound", (r) => [r.activeCompound.target]),
  typed("mechanismOfAction", "Mechanism of action", "Active compound", (r) => [
    r.activeCompound.mechanismOfAction,
  ]),
  yesOrNo("firstInClass", "First in class", "Active compound", (r) => r.firstInClass),
  yesOrNo(
    "orphanDesignation",
    "Orphan designation",
    "Active compound",
    (r) => r.activeCompound.orphanDesignation,
    { basic: false, facet: false },
  ),

  // Indication
  typed("indication", "Indication", "Indication", (r) => [r.estimatedIndication.indication]),
  picked(
    "therapeuticArea",
    "Therapeutic area",
    "Indication",
    (r) => [r.estimatedIndication.therapeuticArea],
    facet,
  ),
  picked("lineOfTherapy", "Line of therapy", "Indication", (r) => [
    r.estimatedIndication.lineOfTherapy,
  ]),
  picked(
    "meddraSoc",
    "MedDRA system organ class",
    "Indication",
    (r) => [r.classificationAndCodes.meddra.soc],
    facet,
  ),
  picked("meddraHlgt", "MedDRA high level group term", "Indication", (r) => [
    r.classificationAndCodes.meddra.hlgt,
  ]),
  picked("meddraHlt", "MedDRA high level term", "Indication", (r) => [
    r.classificationAndCodes.meddra.hlt,
  ]),
  picked("meddraPt", "MedDRA preferred term", "Indication", (r) => [
    r.classificationAndCodes.meddra.pt,
  ]),
  picked("meddraLlt", "MedDRA lowest level term", "Indication", (r) => [
    r.classificationAndCodes.meddra.llt,
  ]),

  // Comparators
  picked("comparator", "Comparator", "Comparators", (r) => r.comparators.map((c) => c.name)),
  picked("comparatorType", "Comparator type", "Comparators", (r) =>
    r.comparators.map((c) => c.type),
  ),

  // Organisations
  picked("company", "Company", "Organisations", (r) => r.organisations.map((o) => o.name), facet),
  picked("organisationRole", "Organisation role", "Organisations", (r) =>
    r.organisations.map((o) => o.role),
  ),
  picked("organisationCountry", "Organisation country", "Organisations", (r) =>
    r.organisations.map((o) => o.country),
  ),

  // Classification and codes
  picked(
    "atcCode",
    "ATC code",
    "Classification and codes",
    (r) => [r.classificationAndCodes.atcCode],
    facet,
  ),
  picked("atcDescription", "ATC description", "Classification and codes", (r) => [
    r.classificationAndCodes.atcDescription,
  ]),
  picked(
    "ihsiCategory",
    "IHSI category",
    "Classification and codes",
    (r) => [r.classificationAndCodes.ihsiCategory],
    facet,
  ),
  picked("icd10", "ICD-10 code", "Classification and codes", (r) => [
    r.classificationAndCodes.icd10,
  ]),

  // Administration
  picked("route", "Route of administration", "Administration", (r) => [
    r.administrationInformation.route,
  ]),
  picked("dosageForm", "Dosage form", "Administration", (r) => [
    r.administrationInformation.dosageForm,
  ]),
  picked("careSetting", "Care setting", "Administration", (r) => [
    r.administrationInformation.setting,
  ]),

  // Disease
  picked("disease", "Disease", "Disease", (r) => [r.diseaseInformation.disease]),

  // Regulatory information (EMA)
  picked(
    "euRegulatoryStatus",
    "EU regulatory status",
    "Regulatory information (EMA)",
    (r) => [r.regulatoryInformation.ema.status],
    facet,
  ),
  picked("euProcedureType", "EU procedure type", "Regulatory information (EMA)", (r) => [
    r.regulatoryInformation.ema.procedureType,
  ]),
  typed("euProcedureNumber", "EU procedure number", "Regulatory information (EMA)", (r) => [
    r.regulatoryInformation.ema.procedureNumber,
  ]),
  yesOrNo(
    "primeEligible",
    "PRIME eligible",
    "Regulatory information (EMA)",
    (r) => r.regulatoryInformation.ema.primeEligible,
    { basic: false, facet: false },
  ),
  picked("euEvent", "EU event", "Regulatory information (EMA)", (r) =>
    r.regulatoryInformation.ema.events.map((e) => e.event),
  ),
  dated(
    "euEventDates",
    "EU event dates",
    "Regulatory information (EMA)",
    (r) => r.regulatoryInformation.ema.events.map((e) => ({ date: e.date, eventName: e.event })),
    { basic: true },
  ),
  typed(
    "euMaaIndications",
    "EU - MAA Indications",
    "Regulatory information (EMA)",
    (r) => r.regulatoryInformation.ema.maaIndications,
    {
      setting: "enableMaaIndications",
    },
  ),
  typed(
    "euChmpOpinionIndication",
    "EU - CHMP Opinion Indication",
    "Regulatory information (EMA)",
    (r) => [r.regulatoryInformation.ema.chmpOpinionIndication],
    { setting: "enableMaaIndications" },
  ),

  // Regulatory information (FDA)
  picked(
    "fdaRegulatoryStatus",
    "FDA regulatory status",
    "Regulatory information (FDA)",
    (r) => [r.regulatoryInformation.fda.status],
    facet,
  ),
  picked("fdaApplicationType", "FDA application type", "Regulatory information (FDA)", (r) => [
    r.regulatoryInformation.fda.applicationType,
  ]),
  typed("fdaApplicationNumber", "FDA application number", "Regulatory information (FDA)", (r) => [
    r.regulatoryInformation.fda.applicationNumber,
  ]),
  yesOrNo(
    "breakthroughTherapy",
    "Breakthrough therapy",
    "Regulatory information (FDA)",
    (r) => r.regulatoryInformation.fda.breakthroughTherapy,
    {
      basic: false,
      facet: false,
    },
  ),
  yesOrNo(
    "fastTrack",
    "Fast track",
    "Regulatory information (FDA)",
    (r) => r.regulatoryInformation.fda.fastTrack,
    { basic: false, facet: false },
  ),
  picked("fdaEvent", "FDA event", "Regulatory information (FDA)", (r) =>
    r.regulatoryInformation.fda.events.map((e) => e.event),
  ),
  dated("fdaEventDates", "FDA event dates", "Regulatory information (FDA)", (r) =>
    r.regulatoryInformation.fda.events.map((e) => ({ date: e.date, eventName: e.event })),
  ),

  // Clinical trials
  typed("trialId", "Trial ID", "Clinical trials", (r) => trials(r).map((t) => t.trialId)),
  picked("trialRegistry", "Trial registry", "Clinical trials", (r) =>
    trials(r).map((t) => t.registry),
  ),
  picked(
    "trialPhase",
    "Trial phase",
    "Clinical trials",
    (r) => trials(r).map((t) => t.phase),
    facet,
  ),
  picked("trialStatus", "Trial status", "Clinical trials", (r) => trials(r).map((t) => t.status)),
  picked("trialSponsor", "Trial sponsor", "Clinical trials", (r) =>
    trials(r).map((t) => t.sponsor),
  ),
  picked("trialCountry", "Trial country", "Clinical trials", (r) =>
    trials(r).flatMap((t) => t.countries),
  ),
  dated("trialStartDate", "Trial start date", "Clinical trials", (r) =>
    trials(r).flatMap((t) => (t.startDate ? [{ date: t.startDate }] : [])),
  ),

  // Analysis
  picked("priceTier", "Price tier", "Analysis", (r) => [r.analysis.priceTier], facet),
  picked("estimatedCost", "Estimated cost", "Analysis", (r) => [
    costBand(r.analysis.estimatedCost),
  ]),
  picked("costBasis", "Cost basis", "Analysis", (r) => [r.analysis.estimatedCost?.basis]),
  yesOrNo(
    "highImpactReport",
    "High Impact Report",
    "Analysis",
    (r) => r.highImpactReports.length > 0,
  ),
  dated("hirPublishedDate", "High Impact Report date", "Analysis", (r) =>
    r.highImpactReports.map((h) => ({ date: h.publishedDate })),
  ),
  picked("referenceSource", "Reference source", "Analysis", (r) =>
    r.references.map((ref) => ref.source),
  ),
];

export const FILTERS_BY_ID = new Map(FILTERS.map((filter) => [filter.id, filter]));

export type EnabledSettings = Partial<Record<FilterSetting, boolean>>;

/** The filters a user may use now: those behind a site setting only when it is on. */
export function availableFilters(settings: EnabledSettings) {
  return FILTERS.filter((filter) => !filter.setting || settings[filter.setting]);
}

/**
 * Whether the catalogue keeps a record count per value of the filter: facets, and the
 * values suggested as people type. Free-text fields (mostly one value per record: titles,
 * trial ids) are matched by text and never counted, which keeps imports fast.
 */
export function isCounted(filter: SearchFilter) {
  return filter.facet || filter.type === "AutoComplete";
}

/**
 * The filters whose values "Did you mean" draws on. Migration 0007 builds the trigram
 * index for exactly these (a partial index): change both together.
 */
export const SPELLING_FILTERS = [
  "substanceName",
  "brandName",
  "synonym",
  "company",
  "drugClass",
  "target",
  "disease",
  "therapeuticArea",
  "meddraPt",
];

export function isDateFilter(filter: SearchFilter): filter is DateFilter {
  return filter.type === "DatePicker";
}

/** Each registry filter's position in FILTERS (the search index keeps its columns by it). */
export const FILTER_INDEX = new Map(FILTERS.map((filter, index) => [filter.id, index]));

/** The position of a registry filter in FILTERS. */
export function filterIndexOf(filterId: string): number {
  const index = FILTER_INDEX.get(filterId);
  if (index === undefined) throw new Error(`No ${filterId} filter`);
  return index;
}
