/**
 * A deterministic generator of a plausible catalogue: the demo database and the
 * benchmarks use it. Record `index` depends only on (index, today), except for its
 * related-record links, which stay inside the catalogue's size. No Math.random.
 *
 * `today` is the day the catalogue is generated as of: every version and every event that
 * has happened is dated on or before it, and a record still in the pipeline may carry
 * expected events after it (an expected CHMP opinion or EC decision, a PDUFA date, an
 * expected filing), as a real horizon-scanning record does. Most tests and the benchmarks pass
 * or default to a fixed day, so that their catalogue never changes; the demo database passes
 * the day it is seeded, so that its expected events are still to come.
 */
import {
  COMPANY_FIRST,
  COMPANY_SECOND,
  COUNTRIES,
  INDICATIONS,
  type IndicationProfile,
  STEMS,
  SYLLABLES,
  TRIAL_COUNTRIES,
} from "./generate-data";
import type { HssRecordInput } from "./schema.server";
import { type EMA_EVENTS, type FDA_EVENTS, PRICE_TIERS } from "./vocabulary";

type Rng = () => number;

/** A small seeded random number generator (mulberry32): the same seed, the same numbers. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rngFor = (index: number, salt: number) => mulberry32(Math.imul(index + 1, 2654435761) ^ salt);
const pick = <T>(rng: Rng, items: readonly T[]) => items[Math.floor(rng() * items.length)];
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
function weighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number) {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let roll = rng() * total;
  for (const item of items) {
    roll -= weight(item);
    if (roll < 0) return item;
  }
  return items[items.length - 1];
}

const DAY = 86_400_000;
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fromDate = (date: string) => Date.parse(`${date}T00:00:00Z`);
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function hssIdFor(index: number) {
  return `HSS-${String(index + 1).padStart(6, "0")}`;
}

// Families: each block of four records is split into one to four substances, so that one
// substance often has several records (its other indications).
const SPLITS = [
  [4],
  [2, 2],
  [1, 3],
  [3, 1],
  [1, 1, 2],
  [2, 1, 1],
  [1, 2, 1],
  [1, 1, 1, 1],
  [2, 2],
  [1, 3],
];

function familyOf(index: number) {
  const block = Math.floor(index / 4);
  const split = pick(rngFor(block, 0x51), SPLITS);
  let start = block * 4;
  for (const [number, size] of split.entries()) {
    if (index < start + size)
      return { id: block * 4 + number, members: Array.from({ length: size }, (_, i) => start + i) };
    start += size;
  }
  return { id: index, members: [index] };
}

/** Cheap: the indication of a record, without building it (for competitor links). */
export function indicationOf(index: number): IndicationProfile {
  return weighted(rngFor(index, 0x1d), INDICATIONS, (i) => i.weight);
}

// Small molecules take the stem of their class, which follows the therapeutic area.
const SMALL_MOLECULE_STEMS: Record<string, string[]> = {
  Oncology: ["tinib", "ciclib", "parib", "lisib", "rafenib", "sertib", "lutamide"],
  "Metabolic and endocrine": ["gliflozin", "gliptin", "glutide"],
  "Infectious diseases": ["bactam", "previr", "penem", "capavir"],
  Cardiovascular: ["sentan", "trapib", "vastatin"],
  Haematology: ["coptan", "dustat"],
  Immunology: ["citinib", "imod", "brutinib"],
  Neurology: ["gepant", "stat", "imod"],
  Psychiatry: ["pidine", "oxetine"],
};

