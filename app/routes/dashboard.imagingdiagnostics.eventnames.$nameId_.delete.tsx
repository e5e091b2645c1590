import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { RegisterBreadcrumb } from "~/components/imaging/RegisterBreadcrumb";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { eventNameOf } from "~/pages/imaging-form.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { deleteEventName, getEventName } from "~/models/imaging-diagnostics.server";
import { redirectWithFlash } from "~/lib/flash.server";

const PATH = "/dashboard/imagingdiagnostics/eventnames";

export const handle: RouteHandle<{ name: { name: string } } | undefined> = {
  title: (data) => (data?.name ? `Delete event name: ${data.name.name}` : "Delete event name"),
};

export const inUseMessage = (name: string, uses: number) =>
  `${name} was not deleted: ${uses} ${uses === 1 ? "event has" : "events have"} it. Give ${uses === 1 ? "that event" : "those events"} another name first.`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return { name: await eventNameOf(params) };
}

/** Deletes a name no event has; one in use is refused (its events refer to it). */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const id = idParam(params.nameId);
  await readForm(request);
  const name = await getEventName(id);
  const outcome = await deleteEventName(id);
  const flash =
    outcome === "deleted" && name
      ? { severity: "success" as const, message: `Event name deleted: ${name.name}.` }
      : outcome === "in use" && name
        ? { severity: "error" as const, message: inUseMessage(name.name, name.uses) }
        : { severity: "info" as const, message: "That event name had already been deleted." };
  return redirectWithFlash(request, PATH, flash);
}

/** A name's hyphens as no-break hyphens, so "Pre-submission" does not break at its hyphen. */
const keepHyphens = (text: string) => text.replaceAll("-", "\u2011");

export default function DeleteEventName() {
  const { name } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="form-narrow">
      <RegisterBreadcrumb current="Delete" underEventNames />
      {/* A name in use cannot be deleted: the heading says so rather than ask. The name is
          quoted, its hyphens kept from breaking ("Pre‑submission"). */}
      <h1>
        {name.uses > 0
          ? `“${keepHyphens(name.name)}” is in use`
          : `Delete the event name “${keepHyphens(name.name)}”?`}
      </h1>
      {name.uses > 0 ? (
        <>
          <p>
            {name.uses.toLocaleString("en-GB")} {name.uses === 1 ? "event has" : "events have"} this
            name, so it cannot be deleted. Give {name.uses === 1 ? "that event" : "those events"}{" "}
            another name first, or <Link to={`${PATH}/${name.id}`}>rename this one</Link>.
          </p>
          <p>
            <Link to={PATH}>Back to the event names</Link>
          </p>
        </>
      ) : (
        <>
          <p>No event has this name. The form will no longer offer it.</p>
          <Form method="post" className="button-row">
            <button
              type="submit"
              className="danger"
              aria-busy={navigation.state === "submitting" || undefined}
            >
              Delete event name
            </button>
            <Link to={PATH} className="button-link secondary">
              Cancel, keep it
            </Link>
          </Form>
        </>
      )}
    </div>
  );
}
