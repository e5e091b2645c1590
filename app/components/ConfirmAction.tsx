import type { ReactNode } from "react";

/**
 * A destructive action that asks first, without a script: a disclosure whose summary names the
 * action, and inside it the question and the button that does it. Put it inside the form the
 * button submits. (A whole page asks instead where there is more to say: DeleteConfirmation.)
 */
export function ConfirmAction({
  summary,
  question,
  name = "intent",
  value,
  confirm,
}: {
  /** What the action is, on the closed disclosure: "Delete". May hold a visually hidden name. */
  summary: ReactNode;
  /** What happens, asked before it does: "Delete this saved search? It cannot be undone." */
  question: ReactNode;
  name?: string;
  value: string;
  /** The button that does it: "Yes, delete “Alpha watch”". */
  confirm: ReactNode;
}) {
  return (
    <details className="confirm-action">
      <summary className="danger-summary">{summary}</summary>
      <div className="confirm-panel">
        <p>{question}</p>
        <button type="submit" name={name} value={value} className="danger">
          {confirm}
        </button>
      </div>
    </details>
  );
}
