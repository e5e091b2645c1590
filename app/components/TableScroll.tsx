import type { ReactNode } from "react";

/**
 * The scroll box around a table wider than a phone. It takes keyboard focus, so keyboard users
 * can scroll it (WCAG 2.1.1), and its label names it when it does.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this is a labelled scroll box.
    <div className="table-scroll" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
