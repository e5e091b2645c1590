import { KeepCompounds } from "~/components/KeepCompounds";
import { type ReactNode, useMemo } from "react";
import { StatusTag } from "~/components/StatusTag";
import { formatDate } from "~/lib/dates";
import { type GlossaryTarget, glossaryLookup } from "~/records/glossary-links";
import type { RecordHirs } from "~/models/hirs.server";
import type { RecordView } from "~/records/types";
import { GlossaryContext } from "./glossary";
import { emptyRelatedKinds, RecordContents, RecordSections } from "./RecordSections";

/**
 * A record: its title, status and actions at the top; below, the contents list beside the
 * sections (a sticky side column on a wide screen, a box above them on a narrow one), the
 * key facts first among the sections.
 */
export function RecordPage({
  view,
  recordPath,
  actions,
  notice,
  visible,
  contents = true,
  glossary,
  hirs,
  today,
}: {
  view: RecordView;
  recordPath: (hssId: string) => string;
  actions?: ReactNode;
  notice?: ReactNode;
  visible?: ReadonlySet<string>;
  /** false: no contents list (the print preview shows the page as it prints, in one column;
   * its sections are then set as they print). */
  contents?: boolean;
  /** The glossary's entries: each field label that has one links to it. */
  glossary?: GlossaryTarget[];
  /** The reports to download and the upcoming topics about this record. */
  hirs?: RecordHirs;
  /** YYYY-MM-DD, the day the page was read (the loader's): regulatory events after it are expected. */
  today?: string;
}) {
  const r = view.document;
  const lookup = useMemo(() => (glossary ? glossaryLookup(glossary) : null), [glossary]);
  return (
    <article className="record">
      <header className="record-header">
        <p className="record-kicker">
          <span>{r.hssId}</span>
          <span>Version {view.version}</span>
          <span>
            <span className="visually-hidden">Record status: </span>
            <StatusTag kind="record" value={r.recordStatus} />
          </span>
        </p>
        <h1>
          <KeepCompounds text={r.title} />
        </h1>
        <p className="record-updated">
          {/* Each phrase whole on its line: a phone broke "first / published". */}
          <span className="nowrap">
            Last updated <time dateTime={r.lastUpdated}>{formatDate(r.lastUpdated)}</time>
          </span>
          {view.firstPublishedAt ? (
            <>
              {" "}
              ·{" "}
              <span className="nowrap">
                first published{" "}
                <time dateTime={view.firstPublishedAt}>{formatDate(view.firstPublishedAt)}</time>
              </span>
            </>
          ) : null}
        </p>
        {notice}
        {actions ? <div className="record-actions">{actions}</div> : null}
      </header>
      <div className={contents ? "record-body" : "record-body record-body--single"}>
        {contents ? <RecordContents visible={visible} none={emptyRelatedKinds(r)} /> : null}
        <div className="record-sections">
          <GlossaryContext.Provider value={lookup}>
            <RecordSections
              record={r}
              changeLog={view.changeLog}
              publishedRelated={view.publishedRelated}
              recordPath={recordPath}
              visible={visible}
              hirs={hirs}
              today={today}
              neverPublished={!view.firstPublishedAt}
            />
          </GlossaryContext.Provider>
        </div>
      </div>
    </article>
  );
}
