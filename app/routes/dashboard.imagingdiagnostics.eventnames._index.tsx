import { getFormProps, useForm } from "@conform-to/react";
import { redirectWithFlash } from "~/lib/flash.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RegisterBreadcrumb } from "~/components/imaging/RegisterBreadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { TableScroll } from "~/components/TableScroll";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import type { RouteHandle } from "~/lib/route-handle";
import { listEventNames } from "~/models/imaging-diagnostics.server";
import { eventNamesAction, eventNamesForm } from "~/pages/imaging-event-names.server";

export const handle: RouteHandle = { title: "Imaging and diagnostics event names" };

const PATH = "/dashboard/imagingdiagnostics/eventnames";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return { names: await listEventNames() };
}

/** Adds a name (intent "add"), or moves one up or down the dropdown's order. */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const form = await readForm(request);
  const parsed = eventNamesForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirect(PATH, { status: 303 });
  const outcome = await eventNamesAction(form, parsed.data);
  if (outcome.kind === "moved") return redirect(PATH, { status: 303 });
  if (outcome.kind === "invalid") return data(outcome.reply, { status: 400 });
  return redirectWithFlash(request, PATH, {
    severity: "success",
    message: `Event name added: ${outcome.name}.`,
  });
}

export default function ImagingEventNames() {
  const { names } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ id: "event-name", lastResult, shouldRevalidate: "onInput" });
  return (
    <>
      <RegisterBreadcrumb current="Event names" />
      <ErrorSummary items={summaryItems(form, [fields.name])} />
      <h1>Event names</h1>
      <p>
        An entry's events take their names from this list, in this order. Renaming a name renames it
        on every event that has it; a name that events use cannot be deleted.
      </p>
      <Form method="post" {...getFormProps(form)} className="form-narrow">
        <TextField field={fields.name} label="New event name" required />
        <button type="submit" name="intent" value="add">
          Add event name
        </button>
      </Form>
      <TableScroll
        caption="Event names, in the order the form lists them"
        captionHidden
        className="event-names"
        stacked="phone"
      >
        <thead>
          <tr>
            <th scope="col">Event name</th>
            <th scope="col" className="numeric">
              Events
            </th>
            <th scope="col">Order</th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
          {names.map((name, index) => (
            <tr key={name.id}>
              <th scope="row">
                <Link to={`${PATH}/${name.id}`}>
                  {name.name}
                  <span className="visually-hidden">: rename</span>
                </Link>
              </th>
              <td className="numeric" data-label="Events">
                {name.uses.toLocaleString("en-GB")}
              </td>
              {/* No label: on a phone a row's actions take the whole line (labelled, the two
                  buttons did not fit beside the label and ran off the screen). */}
              <td>
                <Form method="post" className="inline-actions">
                  <input type="hidden" name="id" value={name.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="up"
                    className="secondary outline"
                    disabled={index === 0}
                  >
                    Move up<span className="visually-hidden"> {name.name}</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    className="secondary outline"
                    disabled={index === names.length - 1}
                  >
                    Move down<span className="visually-hidden"> {name.name}</span>
                  </button>
                </Form>
              </td>
              {/* No label on a phone: "Delete" beside a Delete link read "Delete Delete". */}
              <td>
                {name.uses === 0 ? (
                  <Link to={`${PATH}/${name.id}/delete`}>
                    Delete<span className="visually-hidden"> {name.name}</span>
                  </Link>
                ) : (
                  <span className="muted">
                    In use<span className="stacked-only">: cannot be deleted</span>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </TableScroll>
    </>
  );
}