/** The substance of a record's family: its name, brand, company and technology. */
function substanceFor(index: number) {
  const family = familyOf(index);
  const head = indicationOf(family.members[0]);
  const rng = rngFor(family.id, 0x5b);
  const tech = pick(rngFor(family.id, 0x7e), head.techs);
  const prefix =
    pick(rng, SYLLABLES) + pick(rng, SYLLABLES) + (rng() < 0.4 ? pick(rng, SYLLABLES) : "");
  const stems =
    tech === "Small molecule" ? (SMALL_MOLECULE_STEMS[head.area] ?? STEMS[tech]) : STEMS[tech];
  const name = `${prefix}${pick(rng, stems)}`;
  const brand = cap(
    pick(rng, SYLLABLES) +
      pick(rng, SYLLABLES) +
      pick(rng, ["ra", "vy", "xa", "lo", "tis", "mek", "dra"]),
  );
  const company = `${pick(rng, COMPANY_FIRST)} ${pick(rng, COMPANY_SECOND)}`;
  const code = `${company.slice(0, 3).toUpperCase()}-${between(rng, 100, 9999)}`;
  return {
    name,
    brand,
    company,
    code,
    tech,
    country: pick(rng, COUNTRIES),
    firstInClass: rng() < 0.15,
  };
}

const EMA_PATH = [
  "Pre-submission",
  "MAA submitted",
  "MAA under evaluation",
  "CHMP positive opinion",
  "Authorised",
] as const;
const FDA_PATH = ["IND active", "submitted", "review", "Approved"] as const;

interface Trial {
  trialId: string;
  registry: string;
  title: string;
  phase: string;
  status: string;
  sponsor: string;
  enrolment: number;
  startDate: string;
  primaryCompletionDate?: string;
  countries: string[];
}

const TRIAL_PROGRESS = ["Not yet recruiting", "Recruiting", "Active, not recruiting", "Completed"];

type Event<Names extends readonly string[]> = { event: Names[number]; date: string; note?: string };

/** Where the expected date of a filing comes from: its note. */
const GUIDANCE = "From the company's guidance";
/** An EC decision follows the CHMP opinion by about 67 days. */
const EC_DECISION_DAYS = 67;
/** How long before today a reviewer's last look may be and still hold a revised date for a late procedure. */
const RECENT_REVIEW_DAYS = 365;

/**
 * The expected events of a record's current version: what a reviewer who last looked at the
 * record on its `lastUpdated` day would expect next, from the procedure's usual timings, kept
 * only when it falls after `today` (strictly: an event dated today or before has happened or
 * would have been updated). Only Active records still in the pipeline get any, and only the
 * next steps of their current status, so that an expected decision never follows an outcome:
 *
 * - EMA Pre-submission, with a pivotal trial: sometimes an expected MAA submission.
 * - EMA MAA submitted: the validation, a few weeks on, then the CHMP opinion (and sometimes
 *   the EC decision, as below).
 * - EMA MAA under evaluation: the CHMP opinion (about a year after validation, less under
 *   accelerated assessment), sometimes with the EC decision 67 days after it. A procedure
 *   already late, on a record reviewed recently, had a clock stop and a later expected date.
 * - EMA CHMP positive opinion: the EC decision, 67 days after the opinion.
 * - FDA IND active, with a pivotal trial: sometimes an expected application.
 * - FDA submitted or under review: the PDUFA date (8 months after submission under priority
 *   review, 12 under standard), sometimes an advisory committee meeting before it; a review
 *   already past its date, on a record reviewed in its last months and within the last year,
 *   was extended by three months.
 *
 * Its own random numbers (a salt of its own), so that everything else in the record is as
 * it would be without them.
 */
