import { getFormProps, useForm } from "@conform-to/react";
import { redirectWithFlash } from "~/lib/flash.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RegisterBreadcrumb } from "~/components/imaging/RegisterBreadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { eventNameOf } from "~/pages/imaging-form.server";
import { parseForm } from "~/lib/forms.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  eventNameExists,
  eventNameSchema,
  eventNameTaken,
  renameEventName,
} from "~/models/imaging-diagnostics.server";

const PATH = "/dashboard/imagingdiagnostics/eventnames";

export const handle: RouteHandle<{ name: { name: string } } | undefined> = {
  title: (data) => (data?.name ? `Rename event name: ${data.name.name}` : "Rename event name"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return { name: await eventNameOf(params) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const id = idParam(params.nameId);
  const submission = parseForm(await readForm(request), eventNameSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { name } = submission.value;
  if (await eventNameExists(name, id))
    return data(submission.reply({ fieldErrors: { name: [eventNameTaken(name)] } }), {
      status: 400,
    });
  if (!(await renameEventName(id, name))) throw new Response("Not found", { status: 404 });
  return redirectWithFlash(request, PATH, {
    severity: "success",
    message: `Event name saved: ${name}.`,
  });
}

export default function RenameEventName() {
  const { name } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "event-name",
    lastResult,
    shouldRevalidate: "onInput",
    defaultValue: { name: name.name },
  });
  return (
    <div className="form-narrow">
      <RegisterBreadcrumb current="Rename" underEventNames />
      <ErrorSummary items={summaryItems(form, [fields.name])} />
      <h1>Rename event name</h1>
      <p>
        {name.uses === 0
          ? "No event has this name yet."
          : `${name.uses.toLocaleString("en-GB")} ${name.uses === 1 ? "event has" : "events have"} this name: they will all read the new one.`}
      </p>
      <Form method="post" {...getFormProps(form)}>
        <TextField field={fields.name} label="Event name" required />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Save event name
          </button>
          <Link to={PATH} className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
