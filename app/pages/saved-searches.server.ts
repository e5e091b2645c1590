import type { z } from "zod";
import {
  deleteSavedSearch,
  listSavedSearches,
  renameSavedSearch,
  type savedSearchActionSchema,
  setAlertFrequency,
} from "~/models/saved-searches.server";
import { getSiteSettings } from "~/models/settings.server";
import { availableFilters } from "~/search/filters";
import { describePhrase, parsePhrase } from "~/search/phrase";
import { describeSearch, searchHref, toSearchParams } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";

/** The user's saved searches, each as a link back to it and in words. */
export async function savedSearchesPage(userId: number) {
  const [saved, settings] = await Promise.all([listSavedSearches(userId), getSiteSettings()]);
  const labels = Object.fromEntries(
    availableFilters(settings).map((filter) => [filter.id, filter.label]),
  );
  return {
    searches: saved.map((item) => {
      // Read back through the URL parser: a filter retired since it was saved drops out, with no error.
      const query = toSearchParams(item.request);
      const search = parseSearchParams(query, settings, {
        advanced: item.request.isAdvancedSearch,
      }).request;
      return {
        id: item.id,
        title: item.title,
        href: searchHref(search),
        text: describeSearch(search, labels, (phrase) => describePhrase(parsePhrase(phrase))),
        alertFrequency: item.alertFrequency,
        createdAt: item.createdAt,
      };
    }),
  };
}

/**
 * A form refused: the one field a person types is the title, so a wrong title answers what
 * is wrong with it and what was typed (for the card it was typed on); anything else is a
 * bad request (thrown, 400).
 */
export function savedSearchTitleError(form: Record<string, FormDataEntryValue>, error: z.ZodError) {
  const titleError = error.issues.find((issue) => issue.path[0] === "title");
  if (!titleError || typeof form.id !== "string")
    throw new Response("Bad request", { status: 400 });
  return {
    status: "error" as const,
    id: Number(form.id),
    title: String(form.title ?? ""),
    error: titleError.message,
  };
}

/**
 * Renames a saved search, sets its email alert, or deletes it; the message says what was
 * done. `found` is false for a search that is not the user's (as if it did not exist).
 */
export async function changeSavedSearch(
  userId: number,
  value: z.infer<typeof savedSearchActionSchema>,
): Promise<{ found: boolean; message: string }> {
  if (value.intent === "rename") {
    const found = await renameSavedSearch(userId, value.id, value.title);
    return { found, message: `Renamed to “${value.title}”.` };
  }
  if (value.intent === "alert") {
    const found = await setAlertFrequency(userId, value.id, value.alertFrequency);
    return {
      found,
      message:
        value.alertFrequency === "none"
          ? "Email alert turned off."
          : `Email alert set to ${value.alertFrequency}.`,
    };
  }
  const found = await deleteSavedSearch(userId, value.id);
  return { found, message: "Saved search deleted." };
}
