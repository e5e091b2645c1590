import { StatusTag } from "~/components/StatusTag";
import { formatDate } from "~/lib/dates";
import { type Severity, SEVERITY_WORDS } from "./AlertBar";

export interface AlertView {
  title: string;
  summary: string;
  contentHtml: string;
  severity: Severity;
  tags: string[];
  notifyDate: string;
  updatedAt: string;
}

/**
 * One alert or release as a page: its title as the page's heading, its severity in words, its
 * dates, and the content staff wrote (Markdown rendered and made safe on the server).
 */
export function AlertArticle({ alert, release }: { alert: AlertView; release: boolean }) {
  return (
    <article>
      <h1>{alert.title}</h1>
      <p className="alert-meta">
        {release ? (
          <>Released {formatDate(alert.notifyDate)}</>
        ) : (
          <>
            <StatusTag
              kind="severity"
              value={alert.severity}
              word={SEVERITY_WORDS[alert.severity]}
            />{" "}
            · since {formatDate(alert.notifyDate)}
          </>
        )}
        {alert.updatedAt.slice(0, 10) !== alert.notifyDate.slice(0, 10) ? (
          <> · updated {formatDate(alert.updatedAt)}</>
        ) : null}
      </p>
      <p className="lead">{alert.summary}</p>
      {alert.contentHtml ? (
        <div
          className="rendered-content"
          // Rendered from Markdown on the server, raw HTML escaped and links checked (app/lib/markdown.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML made on the server
          dangerouslySetInnerHTML={{ __html: alert.contentHtml }}
        />
      ) : null}
      {alert.tags.length ? <p className="alert-tags">Tags: {alert.tags.join(", ")}</p> : null}
    </article>
  );
}
