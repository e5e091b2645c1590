import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { requireUser } from "~/auth/auth.server";
import { recordOr404 } from "~/pages/record-route.server";
import type { RouteHandle } from "~/lib/route-handle";
import { choosePrintSections, printForm, printSelectionPage } from "~/pages/record-print.server";
import { childSections, PRINT_SECTIONS } from "~/records/sections";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle = { title: "Print: choose sections" };

const NOTHING_CHOSEN = "Select at least one section to print";
const FIRST_BOX = `print-${PRINT_SECTIONS[0].value}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = await recordOr404(params.hssId);
  return await printSelectionPage(user.id, view, new URL(request.url).searchParams);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const view = await recordOr404(params.hssId);
  const form = await readForm(request);
  const choice = printForm.parse({ intent: form.get("intent"), sections: form.getAll("section") });
  const outcome = await choosePrintSections(user.id, view.hssId, choice);
  if (outcome.kind === "nothing-chosen")
    return data({ status: "error" as const, message: NOTHING_CHOSEN }, { status: 400 });
  return redirect(outcome.to);
}

export default function PrintSelection() {
  const { hssId, title, selected } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failed = actionData?.status === "error";
  // Controlled only so that ticking a parent ticks its children when JS runs.
  const [checked, setChecked] = useState(() => new Set(failed ? [] : selected));
  const [source, setSource] = useState(selected);
  if (source !== selected) {
    setSource(selected);
    setChecked(new Set(selected));
  }
  const toggle = (value: string, on: boolean) => {
    const next = new Set(checked);
    const family = [value, ...childSections(value).map((child) => child.value)];
    for (const member of family) on ? next.add(member) : next.delete(member);
    const section = PRINT_SECTIONS.find((s) => s.value === value);
    if (section?.parent) {
      const siblings = childSections(section.parent);
      if (siblings.some((s) => next.has(s.value))) next.add(section.parent);
      else next.delete(section.parent);
    }
    setChecked(next);
  };

  const box = (value: string, label: string) => (
    <label htmlFor={`print-${value}`}>
      <input
        type="checkbox"
        id={`print-${value}`}
        name="section"
        value={value}
        checked={checked.has(value)}
        onChange={(event) => toggle(value, event.currentTarget.checked)}
        aria-invalid={failed ? true : undefined}
        aria-describedby={failed ? "print-error" : undefined}
      />
      {label}
    </label>
  );

  return (
    <div className="form-narrow">
      <Breadcrumb items={[{ label: title, to: `/record/${hssId}` }, { label: "Print" }]} />
      <ErrorSummary items={failed ? [{ fieldId: FIRST_BOX, message: actionData.message }] : []} />
      <h1>Print: choose sections</h1>
      <p>
        Choose what to print of <strong>{title}</strong>. The next page shows a preview with only
        these sections.
      </p>
      <Form method="post" key={selected.join(",")}>
        <fieldset>
          <legend>Sections to print</legend>
          {failed ? (
            <p id="print-error" className="field-error">
              <span className="visually-hidden">Error: </span>
              {actionData.message}
            </p>
          ) : null}
          {/* With the boxes they act on, not a second row of buttons above the form's own. */}
          <div className="inline-actions print-select">
            <button type="submit" name="intent" value="selectAll" className="secondary">
              Select all
            </button>
            <button type="submit" name="intent" value="clearAll" className="secondary">
              Clear all
            </button>
          </div>
          <ul className="print-sections">
            {PRINT_SECTIONS.filter((s) => !s.parent).map((section) => (
              <li key={section.value}>
                {box(section.value, section.label)}
                {section.isParent ? (
                  <ul>
                    {childSections(section.value).map((child) => (
                      <li key={child.value}>{box(child.value, child.label)}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="inline-actions">
          <button
            type="submit"
            name="intent"
            value="preview"
            aria-busy={navigation.state === "submitting" ? true : undefined}
          >
            Show print preview
          </button>
          <Link to={`/record/${hssId}`} className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
