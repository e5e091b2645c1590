export type Severity = "error" | "warning" | "info" | "success";

export interface BarMessage {
  severity: Severity;
  message: string;
}

const WORDS: Record<Severity, string> = {
  error: "Error",
  warning: "Warning",
  info: "Information",
  success: "Success",
};
const ICONS: Record<Severity, string> = { error: "✖", warning: "⚠", info: "ℹ", success: "✔" };

/**
 * The bar below the header for site-wide messages. Each names its severity in words and
 * an icon as well as a colour; errors are announced at once, the rest politely.
 */
export function AlertBar({ messages }: { messages: BarMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="alert-bar">
      {messages.map((item) => (
        <div
          key={`${item.severity}:${item.message}`}
          className={`alert alert--${item.severity} container`}
          role={item.severity === "error" ? "alert" : "status"}
        >
          <span className="alert-icon" aria-hidden="true">
            {ICONS[item.severity]}
          </span>
          <strong>{WORDS[item.severity]}:</strong> {item.message}
        </div>
      ))}
    </div>
  );
}
