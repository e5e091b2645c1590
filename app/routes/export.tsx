import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { FieldError, summaryItems } from "~/components/forms";
import { requireUser, requireUserWith } from "~/auth/auth.server";
import { searchPageColumns } from "~/models/page-columns.server";
import { EXPORT_FORMATS } from "~/export/formats";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { exportFormSchema } from "~/models/exports.server";
import { exportPage, startSearchExport } from "~/pages/export.server";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle = { title: "Export" };

export const NOTHING_SELECTED = "Select at least one result on the search page to export it";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, extra: known } = await requireUserWith(request, searchPageColumns);
  return await exportPage(request, user, known);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), exportFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const started = await startSearchExport(request, user, submission.value);
  if (started.kind === "nothing-selected")
    return data(submission.reply({ fieldErrors: { exportAll: [NOTHING_SELECTED] } }), {
      status: 400,
    });
  return redirect(started.to, { status: 303 });
}

const FORMAT_LABELS: Record<(typeof EXPORT_FORMATS)[number], string> = {
  csv: "CSV: opens in any spreadsheet (the limited set of fields)",
  xlsx: "XLSX: an Excel workbook with every field of the record",
  xml: "XML: for other systems (the limited set of fields)",
};

export default function ExportRoute() {
  const { selected, total, isAdmin, back, fallbackSize } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // Only an administrator exports every result; anyone else's "all results"
  // falls back to their selection. So the form starts on what this user can actually export,
  // and an empty selection cannot be chosen.
  const hasSelection = selected > 0;
  const defaultScope = hasSelection ? "selection" : isAdmin ? "all" : undefined;
  const nothingToExport = !hasSelection && !isAdmin;
  const [form, fields] = useForm({
    id: "export",
    lastResult,
    defaultValue: { exportFormat: "csv", exportAll: defaultScope },
  });
  const errors = summaryItems(form, [fields.exportAll, fields.exportFormat]).map((item) =>
    item.fieldId
      ? {
          ...item,
          fieldId: `${item.fieldId}-${item.fieldId === fields.exportAll.id ? (hasSelection ? "selection" : "all") : "csv"}`,
        }
      : item,
  );
  const scope = fields.exportAll;
  const format = fields.exportFormat;
  const chosenScope = scope.value ?? defaultScope;
  const chosenFormat = format.value ?? "csv";
  return (
    <div className="form-narrow">
      <Breadcrumb items={[{ label: "Search", to: back }, { label: "Export" }]} />
      <ErrorSummary items={errors} />
      <h1>Export</h1>
      {/* What stops the export comes first; the note on what an export holds after it. */}
      {nothingToExport ? (
        <p className="notice">
          Nothing is selected yet. Tick the results to export on the search page, then choose Export
          again.
        </p>
      ) : null}
      <p className="notice">
        Export is under development: only a limited set of fields is exported (every field in XLSX).
        See <Link to="/faq#EXPORTINGDATA">exporting data in the FAQ</Link>.
      </p>
      {nothingToExport ? (
        <>
          <p>
            An export is a CSV, XLSX or XML file of the results you select. Only administrators can
            export every result of a search.
          </p>
          <p>
            <Link to={back} className="button-link">
              Back to the search
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <fieldset aria-describedby={scope.errors?.length ? scope.errorId : undefined}>
            <legend>What to export</legend>
            <FieldError field={scope} />
            <label htmlFor={`${scope.id}-selection`}>
              <input
                type="radio"
                id={`${scope.id}-selection`}
                name={scope.name}
                value="selection"
                defaultChecked={chosenScope === "selection"}
                disabled={!hasSelection}
                aria-describedby={hasSelection ? undefined : "selection-hint"}
              />
              The selected results ({selected.toLocaleString("en-GB")})
            </label>
            {hasSelection ? null : (
              <small id="selection-hint" className="hint">
                Nothing is selected: tick results on the search page to export them.
              </small>
            )}
            <label htmlFor={`${scope.id}-all`}>
              <input
                type="radio"
                id={`${scope.id}-all`}
                name={scope.name}
                value="all"
                defaultChecked={chosenScope === "all"}
                disabled={nothingToExport}
                aria-describedby="all-hint"
              />
              All {total.toLocaleString("en-GB")} results of this search
            </label>
            <small id="all-hint" className="hint">
              {isAdmin
                ? "As an administrator you may export every result."
                : `Only administrators can export every result. If you choose this, your selection is exported instead (at most ${fallbackSize.toLocaleString("en-GB")} records).`}
            </small>
          </fieldset>
          <fieldset aria-describedby={format.errors?.length ? format.errorId : undefined}>
            <legend>File format</legend>
            <FieldError field={format} />
            {EXPORT_FORMATS.map((value) => (
              <label key={value} htmlFor={`${format.id}-${value}`}>
                <input
                  type="radio"
                  id={`${format.id}-${value}`}
                  name={format.name}
                  value={value}
                  defaultChecked={chosenFormat === value}
                />
                {FORMAT_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <div className="inline-actions">
            <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
              Export
            </button>
            <Link to={back} className="button-link secondary">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
