import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { RecordPage } from "~/components/record/RecordPage";
import { requireUser } from "~/auth/auth.server";
import { isoDate } from "~/lib/dates";
import { recordOr404 } from "~/pages/record-route.server";
import type { RouteHandle } from "~/lib/route-handle";
import { getPrintSelection } from "~/models/records.server";
import { PRINT_SECTION_VALUES, resolvePrintSelection } from "~/records/sections";

export const handle: RouteHandle<{ view: { document: { title: string } } }> = {
  title: (data) => (data ? `Print preview: ${data.view.document.title}` : "Print preview"),
  // The preview is the page as it prints: the site's header and footer are not printed.
  chrome: false,
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = await recordOr404(params.hssId);
  const fromUrl = new URL(request.url).searchParams
    .getAll("section")
    .filter((value) => PRINT_SECTION_VALUES.includes(value));
  const sections = fromUrl.length ? fromUrl : await getPrintSelection(user.id);
  return {
    view,
    sections: [...resolvePrintSelection(sections)],
    today: isoDate(new Date()),
  };
}

function PrintButton() {
  // Rendered only once scripts run: without them the bar says how to print instead, so there is never a dead button.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  if (!scripted) {
    return (
      <p className="print-hint">
        To print, use your browser’s Print command (Ctrl+P, or ⌘+P on a Mac).
      </p>
    );
  }
  return (
    <button type="button" onClick={() => window.print()}>
      Print
    </button>
  );
}

export default function PrintPreview() {
  const { view, sections, today } = useLoaderData<typeof loader>();
  return (
    <div className="print-preview">
      <section className="mode-bar print-bar" aria-label="Print preview">
        <p>
          <strong>Print Preview Enabled</strong> The record as it prints, with the sections you
          chose.
        </p>
        {/* The label on its line, the actions in one row under it: Change sections leads to
            the choosing form, so it is a secondary button-link among the buttons; Cancel last,
            the way out, as in every form's row. */}
        <div className="button-row">
          <PrintButton />
          <Link to={`/record/${view.hssId}/print`} className="button-link secondary">
            Change sections
          </Link>
          <Link to={`/record/${view.hssId}`} className="button-link secondary">
            Cancel
          </Link>
        </div>
      </section>
      <RecordPage
        view={view}
        recordPath={(hssId) => `/record/${hssId}`}
        visible={new Set(sections)}
        contents={false}
        today={today}
      />
    </div>
  );
}
