import { useEffect, useRef } from "react";
import { useReportActionFailed } from "~/lib/action-failed";

export interface ErrorSummaryItem {
  /** The id of the field the message is about; form-level messages have none. */
  fieldId?: string;
  message: string;
}

/**
 * The GOV.UK error summary: at the top of main, linking to each field, in the same words
 * as the message beside the field. With JS it takes focus so the errors are read at once.
 */
export function ErrorSummary({
  items,
  narrow = false,
}: {
  items: ErrorSummaryItem[];
  /** On a wide page whose form is narrow (.form-narrow): the summary keeps to the form's width. */
  narrow?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const key = items.map((item) => `${item.fieldId}:${item.message}`).join("|");
  // The page's title starts "Error: " while a summary shows.
  useReportActionFailed(items.length > 0);
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);
  if (items.length === 0) return null;
  return (
    <div
      className={narrow ? "error-summary error-summary--narrow" : "error-summary"}
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      ref={ref}
    >
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.fieldId}:${item.message}`}>
            {item.fieldId ? <a href={`#${item.fieldId}`}>{item.message}</a> : item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
