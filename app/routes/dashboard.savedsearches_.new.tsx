import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { requireUser } from "~/auth/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { saveSearch, saveSearchSchema } from "~/models/saved-searches.server";
import { getSiteSettings } from "~/models/settings.server";
import { availableFilters } from "~/search/filters";
import { describePhrase, parsePhrase } from "~/search/phrase";
import { describeSearch, isDefaultSearch, searchHref } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle = { title: "Save this search" };

/** The message for saving when there is no search, word for word. */
export const NO_SEARCH = "No search request found";

/** The search to save: the one this page's URL carries (the results page's own query). */
async function searchOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const settings = await getSiteSettings();
  const search = parseSearchParams(params, settings, {
    advanced: params.get("adv") === "1",
  }).request;
  if (isDefaultSearch(search)) return null;
  const labels = Object.fromEntries(
    availableFilters(settings).map((filter) => [filter.id, filter.label]),
  );
  return {
    search,
    text: describeSearch(search, labels, (phrase) => describePhrase(parsePhrase(phrase))),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const found = await searchOf(request);
  return found
    ? { text: found.text, back: searchHref({ ...found.search, from: 0 }) }
    : { text: null, back: "/search" };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), saveSearchSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const found = await searchOf(request);
  if (!found) return data(submission.reply({ formErrors: [NO_SEARCH] }), { status: 400 });
  await saveSearch(user.id, submission.value.title, found.search);
  return redirectWithFlash(request, "/dashboard/savedsearches", {
    severity: "success",
    message: `Search saved as “${submission.value.title}”.`,
  });
}

export default function SaveSearch() {
  const { text, back } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "save-search",
    lastResult,
    defaultValue: { title: text ? text.slice(0, 200) : "" },
  });
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[
          { label: "Saved searches", to: "/dashboard/savedsearches" },
          { label: "Save this search" },
        ]}
      />
      <ErrorSummary items={summaryItems(form, [fields.title])} />
      <h1>Save this search</h1>
      {text ? (
        <>
          <p>
            Search: <strong>{text}</strong>
          </p>
          <Form method="post" {...getFormProps(form)}>
            <TextField
              field={fields.title}
              label="Title"
              hint="How the search is listed in your saved searches."
              required
            />
            <div className="inline-actions">
              <button type="submit">Save</button>
              <Link to={back} className="button-link secondary">
                Cancel
              </Link>
            </div>
          </Form>
        </>
      ) : (
        <>
          <div className="alert alert--error" role="alert">
            <p>{NO_SEARCH}</p>
          </div>
          <p>
            Run a search first, then choose “Save this search” above its results.{" "}
            <Link to="/search">Go to search</Link>.
          </p>
        </>
      )}
    </div>
  );
}
