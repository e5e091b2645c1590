import { type ReactNode, useId } from "react";

/**
 * A data table with its caption, inside a scroll box for when it is wider than the screen
 * (WCAG 1.4.10: the table scrolls, the page does not). The box is a region named by the
 * caption (a named section), and it takes keyboard focus, so keyboard users can scroll it (WCAG 2.1.1).
 */
export function TableScroll({
  caption,
  captionHidden = false,
  className,
  id,
  children,
}: {
  caption: ReactNode;
  /** For a table whose section heading already says what the caption would. */
  captionHidden?: boolean;
  className?: string;
  id?: string;
  children: ReactNode;
}) {
  // From the table's id where it has one, so ids stay stable and unique across renders.
  const generated = useId();
  const captionId = id ? `${id}-caption` : generated;
  return (
    // A section named by the caption is a region landmark (role="region").
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard.
    <section className="table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className={className} id={id}>
        <caption id={captionId} className={captionHidden ? "visually-hidden" : undefined}>
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}
