import { alertColumns } from "~/models/alerts.server";
import { catalogueVersionColumn } from "~/models/search-index.server";
import { headerColumns } from "~/models/notifications.server";
import { resultsViewColumn } from "~/models/preferences.server";
import { settingsVersion } from "~/models/settings.server";

/**
 * What a results page reads with the session: the settings' and the catalogue's versions (so
 * that neither is asked for again while unchanged) and the user's results view.
 */
export const searchPageColumns = {
  settingsVersion,
  catalogueVersion: catalogueVersionColumn,
  resultsView: resultsViewColumn,
};

/**
 * The root's session read, which every signed-in page makes: the header's numbers, the
 * alerts' version and this user's closed alerts, and the columns above. A route's loader asking for any of them shares that one statement
 * (readSessionWith), so a search page costs one statement fewer for each.
 */
export const pageColumns = { ...headerColumns, ...alertColumns, ...searchPageColumns };
