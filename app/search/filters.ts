import type { HssRecord } from "~/records/schema.server";

/**
 * The filter registry: every search filter, described once. The derived search rows of a
 * record (app/search/index-record.ts), and later query building, facets, the advanced
 * field picker and export columns, all read it. Nothing else lists filters.
 */
export type FilterType = "TextInput" | "AutoComplete" | "DatePicker";

export type RecordCategory =
  | "Record"
  | "Active compound"
  | "Indication"
  | "Organisations"
  | "Classification and codes"
  | "Regulatory information"
  | "Analysis";

interface FilterBase {
  id: string;
  label: string;
  type: FilterType;
  recordCategory: RecordCategory;
  /** Offered on the basic search panel (otherwise only in advanced search). */
  basic: boolean;
  /** Counted and listed as a facet. */
  facet: boolean;
  orClauseEnabled: boolean;
  isBooleanFilter?: boolean;
  /** Shown only when a site setting enables it. */
  setting?: "enableStubRecords" | "enableMaaIndications";
}

export interface ValueFilter extends FilterBase {
  type: "TextInput" | "AutoComplete";
  values: (record: HssRecord) => Array<string | undefined>;
}

export interface DateFilter extends FilterBase {
  type: "DatePicker";
  /** Dates (YYYY-MM-DD), each with its event name where the filter has one. */
  dates: (record: HssRecord) => Array<{ date: string; eventName?: string }>;
}

export type SearchFilter = ValueFilter | DateFilter;

const yesNo = (value: boolean) => [value ? "Yes" : "No"];

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

export const FILTERS: SearchFilter[] = [
  {
    id: "substanceName",
    label: "Substance name",
    type: "AutoComplete",
    recordCategory: "Active compound",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.activeCompound.substanceName],
  },
  {
    id: "company",
    label: "Company",
    type: "AutoComplete",
    recordCategory: "Organisations",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => r.organisations.map((o) => o.name),
  },
  {
    id: "atcCode",
    label: "ATC code",
    type: "AutoComplete",
    recordCategory: "Classification and codes",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.classificationAndCodes.atcCode],
  },
  {
    id: "drugClass",
    label: "Drug class",
    type: "AutoComplete",
    recordCategory: "Active compound",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.activeCompound.drugClass],
  },
  {
    id: "target",
    label: "Target",
    type: "AutoComplete",
    recordCategory: "Active compound",
    basic: false,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.activeCompound.target],
  },
  {
    id: "meddraSoc",
    label: "MedDRA system organ class",
    type: "AutoComplete",
    recordCategory: "Indication",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.classificationAndCodes.meddra.soc],
  },
  {
    id: "meddraHlgt",
    label: "MedDRA high level group term",
    type: "AutoComplete",
    recordCategory: "Indication",
    basic: false,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.classificationAndCodes.meddra.hlgt],
  },
  {
    id: "meddraHlt",
    label: "MedDRA high level term",
    type: "AutoComplete",
    recordCategory: "Indication",
    basic: false,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.classificationAndCodes.meddra.hlt],
  },
  {
    id: "meddraPt",
    label: "MedDRA preferred term",
    type: "AutoComplete",
    recordCategory: "Indication",
    basic: false,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.classificationAndCodes.meddra.pt],
  },
  {
    id: "euRegulatoryStatus",
    label: "EU regulatory status",
    type: "AutoComplete",
    recordCategory: "Regulatory information",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.regulatoryInformation.ema.status],
  },
  {
    id: "fdaRegulatoryStatus",
    label: "FDA regulatory status",
    type: "AutoComplete",
    recordCategory: "Regulatory information",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.regulatoryInformation.fda.status],
  },
  {
    id: "euEventDates",
    label: "EU event dates",
    type: "DatePicker",
    recordCategory: "Regulatory information",
    basic: true,
    facet: false,
    orClauseEnabled: false,
    dates: (r) => r.regulatoryInformation.ema.events.map((e) => ({ date: e.date, eventName: e.event })),
  },
  {
    id: "lastUpdated",
    label: "Last updated",
    type: "DatePicker",
    recordCategory: "Record",
    basic: true,
    facet: false,
    orClauseEnabled: false,
    dates: (r) => [{ date: r.lastUpdated }],
  },
  {
    id: "recordStatus",
    label: "Record status",
    type: "AutoComplete",
    recordCategory: "Record",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.recordStatus],
  },
  {
    id: "ihsiCategory",
    label: "IHSI category",
    type: "AutoComplete",
    recordCategory: "Classification and codes",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.classificationAndCodes.ihsiCategory],
  },
  {
    id: "priceTier",
    label: "Price tier",
    type: "AutoComplete",
    recordCategory: "Analysis",
    basic: true,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [r.analysis.priceTier],
  },
  {
    id: "estimatedCost",
    label: "Estimated cost",
    type: "AutoComplete",
    recordCategory: "Analysis",
    basic: false,
    facet: true,
    orClauseEnabled: true,
    values: (r) => [costBand(r.analysis.estimatedCost)],
  },
  {
    id: "highImpactReport",
    label: "High Impact Report",
    type: "AutoComplete",
    recordCategory: "Analysis",
    basic: true,
    facet: true,
    orClauseEnabled: false,
    isBooleanFilter: true,
    values: (r) => yesNo(r.highImpactReports.length > 0),
  },
  {
    id: "firstInClass",
    label: "First in class",
    type: "AutoComplete",
    recordCategory: "Active compound",
    basic: true,
    facet: true,
    orClauseEnabled: false,
    isBooleanFilter: true,
    values: (r) => yesNo(r.firstInClass),
  },
  {
    id: "stubRecord",
    label: "Stub Record Available",
    type: "AutoComplete",
    recordCategory: "Record",
    basic: true,
    facet: true,
    orClauseEnabled: false,
    isBooleanFilter: true,
    setting: "enableStubRecords",
    values: (r) => yesNo(r.stubRecord),
  },
  {
    id: "euMaaIndications",
    label: "EU - MAA Indications",
    type: "TextInput",
    recordCategory: "Regulatory information",
    basic: false,
    facet: false,
    orClauseEnabled: true,
    setting: "enableMaaIndications",
    values: (r) => r.regulatoryInformation.ema.maaIndications,
  },
  {
    id: "euChmpOpinionIndication",
    label: "EU - CHMP Opinion Indication",
    type: "TextInput",
    recordCategory: "Regulatory information",
    basic: false,
    facet: false,
    orClauseEnabled: true,
    setting: "enableMaaIndications",
    values: (r) => [r.regulatoryInformation.ema.chmpOpinionIndication],
  },
];
