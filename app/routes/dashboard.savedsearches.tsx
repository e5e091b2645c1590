import { ConfirmAction } from "~/components/ConfirmAction";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { requireUser } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import { savedSearchActionSchema } from "~/models/saved-searches.server";
import { readForm } from "~/lib/body.server";
import {
  changeSavedSearch,
  savedSearchesPage,
  savedSearchTitleError,
} from "~/pages/saved-searches.server";

export const handle: RouteHandle = { title: "Saved searches" };

/** The choices under the label "Email alert", and (in lower case) the card's "Email alert: off." */
const FREQUENCY_LABELS = { none: "Off", daily: "Daily", weekly: "Weekly" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await savedSearchesPage(user.id);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readForm(request));
  const parsed = savedSearchActionSchema.safeParse(form);
  if (!parsed.success) return data(savedSearchTitleError(form, parsed.error), { status: 400 });
  const { found, message } = await changeSavedSearch(user.id, parsed.data);
  // Another user's saved search is as if it did not exist.
  if (!found) throw new Response("Saved search not found", { status: 404 });
  return redirectWithFlash(request, "/dashboard/savedsearches", { severity: "success", message });
}

export default function SavedSearches() {
  const { searches } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Saved searches" }]} />
      <ErrorSummary
        items={failed ? [{ fieldId: `title-${failed.id}`, message: failed.error }] : []}
      />
      <h1>Saved searches</h1>
      <p>
        Save a search from its results page (“Save this search”). Run it again here, rename it, or
        have new and changed records that match it emailed to you.
      </p>
      {searches.length === 0 ? (
        <p>
          You have no saved searches yet. <Link to="/search">Search the catalogue</Link>.
        </p>
      ) : null}
      {searches.map((search) => {
        const error = failed?.id === search.id ? failed.error : null;
        return (
          <article key={search.id} className="saved-search" aria-labelledby={`saved-${search.id}`}>
            <h2 id={`saved-${search.id}`}>
              <Link to={search.href}>{search.title}</Link>
            </h2>
            <p>{search.text}</p>
            <p className="muted">
              Saved {formatDate(search.createdAt)}. Email alert:{" "}
              {FREQUENCY_LABELS[search.alertFrequency].toLowerCase()}.
            </p>
            <div className="saved-search-actions">
              {/* The rename and alert forms fold away until asked for: two forms a card made every
                  card a form (and at 375 px cut the title's input to a few words). A failed rename
                  opens it again, with what was typed. */}
              <details className="change-disclosure" open={error ? true : undefined}>
                <summary>
                  Rename or set alert<span className="visually-hidden"> for “{search.title}”</span>
                </summary>
                <div className="saved-search-forms">
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="id" value={search.id} />
                    <label htmlFor={`title-${search.id}`}>Title</label>
                    <input
                      id={`title-${search.id}`}
                      name="title"
                      defaultValue={error && failed ? failed.title : search.title}
                      key={error && failed ? `error:${failed.title}` : search.title}
                      maxLength={300}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `title-${search.id}-error` : undefined}
                    />
                    <button
                      type="submit"
                      name="intent"
                      value="rename"
                      className="secondary outline"
                    >
                      Rename<span className="visually-hidden"> “{search.title}”</span>
                    </button>
                    {error ? (
                      <small id={`title-${search.id}-error`} className="field-error">
                        <span className="visually-hidden">Error: </span>
                        {error}
                      </small>
                    ) : null}
                  </Form>
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="id" value={search.id} />
                    <label htmlFor={`alert-${search.id}`}>Email alert</label>
                    <select
                      id={`alert-${search.id}`}
                      name="alertFrequency"
                      defaultValue={search.alertFrequency}
                      key={search.alertFrequency}
                    >
                      {ALERT_OPTIONS.map((value) => (
                        <option key={value} value={value}>
                          {FREQUENCY_LABELS[value]}
                        </option>
                      ))}
                    </select>
                    <button type="submit" name="intent" value="alert" className="secondary outline">
                      Save alert<span className="visually-hidden"> for “{search.title}”</span>
                    </button>
                  </Form>
                </div>
              </details>
              <Form method="post" className="inline-form">
                <input type="hidden" name="id" value={search.id} />
                <ConfirmAction
                  summary={
                    <>
                      Delete<span className="visually-hidden"> “{search.title}”</span>
                    </>
                  }
                  question="The search and its email alert go for good."
                  value="delete"
                  confirm={
                    <>
                      Yes, delete<span className="visually-hidden"> “{search.title}”</span>
                    </>
                  }
                />
              </Form>
            </div>
          </article>
        );
      })}
    </>
  );
}

const ALERT_OPTIONS = ["none", "daily", "weekly"] as const;