function withExpectedEvents(doc: HssRecordInput, index: number, today: number): HssRecordInput {
  if (doc.recordStatus !== "Active" || doc.stubRecord) return doc;
  const rng = rngFor(index, 0xe5);
  const reviewed = fromDate(doc.lastUpdated);
  const recentlyReviewed = today - reviewed <= RECENT_REVIEW_DAYS * DAY;
  const after = (ms: number, days: number) => ms + days * DAY;
  const ema = doc.regulatoryInformation.ema;
  const fda = doc.regulatoryInformation.fda;
  const emaEvents = [...(ema.events ?? [])] as Event<typeof EMA_EVENTS>[];
  const fdaEvents = [...(fda.events ?? [])] as Event<typeof FDA_EVENTS>[];
  const dateOf = (events: Array<{ event: string; date: string }>, name: string) => {
    const found = events.filter((e) => e.event === name).pop();
    return found ? fromDate(found.date) : null;
  };
  const trials = [
    ...(doc.clinicalTrials.euClinicalTrialRegistries ?? []),
    ...(doc.clinicalTrials.usClinicalTrialRegistries ?? []),
  ];
  const pivotal = trials.some((t) => t.phase === "Phase III" || t.phase === "Phase II/III");
  const accelerated = ema.procedureType === "Centralised procedure (accelerated assessment)";
  const added = { ema: [] as Event<typeof EMA_EVENTS>[], fda: [] as Event<typeof FDA_EVENTS>[] };

  // EMA: the next steps of the centralised procedure.
  // `late`: whether a procedure past its usual date may have had a clock stop (only one
  // under evaluation: a record still at "MAA submitted" has seen no validation).
  const expectOpinion = (validated: number, opinion: number, late: boolean) => {
    let expected = opinion;
    if (late && expected <= today && recentlyReviewed && reviewed > validated + 30 * DAY) {
      // Late: the reviewer saw a clock stop and moved the opinion on.
      const stop = validated + Math.floor((reviewed - validated) * (0.3 + 0.6 * rng()));
      added.ema.push({
        event: "Clock stop",
        date: toDate(Math.max(validated + DAY, Math.min(reviewed, stop))),
        note: "To answer the CHMP's list of outstanding issues",
      });
      expected = after(today, between(rng, 10, 150));
    }
    if (expected <= today) return;
    added.ema.push({ event: "CHMP opinion", date: toDate(expected) });
    if (rng() < 0.5)
      added.ema.push({ event: "EC decision", date: toDate(after(expected, EC_DECISION_DAYS)) });
  };
  const submitted = dateOf(emaEvents, "MAA submitted");
  const validated = dateOf(emaEvents, "MAA validated");
  const opinion = dateOf(emaEvents, "CHMP opinion");
  if (ema.status === "Pre-submission" && pivotal && rng() < 0.5) {
    const filing = after(reviewed, between(rng, 60, 420));
    if (filing > today)
      added.ema.push({ event: "MAA submitted", date: toDate(filing), note: GUIDANCE });
  } else if (ema.status === "MAA submitted" && submitted !== null) {
    const validation = after(submitted, between(rng, 14, 30));
    if (validation > today) added.ema.push({ event: "MAA validated", date: toDate(validation) });
    expectOpinion(
      validation,
      after(validation, accelerated ? between(rng, 150, 240) : between(rng, 300, 420)),
      false,
    );
  } else if (ema.status === "MAA under evaluation" && validated !== null) {
    expectOpinion(
      validated,
      after(validated, accelerated ? between(rng, 150, 240) : between(rng, 300, 420)),
      true,
    );
  } else if (ema.status === "CHMP positive opinion" && opinion !== null) {
    const decision = after(opinion, EC_DECISION_DAYS);
    if (decision > today) added.ema.push({ event: "EC decision", date: toDate(decision) });
  }

  // FDA: the application, then its PDUFA goal date.
  const applied = dateOf(fdaEvents, "Application submitted");
  if (fda.status === "IND active" && pivotal && rng() < 0.4) {
    const filing = after(reviewed, between(rng, 60, 420));
    if (filing > today)
      added.fda.push({ event: "Application submitted", date: toDate(filing), note: GUIDANCE });
  } else if (
    applied !== null &&
    (fda.status === "NDA submitted" ||
      fda.status === "BLA submitted" ||
      fda.status === "Under priority review" ||
      fda.status === "Under standard review")
  ) {
    let pdufa = after(applied, fda.status === "Under priority review" ? 240 : 365);
    let note: string | undefined;
    const underReview = fda.status.startsWith("Under ");
    // An extension is announced in the review's last months: the reviewer saw it then.
    if (pdufa <= today && underReview && recentlyReviewed && reviewed >= after(pdufa, -120)) {
      pdufa = after(pdufa, 90);
      note = "Extended by three months after a major amendment";
    }
    if (pdufa > today) {
      const meeting = after(pdufa, -between(rng, 45, 90));
      if (meeting > today && rng() < 0.25)
        added.fda.push({ event: "Advisory committee meeting", date: toDate(meeting) });
      added.fda.push({ event: "PDUFA date", date: toDate(pdufa), ...(note ? { note } : {}) });
    }
  }

  if (added.ema.length === 0 && added.fda.length === 0) return doc;
  const byDate = <T extends { date: string }>(events: T[]) =>
    events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    ...doc,
    regulatoryInformation: {
      ema: { ...ema, events: byDate([...emaEvents, ...added.ema]) },
      fda: { ...fda, events: byDate([...fdaEvents, ...added.fda]) },
    },
  };
}

