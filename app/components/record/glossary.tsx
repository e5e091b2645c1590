import { Link } from "@remix-run/react";
import { createContext, useContext } from "react";

/** Finds the glossary link of a label in a section (app/records/glossary-links.ts), if any. */
export type GlossaryLookup = (section: string, label: string) => string | undefined;

export const GlossaryContext = createContext<GlossaryLookup | null>(null);
/** The record section a label is shown in: set by each section of the record page. */
export const SectionContext = createContext("");

/**
 * A field's label, linked to its glossary entry when it has one. The link reads as the label
 * itself (dotted underline, the text's own colour) so the page stays quiet; a screen reader
 * hears "Drug class (in the glossary), link", so it is clear where it goes.
 */
export function FieldLabel({ label }: { label: string }) {
  const lookup = useContext(GlossaryContext);
  const section = useContext(SectionContext);
  const href = lookup?.(section, label);
  if (!href) return <>{label}</>;
  return (
    <Link to={href} className="glossary-link" prefetch="none">
      {label}
      <span className="visually-hidden"> (in the glossary)</span>
    </Link>
  );
}
