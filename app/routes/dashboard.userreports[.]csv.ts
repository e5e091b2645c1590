import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/auth/auth.server";
import { csvText } from "~/export/writers.server";
import { readReportQuery, reportCsvRows, userReport } from "~/models/user-admin.server";

/** The user report as a CSV download: every user the filters match, not just one page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "readUserReports");
  const { query, errors } = readReportQuery(new URL(request.url).searchParams);
  if (errors.from || errors.to) {
    return new Response(`${[errors.from, errors.to].filter(Boolean).join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const report = await userReport(query, { all: true });
  return new Response(csvText(reportCsvRows(query, report)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="user-report-${query.from}-to-${query.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
