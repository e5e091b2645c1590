import type { HssRecord } from "~/records/schema.server";
import { FILTERS } from "./filters";
import type { FieldGroup } from "./text";

export interface RecordIndex {
  /** [filterId, value] pairs, one per distinct value. */
  values: Array<[string, string]>;
  /** [filterId, eventName, date] triples. */
  dates: Array<[string, string, string]>;
  /** Text values by field group (text.ts): names and title; indication, companies and codes; the rest. */
  text: Record<FieldGroup, string[]>;
}

const present = (parts: Array<string | undefined | false>) =>
  parts.filter((part): part is string => Boolean(part));

/**
 * What search reads of a record, through the filter registry: each filter's distinct values,
 * the dates of the date filters, and the text values by field group (a phrase never spans two).
 */
export function indexRecord(record: HssRecord): RecordIndex {
  const values: Array<[string, string]> = [];
  const dates: Array<[string, string, string]> = [];
  for (const filter of FILTERS) {
    if (filter.type === "DatePicker") {
      for (const { date, eventName } of filter.dates(record))
        dates.push([filter.id, eventName ?? "", date]);
    } else {
      const seen = new Set<string>();
      for (const value of filter.values(record)) {
        if (value && !seen.has(value)) {
          seen.add(value);
          values.push([filter.id, value]);
        }
      }
    }
  }
  const {
    activeCompound: compound,
    estimatedIndication: indication,
    classificationAndCodes: codes,
  } = record;
  const ema = record.regulatoryInformation.ema;
  const trials = [
    ...record.clinicalTrials.euClinicalTrialRegistries,
    ...record.clinicalTrials.usClinicalTrialRegistries,
  ];
  return {
    values,
    dates,
    text: {
      names: present([
        record.title,
        compound.substanceName,
        compound.brandName,
        ...compound.synonyms,
      ]),
      details: present([
        record.hssId,
        indication.indication,
        indication.therapeuticArea,
        indication.population,
        record.diseaseInformation.disease,
        ...record.organisations.map((o) => o.name),
        codes.atcCode,
        codes.atcDescription,
        codes.icd10,
        codes.meddra.soc,
        codes.meddra.hlgt,
        codes.meddra.hlt,
        codes.meddra.pt,
        codes.meddra.llt,
        compound.drugClass,
        compound.target,
      ]),
      other: present([
        compound.mechanismOfAction,
        compound.technologyType,
        record.diseaseInformation.description,
        record.diseaseInformation.currentTreatment,
        ...record.comparators.map((c) => c.name),
        ...ema.maaIndications,
        ema.chmpOpinionIndication,
        ...trials.map((t) => `${t.trialId} ${t.title}`),
        record.analysis.summary,
        record.analysis.expectedImpact,
      ]),
    },
  };
}
