import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { hirFileUrl } from "~/components/HirDownloadLink";
import { StatusTag } from "~/components/StatusTag";
import { RegulatoryTimeline, type TimelineEvent } from "~/components/RegulatoryTimeline";
import { fileSize } from "~/lib/file-size";
import { formatDate, formatDatesIn } from "~/lib/dates";
import type { RecordHirs } from "~/models/hirs.server";
import { childSections, PRINT_SECTIONS, sectionLabel } from "~/records/sections";
import type { ChangeLogEntry, HssRecord } from "~/records/types";
import { SectionContext } from "./glossary";
import { DataTable, date, Facts, money } from "./parts";

type Trial =
  | HssRecord["clinicalTrials"]["euClinicalTrialRegistries"][number]
  | HssRecord["clinicalTrials"]["usClinicalTrialRegistries"][number];
type Link_ = HssRecord["relatedRecords"]["otherIndications"][number];

export interface RecordSectionsProps {
  record: HssRecord;
  changeLog: ChangeLogEntry[];
  /** Related hssIds that are published: only those are links. */
  publishedRelated: string[];
  /** Where related-record links point (the preview keeps to preview). */
  recordPath: (hssId: string) => string;
  /** The sections to show; all when undefined (print preview passes the chosen ones). */
  visible?: ReadonlySet<string>;
  /** The reports to download and the upcoming topics about this record (the record page's). */
  hirs?: RecordHirs;
  /** YYYY-MM-DD, the day the page was read: the regulatory events after it are expected. */
  today?: string;
  /** A staged record with no published version yet: its change log has not started. */
  neverPublished?: boolean;
}

const headingId = (value: string) => `section-${value}`;