/**
 * Every version of record `index`, oldest first (one to five). The current (last) version
 * may have expected events after `today` (withExpectedEvents); the earlier ones have none.
 */
export function generateRecordHistory(
  index: number,
  options: { catalogueSize: number; today?: string },
): HssRecordInput[] {
  const today = fromDate(options.today ?? "2026-11-01");
  const rng = rngFor(index, 0xa7);
  const profile = indicationOf(index);
  const family = familyOf(index);
  const substance = substanceFor(index);
  const tech = substance.tech;
  const hssId = hssIdFor(index);
  const stub = rng() < 0.08;
  const target = pick(rng, profile.targets);
  const atmp = tech === "Gene therapy" || tech === "Cell therapy";
  const title = `${cap(substance.name)} for ${profile.indication}`;

  // History: a start date and one to five versions spread towards today.
  const versionCount = stub
    ? between(rng, 1, 2)
    : weighted(rng, [1, 2, 3, 4, 5], (n) => [30, 30, 20, 12, 8][n - 1]);
  const start = today - between(rng, 60, 12 * 365) * DAY;
  const span = today - start;
  const versionDates: number[] = [];
  for (let v = 0; v < versionCount; v++) {
    const previous = versionDates[v - 1] ?? start - DAY;
    const candidate =
      v === 0
        ? start
        : Math.min(
            today,
            previous + Math.max(DAY, Math.floor((span / versionCount) * (0.5 + rng()))),
          );
    if (candidate <= previous) break;
    versionDates.push(candidate);
  }

  // State that moves forward with each version.
  let emaStage = stub ? 0 : weighted(rng, [0, 1, 2, 3], (s) => [45, 20, 20, 15][s]);
  const hasFda = !stub && rng() < 0.7;
  let fdaStage = hasFda ? between(rng, 0, 2) : -1;
  const emaEvents: Array<{ event: string; date: string }> = [];
  const fdaEvents: Array<{ event: string; date: string }> = [];
  const orphan = profile.area === "Rare diseases" || (profile.area === "Oncology" && rng() < 0.2);
  const early = start - between(rng, 90, 700) * DAY;
  if (orphan) emaEvents.push({ event: "Orphan designation", date: toDate(early) });
  if (!stub && rng() < 0.2)
    emaEvents.push({ event: "PRIME eligibility", date: toDate(early + 30 * DAY) });
  if (hasFda && rng() < 0.35)
    fdaEvents.push({ event: "Breakthrough therapy designation", date: toDate(early + 10 * DAY) });
  if (hasFda && rng() < 0.3)
    fdaEvents.push({ event: "Fast track designation", date: toDate(early + 5 * DAY) });
  const emaOutcome = rng();
  const fdaPriority = rng() < 0.5;

  const trials: Trial[] = [];
  const trialCount = stub ? 0 : between(rng, 1, 4);
  for (let t = 0; t < trialCount; t++) {
    const eu = rng() < 0.5;
    const year = new Date(start).getUTCFullYear() - between(rng, 0, 3);
    const phase = pick(rng, ["Phase I/II", "Phase II", "Phase III", "Phase III", "Phase II/III"]);
    trials.push({
      trialId: eu
        ? year >= 2023
          ? `${year}-5${String(between(rng, 0, 99999)).padStart(5, "0")}-${between(rng, 10, 99)}-00`
          : `${year}-00${String(between(rng, 1000, 9999))}-${between(rng, 10, 99)}`
        : `NCT0${between(rng, 3000000, 6999999)}`,
      registry: eu ? (year >= 2023 ? "EU CTR (CTIS)" : "EudraCT") : "ClinicalTrials.gov",
      title: `${phase} study of ${substance.name} in ${profile.indication}${t ? ` (cohort ${t + 1})` : ""}`,
      phase,
      status: pick(rng, [
        "Recruiting",
        "Recruiting",
        "Active, not recruiting",
        "Not yet recruiting",
      ]),
      sponsor: substance.company,
      enrolment: between(rng, 2, 90) * 10,
      startDate: toDate(Date.UTC(year, between(rng, 0, 11), between(rng, 1, 28))),
      countries: eu
        ? [
            ...new Set([
              pick(rng, TRIAL_COUNTRIES),
              pick(rng, TRIAL_COUNTRIES),
              pick(rng, TRIAL_COUNTRIES),
            ]),
          ]
        : [],
    });
  }

  const tierIndex = Math.min(
    3,
    (atmp ? 3 : profile.area === "Oncology" || profile.area === "Rare diseases" ? 2 : 0) +
      (rng() < 0.5 ? 1 : 0) -
      (rng() < 0.2 ? 1 : 0),
  );
  const tier = PRICE_TIERS[Math.max(0, tierIndex)];
  const baseCost =
    { Low: 4_000, Medium: 25_000, High: 90_000, "Very high": 400_000 }[tier] * (0.5 + rng());
  let cost = Math.round(baseCost / 100) * 100;
  let recordStatus: "Active" | "Monitoring" | "Archived" | "Discontinued" = stub
    ? "Monitoring"
    : "Active";

  const related = (members: number[]) =>
    members
      .filter((other) => other !== index && other < options.catalogueSize)
      .map((other) => ({
        hssId: hssIdFor(other),
        title: `${cap(substanceFor(other).name)} for ${indicationOf(other).indication}`,
      }));
  const sameIndication: number[] = [];
  const sameArea: number[] = [];
  for (let k = 1; k <= 60 && sameIndication.length < 3; k++) {
    const other = (index + k * 7919) % Math.max(1, options.catalogueSize);
    if (other === index || family.members.includes(other)) continue;
    const otherProfile = indicationOf(other);
    if (otherProfile === profile) sameIndication.push(other);
    else if (otherProfile.area === profile.area && sameArea.length < 2) sameArea.push(other);
  }
  const relatedRecords = {
    otherIndications: related(family.members),
    similarIndications: stub ? [] : related(sameArea),
    competitors: stub ? [] : related(sameIndication),
    jointMaa: rng() < 0.05 ? related(family.members.slice(0, 1)) : [],
    multiMaa: rng() < 0.04 ? related(sameIndication.slice(0, 1)) : [],
    timeTrials: rng() < 0.06 ? related(sameIndication.slice(1, 2)) : [],
  };
  const highImpact = !stub && rng() < 0.05;
  const references = [
    {
      title: `${cap(substance.name)} clinical development programme`,
      source: "Company press release",
      url: `https://www.example.com/${substance.company.split(" ")[0].toLowerCase()}/news/${substance.name.split(" ")[0]}`,
    },
    ...trials.slice(0, 2).map((trial) =>
      trial.registry === "ClinicalTrials.gov"
        ? {
            title: `${trial.trialId} trial record`,
            source: "ClinicalTrials.gov",
            url: `https://clinicaltrials.gov/study/${trial.trialId}`,
          }
        : {
            title: `${trial.trialId} trial record`,
            source: trial.registry,
            url: `https://euclinicaltrials.eu/search-for-clinical-trials/?lang=en&EUCT=${trial.trialId}`,
          },
    ),
  ];

  const history: HssRecordInput[] = [];
  for (const [v, at] of versionDates.entries()) {
    const date = toDate(at);
    const eventDate = (daysBefore: number) => {
      const last = [...emaEvents, ...fdaEvents].reduce(
        (max, e) => Math.max(max, fromDate(e.date)),
        0,
      );
      return toDate(Math.min(today, Math.max(last + DAY, at - daysBefore * DAY)));
    };
    if (v > 0) {
      // Each later version moves something forward: a regulatory step, a trial, the price estimate.
      const move = rng();
      if (move < 0.55 && emaStage < EMA_PATH.length - 1 && !stub) {
        emaStage += 1;
      } else if (move < 0.75 && hasFda && fdaStage < FDA_PATH.length - 1) {
        fdaStage += 1;
        if (fdaStage === 1) fdaEvents.push({ event: "Application submitted", date: eventDate(20) });
        if (fdaStage === 2 && fdaPriority)
          fdaEvents.push({ event: "Priority review granted", date: eventDate(10) });
        if (fdaStage === 3) fdaEvents.push({ event: "Approval", date: eventDate(3) });
      } else if (move < 0.9 && trials.length) {
        const trial = trials[Math.floor(rng() * trials.length)];
        const next = TRIAL_PROGRESS.indexOf(trial.status) + 1;
        if (next < TRIAL_PROGRESS.length) trial.status = TRIAL_PROGRESS[next];
        else trial.enrolment += 10;
        if (trial.status === "Completed") trial.primaryCompletionDate ??= date;
      } else if (move < 0.96) {
        cost = Math.round((cost * (0.8 + rng() * 0.4)) / 100) * 100 + 100;
      } else {
        recordStatus = rng() < 0.7 ? "Archived" : "Discontinued";
      }
      if (
        emaStage > 0 &&
        emaEvents.filter((e) => e.event !== "Orphan designation" && e.event !== "PRIME eligibility")
          .length < emaStage
      ) {
        const event = ["", "MAA submitted", "MAA validated", "CHMP opinion", "EC decision"][
          emaStage
        ];
        emaEvents.push({ event, date: eventDate(emaStage === 4 ? 2 : 15) });
      }
    } else if (emaStage > 0) {
      // A record first seen part-way through its procedure already has the earlier events.
      for (let s = 1; s <= emaStage; s++) {
        emaEvents.push({
          event: ["", "MAA submitted", "MAA validated", "CHMP opinion", "EC decision"][s],
          date: toDate(at - (emaStage - s + 1) * 40 * DAY),
        });
      }
    }
    let emaStatus: string = EMA_PATH[emaStage];
    if (emaStage === 3 && emaOutcome < 0.08) emaStatus = "CHMP negative opinion";
    if (emaStage === 4 && (atmp || profile.area === "Oncology") && emaOutcome < 0.35)
      emaStatus = "Conditional marketing authorisation";
    if (emaStage === 2 && emaOutcome > 0.95) emaStatus = "Application withdrawn";
    const applicationType = tech === "Small molecule" || tech === "Peptide" ? "NDA" : "BLA";
    const fdaStatus =
      fdaStage < 0
        ? undefined
        : fdaStage === 0
          ? "IND active"
          : fdaStage === 1
            ? `${applicationType} submitted`
            : fdaStage === 2
              ? fdaPriority
                ? "Under priority review"
                : "Under standard review"
              : emaOutcome < 0.3
                ? "Accelerated approval"
                : "Approved";

    const sorted = <T extends { date: string }>(events: T[]) =>
      [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    history.push({
      hssId,
      title,
      recordStatus,
      lastUpdated: date,
      stubRecord: stub,
      firstInClass: substance.firstInClass,
      activeCompound: {
        substanceName: substance.name,
        ...(stub ? {} : { brandName: substance.brand }),
        synonyms: [substance.code],
        technologyType: tech,
        drugClass: profile.drugClass,
        target,
        ...(stub
          ? {}
          : {
              mechanismOfAction: `Acts on ${target} to modify the course of ${profile.disease.toLowerCase()}.`,
            }),
        orphanDesignation: orphan,
      },
      estimatedIndication: {
        indication: cap(profile.indication),
        therapeuticArea: profile.area,
        ...(stub ? {} : { population: profile.population }),
        ...(profile.line && !stub ? { lineOfTherapy: profile.line } : {}),
      },
      comparators: stub
        ? []
        : profile.comparators
            .slice(0, 1 + (index % profile.comparators.length))
            .map((name, i) => ({ name, type: i === 0 ? "Standard of care" : "Active comparator" })),
      organisations: [
        { name: substance.company, role: "Originator", country: substance.country },
        ...(index % 5 === 0
          ? [
              {
                name: `${pick(rngFor(family.id, 0x33), COMPANY_FIRST)} ${pick(rngFor(family.id, 0x34), COMPANY_SECOND)}`,
                role: "Licensee" as const,
              },
            ]
          : []),
      ],
      classificationAndCodes: {
        atcCode: profile.atc[0],
        atcDescription: profile.atc[1],
        ihsiCategory: atmp
          ? "Advanced therapy medicinal product"
          : family.members[0] === index
            ? "New active substance"
            : "New indication",
        meddra: { soc: profile.soc as never, hlgt: profile.hlgt, hlt: profile.hlt, pt: profile.pt },
        icd10: profile.icd10,
      },
      administrationInformation: {
        route: profile.route,
        dosageForm: profile.form,
        setting: profile.setting,
      },
      diseaseInformation: {
        disease: profile.disease,
        ...(stub
          ? {}
          : {
              description: `${profile.disease} in this population has limited treatment options.`,
              prevalence: profile.prevalence,
            }),
        ...(stub ? {} : { currentTreatment: profile.comparators.join(", ") }),
      },
      regulatoryInformation: {
        ema: {
          status: emaStatus as never,
          ...(emaStage > 0
            ? {
                procedureType:
                  atmp || orphan
                    ? "Centralised procedure (accelerated assessment)"
                    : "Centralised procedure",
              }
            : {}),
          ...(emaStage > 0
            ? { procedureNumber: `EMEA/H/C/00${between(rngFor(index, 0x99), 5000, 7999)}` }
            : {}),
          primeEligible: emaEvents.some((e) => e.event === "PRIME eligibility"),
          maaIndications:
            emaStage > 0
              ? [
                  `Treatment of ${profile.population.charAt(0).toLowerCase()}${profile.population.slice(1)} with ${profile.indication}`,
                ]
              : [],
          ...(emaStage >= 3
            ? {
                chmpOpinionIndication: `${cap(substance.name)} is indicated for ${profile.indication}.`,
              }
            : {}),
          events: sorted(emaEvents) as never,
        },
        fda: {
          ...(fdaStatus ? { status: fdaStatus as never, applicationType } : {}),
          breakthroughTherapy: fdaEvents.some(
            (e) => e.event === "Breakthrough therapy designation",
          ),
          fastTrack: fdaEvents.some((e) => e.event === "Fast track designation"),
          events: sorted(fdaEvents) as never,
        },
      },
      clinicalTrials: {
        euClinicalTrialRegistries: trials
          .filter((t) => t.registry !== "ClinicalTrials.gov")
          .map((t) => ({ ...t })) as never,
        usClinicalTrialRegistries: trials
          .filter((t) => t.registry === "ClinicalTrials.gov")
          .map((t) => ({ ...t })) as never,
      },
      relatedRecords,
      analysis: stub
        ? {}
        : {
            summary: `${cap(substance.name)} is a ${tech.toLowerCase()} targeting ${target}. ${emaStage >= 3 ? "The regulatory review is well advanced." : "Pivotal data are expected within two years."}`,
            expectedImpact: `May change the treatment of ${profile.disease.toLowerCase()} in ${profile.setting.toLowerCase()} care.`,
            priceTier: tier,
            estimatedCost: {
              amount: cost,
              currency: "EUR",
              basis: atmp ? "one-off treatment" : "per patient per year",
            },
          },
      highImpactReports: highImpact
        ? [
            {
              title: `High Impact Report: ${cap(substance.name)}`,
              publishedDate: toDate(Math.min(today, start + 30 * DAY)),
              reportId: `HIR-${index + 1}`,
            },
          ]
        : [],
      references: references.map((reference) => ({ ...reference, date: toDate(start) })),
    });
  }
  history[history.length - 1] = withExpectedEvents(history[history.length - 1], index, today);
  return history;
}

/** The current (last) version of record `index`. */
export function generateRecord(index: number, options: { catalogueSize: number; today?: string }) {
  const history = generateRecordHistory(index, options);
  return history[history.length - 1];
}