function Section({
  value,
  level = 2,
  children,
}: {
  value: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  // Not a named region: a record has some 25 sections, reached by the contents list and
  // their headings; the landmarks are the tables' scroll regions, named by their captions.
  return (
    <section className={`record-section record-section-${level}`}>
      <Heading id={headingId(value)}>{sectionLabel(value)}</Heading>
      <SectionContext.Provider value={value}>{children}</SectionContext.Provider>
    </section>
  );
}

/** The in-page contents list, nested as the sections are. */
export function RecordContents({
  visible,
  none,
}: {
  visible?: ReadonlySet<string>;
  /** Sections with nothing recorded: their links say so ("Joint MAA (none)"), so a reader
   * does not follow one to find a line saying there is nothing there. */
  none?: ReadonlySet<string>;
}) {
  const shown = (value: string) => !visible || visible.has(value);
  return (
    <nav aria-label="Contents" className="record-contents">
      {/* On a phone the list is a closed disclosure, so the record starts in the first screen;
          wider its content always shows and the summary is not drawn (app/styles/components/record.css). */}
      <details className="contents-disclosure">
        <summary>Contents</summary>
        <h2 className="contents-heading">Contents</h2>
        <ol>
          {PRINT_SECTIONS.filter((s) => !s.parent && shown(s.value)).map((section) => (
            <li key={section.value}>
              <a href={`#${headingId(section.value)}`}>{section.label}</a>
              {section.isParent ? (
                <ol>
                  {childSections(section.value)
                    .filter((child) => shown(child.value))
                    .map((child) => (
                      <li key={child.value}>
                        <a href={`#${headingId(child.value)}`}>
                          {child.label}
                          {none?.has(child.value) ? (
                            <span className="contents-none">{"\u00a0"}(none)</span>
                          ) : null}
                        </a>
                      </li>
                    ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}

/** Under its registries' heading, which already names it: the caption is for screen readers. */
function TrialTable({ caption, trials }: { caption: string; trials: Trial[] }) {
  return (
    <DataTable
      caption={caption}
      captionHidden
      className="trials-table"
      stacked="always"
      rows={trials}
      rowKey={(trial) => trial.trialId}
      empty="No trials recorded in these registries."
      columns={[
        { header: "Trial ID", cell: (t) => t.trialId, rowHeader: true, nowrap: true },
        { header: "Registry", cell: (t) => t.registry, nowrap: true },
        { header: "Title", cell: (t) => t.title, className: "title-cell" },
        { header: "Phase", cell: (t) => t.phase, nowrap: true },
        {
          header: "Status",
          cell: (t) => <StatusTag kind="trial" value={t.status} />,
          nowrap: true,
        },
        { header: "Sponsor", cell: (t) => t.sponsor ?? "" },
        {
          header: "Enrolment",
          cell: (t) => t.enrolment?.toLocaleString("en-GB") ?? "",
          numeric: true,
        },
        { header: "Start", cell: (t) => date(t.startDate) ?? "" },
        { header: "Primary completion", cell: (t) => date(t.primaryCompletionDate) ?? "" },
        { header: "Countries", cell: (t) => t.countries.join(", ") },
      ]}
    />
  );
}

/**
 * The kinds of related record with none recorded, on one line rather than a heading each. Each
 * name keeps its heading's id, so the contents' link to it still lands here.
 */
function EmptyKinds({ kinds }: { kinds: Array<{ value: string; label: string }> }) {
  if (kinds.length === 0) return null;
  return (
    <p className="muted">
      None recorded:{" "}
      {kinds.map((kind, index) => (
        <Fragment key={kind.value}>
          {index > 0 ? ", " : null}
          <span id={headingId(kind.value)}>{kind.label}</span>
        </Fragment>
      ))}
      .
    </p>
  );
}

/** Under its kind's heading, which already names it: the caption is for screen readers. */
function RelatedList({
  links,
  caption,
  props,
}: {
  links: Link_[];
  caption: string;
  props: RecordSectionsProps;
}) {
  const published = new Set(props.publishedRelated);
  return (
    <DataTable
      caption={caption}
      captionHidden
      className="related-table"
      rows={links}
      rowKey={(link) => link.hssId}
      empty="None recorded."
      columns={[
        {
          header: "Record",
          rowHeader: true,
          cell: (link) =>
            published.has(link.hssId) ? (
              <Link to={props.recordPath(link.hssId)}>{link.title}</Link>
            ) : (
              <>
                {link.title} <span className="muted">(not published)</span>
              </>
            ),
        },
        { header: "HSS ID", cell: (link) => link.hssId },
      ]}
    />
  );
}

export function timelineEvents(record: HssRecord): TimelineEvent[] {
  const { ema, fda } = record.regulatoryInformation;
  return [
    ...ema.events.map((e) => ({
      agency: "EMA" as const,
      event: e.event,
      date: e.date,
      note: e.note,
    })),
    ...fda.events.map((e) => ({
      agency: "FDA" as const,
      event: e.event,
      date: e.date,
      note: e.note,
    })),
  ];
}

/** Every section of a record, in the print list's order, each with a heading. */
export function RecordSections(props: RecordSectionsProps) {
  const { record: r, visible, today } = props;
  const shown = (value: string) => !visible || visible.has(value);
  const { ema, fda } = r.regulatoryInformation;
  const related = r.relatedRecords;
  const relatedKinds = childSections("relatedRecords");
  const relatedOf = (kind: string) => related[kind as keyof typeof related];

  return (
    <>
      {shown("keyFacts") ? (
        <Section value="keyFacts">
          <Facts
            items={[
              ["HSS ID", r.hssId],
              ["Substance name", r.activeCompound.substanceName],
              ["Brand name", r.activeCompound.brandName],
              ["Company", r.organisations.map((o) => o.name).join("; ")],
              ["Indication", r.estimatedIndication.indication],
              ["Therapeutic area", r.estimatedIndication.therapeuticArea],
              ["EU regulatory status", <StatusTag key="eu" kind="eu" value={ema.status} />],
              ["FDA regulatory status", <StatusTag key="fda" kind="fda" value={fda.status} />],
              ["Record status", <StatusTag key="record" kind="record" value={r.recordStatus} />],
              ["IHSI category", r.classificationAndCodes.ihsiCategory],
              ["First in class", r.firstInClass],
              ["Stub record", r.stubRecord],
              ["Last updated", date(r.lastUpdated)],
            ]}
          />
        </Section>
      ) : null}

      {shown("activeCompound") ? (
        <Section value="activeCompound">
          <Facts
            items={[
              ["Substance name", r.activeCompound.substanceName],
              ["Brand name", r.activeCompound.brandName],
              ["Synonyms", r.activeCompound.synonyms.join(", ")],
              ["Technology type", r.activeCompound.technologyType],
              ["Drug class", r.activeCompound.drugClass],
              ["Target", r.activeCompound.target],
              ["Mechanism of action", r.activeCompound.mechanismOfAction],
              ["Orphan designation", r.activeCompound.orphanDesignation],
            ]}
          />
        </Section>
      ) : null}

      {shown("estimatedIndication") ? (
        <Section value="estimatedIndication">
          <Facts
            items={[
              ["Indication", r.estimatedIndication.indication],
              ["Therapeutic area", r.estimatedIndication.therapeuticArea],
              ["Population", r.estimatedIndication.population],
              ["Line of therapy", r.estimatedIndication.lineOfTherapy],
            ]}
          />
        </Section>
      ) : null}

      {shown("comparators") ? (
        <Section value="comparators">
          <DataTable
            caption="Comparators"
            captionHidden
            rows={r.comparators}
            rowKey={(c) => c.name}
            empty="No comparators recorded."
            columns={[
              { header: "Comparator", cell: (c) => c.name, rowHeader: true },
              { header: "Type", cell: (c) => c.type },
            ]}
          />
        </Section>
      ) : null}

      {shown("organisations") ? (
        <Section value="organisations">
          <DataTable
            caption="Organisations"
            captionHidden
            rows={r.organisations}
            rowKey={(o, i) => `${o.name}-${i}`}
            empty="No organisations recorded."
            columns={[
              { header: "Organisation", cell: (o) => o.name, rowHeader: true },
              { header: "Role", cell: (o) => o.role },
              { header: "Country", cell: (o) => o.country ?? "" },
            ]}
          />
        </Section>
      ) : null}

      {shown("classificationAndCodes") ? (
        <Section value="classificationAndCodes">
          <Facts
            items={[
              ["ATC code", r.classificationAndCodes.atcCode],
              ["ATC description", r.classificationAndCodes.atcDescription],
              ["IHSI category", r.classificationAndCodes.ihsiCategory],
              ["ICD-10", r.classificationAndCodes.icd10],
              ["MedDRA system organ class", r.classificationAndCodes.meddra.soc],
              ["MedDRA high level group term", r.classificationAndCodes.meddra.hlgt],
              ["MedDRA high level term", r.classificationAndCodes.meddra.hlt],
              ["MedDRA preferred term", r.classificationAndCodes.meddra.pt],
              ["MedDRA lowest level term", r.classificationAndCodes.meddra.llt],
            ]}
          />
        </Section>
      ) : null}

      {shown("administrationInformation") ? (
        <Section value="administrationInformation">
          <Facts
            items={[
              ["Route", r.administrationInformation.route],
              ["Dosage form", r.administrationInformation.dosageForm],
              ["Dosing", r.administrationInformation.dosing],
              ["Care setting", r.administrationInformation.setting],
            ]}
          />
        </Section>
      ) : null}

      {shown("diseaseInformation") ? (
        <Section value="diseaseInformation">
          <Facts
            items={[
              ["Disease", r.diseaseInformation.disease],
              ["Description", r.diseaseInformation.description],
              ["Prevalence", r.diseaseInformation.prevalence],
              ["Incidence", r.diseaseInformation.incidence],
              ["Current treatment", r.diseaseInformation.currentTreatment],
            ]}
          />
        </Section>
      ) : null}

      {shown("regulatoryInformation") ? (
        <Section value="regulatoryInformation">
          {shown("ema") && shown("fda") ? (
            <RegulatoryTimeline events={timelineEvents(r)} today={today} />
          ) : null}
          {shown("ema") ? (
            <Section value="ema" level={3}>
              <Facts
                items={[
                  [
                    "EU regulatory status",
                    ema.status ? <StatusTag key="eu" kind="eu" value={ema.status} /> : null,
                  ],
                  ["Procedure type", ema.procedureType],
                  ["Procedure number", ema.procedureNumber],
                  ["PRIME eligible", ema.primeEligible],
                  ["EU - MAA indications", ema.maaIndications.join("; ")],
                  ["EU - CHMP opinion indication", ema.chmpOpinionIndication],
                ]}
              />
              {!shown("fda") ? (
                <RegulatoryTimeline
                  id="timeline-ema"
                  today={today}
                  events={timelineEvents(r).filter((e) => e.agency === "EMA")}
                />
              ) : null}
            </Section>
          ) : null}
          {shown("fda") ? (
            <Section value="fda" level={3}>
              <Facts
                items={[
                  [
                    "FDA regulatory status",
                    fda.status ? <StatusTag key="fda" kind="fda" value={fda.status} /> : null,
                  ],
                  ["Application type", fda.applicationType],
                  ["Application number", fda.applicationNumber],
                  ["Breakthrough therapy", fda.breakthroughTherapy],
                  ["Fast track", fda.fastTrack],
                ]}
              />
              {!shown("ema") ? (
                <RegulatoryTimeline
                  id="timeline-fda"
                  today={today}
                  events={timelineEvents(r).filter((e) => e.agency === "FDA")}
                />
              ) : null}
            </Section>
          ) : null}
        </Section>
      ) : null}

      {shown("clinicalTrials") ? (
        <Section value="clinicalTrials">
          {shown("euClinicalTrialRegistries") ? (
            <Section value="euClinicalTrialRegistries" level={3}>
              <TrialTable
                caption="Trials in EU registries"
                trials={r.clinicalTrials.euClinicalTrialRegistries}
              />
            </Section>
          ) : null}
          {shown("usClinicalTrialRegistries") ? (
            <Section value="usClinicalTrialRegistries" level={3}>
              <TrialTable
                caption="Trials in US registries"
                trials={r.clinicalTrials.usClinicalTrialRegistries}
              />
            </Section>
          ) : null}
        </Section>
      ) : null}

      {shown("relatedRecords") ? (
        <Section value="relatedRecords">
          {relatedKinds
            .filter((kind) => shown(kind.value) && relatedOf(kind.value).length > 0)
            .map((kind) => (
              <Section key={kind.value} value={kind.value} level={3}>
                <RelatedList caption={kind.label} links={relatedOf(kind.value)} props={props} />
              </Section>
            ))}
          <EmptyKinds
            kinds={relatedKinds.filter(
              (kind) => shown(kind.value) && relatedOf(kind.value).length === 0,
            )}
          />
        </Section>
      ) : null}

      {shown("analysis") ? (
        <Section value="analysis">
          <Facts
            items={[
              ["Summary", r.analysis.summary],
              ["Expected impact", r.analysis.expectedImpact],
              ["Price tier", r.analysis.priceTier],
              ["Estimated cost", money(r.analysis.estimatedCost)],
            ]}
          />
        </Section>
      ) : null}

      {shown("highImpactReports") ? (
        <Section value="highImpactReports">
          <DataTable
            caption="High Impact Reports"
            captionHidden
            rows={r.highImpactReports}
            rowKey={(h, i) => `${h.title}-${i}`}
            empty="No High Impact Report covers this record."
            columns={[
              { header: "Title", cell: (h) => h.title, rowHeader: true },
              { header: "Published", cell: (h) => date(h.publishedDate) },
              { header: "Report ID", cell: (h) => h.reportId ?? "", nowrap: true },
            ]}
          />
          {props.hirs ? <RecordHirLinks hirs={props.hirs} /> : null}
        </Section>
      ) : null}

      {shown("references") ? (
        <Section value="references">
          <DataTable
            caption="References"
            captionHidden
            stacked="phone"
            rows={r.references}
            rowKey={(ref, i) => `${ref.title}-${i}`}
            empty="No references recorded."
            columns={[
              {
                header: "Reference",
                rowHeader: true,
                cell: (ref) => (ref.url ? <a href={ref.url}>{ref.title}</a> : ref.title),
              },
              { header: "Source", cell: (ref) => ref.source },
              { header: "Date", cell: (ref) => date(ref.date) ?? "" },
            ]}
          />
        </Section>
      ) : null}

      {shown("recordChangeLog") ? (
        <Section value="recordChangeLog">
          <DataTable
            caption="Record change log, newest first"
            captionHidden
            stacked="tablet"
            rows={props.changeLog}
            rowKey={(entry) => String(entry.id)}
            empty={
              props.neverPublished
                ? "No published version yet: the change log starts when this record is first published."
                : "No changes since this record was first published."
            }
            columns={[
              {
                header: "Date",
                rowHeader: true,
                cell: (entry) => (
                  <>
                    <time dateTime={entry.changedAt}>{formatDate(entry.changedAt)}</time>
                    {entry.state === "staged" ? (
                      <strong className="pending"> (pending)</strong>
                    ) : null}
                  </>
                ),
              },
              // Stacked below 56rem (a tablet), so the section's name keeps to one line where
              // the log is a table, and the before and after values take the room left.
              { header: "Section", cell: (entry) => sectionLabel(entry.section), nowrap: true },
              { header: "Field", cell: (entry) => <FieldPath path={entry.field} /> },
              {
                header: "Before",
                cell: (entry) =>
                  entry.before === null ? (
                    <span className="muted">(none)</span>
                  ) : (
                    formatDatesIn(entry.before)
                  ),
              },
              {
                header: "After",
                cell: (entry) =>
                  entry.after === null ? (
                    <span className="muted">(none)</span>
                  ) : (
                    formatDatesIn(entry.after)
                  ),
              },
            ]}
          />
        </Section>
      ) : null}
    </>
  );
}

/**
 * A changed field's path ("2023-574447-93-00 › Status"): a code of one word (a trial's ID) never
 * breaks inside, at its hyphens; a step of words (a reference's title) wraps between them; the
 * "›" stays with the step before it, so no line starts with one.
 */
function FieldPath({ path }: { path: string }) {
  const steps = path.split(" › ");
  return (
    <>
      {steps.map((step, index) => {
        const text = index < steps.length - 1 ? `${step}\u00a0›` : step;
        // The space between steps outside the step, where a line may break.
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one path, in their order.
          <Fragment key={index}>
            {index ? " " : ""}
            <span className={/\s/.test(step) ? undefined : "nowrap"}>{text}</span>
          </Fragment>
        );
      })}
    </>
  );
}

/** The reports members can download for this record, and the ones being written about it. */
function RecordHirLinks({ hirs }: { hirs: RecordHirs }) {
  return (
    <>
      {hirs.reports.length ? (
        <>
          <h3>Reports to download</h3>
          <ul className="record-hirs">
            {hirs.reports.map((hir) => (
              <li key={hir.id}>
                {hir.title} (updated {date(hir.updatedAt.slice(0, 10))}):{" "}
                {hir.byteSize === null ? (
                  "No file data Found"
                ) : (
                  <a href={hirFileUrl(hir.id)}>
                    Download PDF<span className="visually-hidden">: {hir.title}</span> (
                    {fileSize(hir.byteSize)})
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {hirs.topics.length ? (
        <>
          <h3>Upcoming High Impact Reports</h3>
          <ul className="record-hirs">
            {hirs.topics.map((topic) => (
              <li key={topic.id}>
                {topic.titleOfTopic}:{" "}
                {topic.publicationDate ? (
                  <>expected {date(topic.publicationDate)}</>
                ) : (
                  "publication date not yet set"
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to="/hir">All High Impact Reports</Link> ·{" "}
        <Link to="/upcoming-hir">All upcoming reports</Link>
      </p>
    </>
  );
}

/** The related-record kinds a record has none of (the contents mark them). */
export function emptyRelatedKinds(record: HssRecord): Set<string> {
  return new Set(
    childSections("relatedRecords")
      .filter(
        (kind) =>
          record.relatedRecords[kind.value as keyof HssRecord["relatedRecords"]].length === 0,
      )
      .map((kind) => kind.value),
  );
}
