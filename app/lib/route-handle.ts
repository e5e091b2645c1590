/** What a route module exports as `handle`: its page title, derived from its loader data. */
export interface RouteHandle<Data = unknown> {
  title: string | ((data: Data) => string);
  /** false: the page is sent without the app's scripts (it is shown at another page's address). */
  scripts?: false;
  /**
   * false: the page is drawn without the site's header and footer, as a preview of something
   * else (the print preview shows the record as it prints); its own bar leads back.
   */
  chrome?: false;
  /**
   * Seconds after which the page reloads itself when scripts do not run (a job's progress);
   * undefined: never. With scripts the page updates itself in place instead.
   */
  refreshWithoutScripts?: (data: Data) => number | undefined;
}

export const SITE_NAME = "Horizon Scanning Database";

/**
 * The title of a page of a list: "Users, page 2 of 5". A list that fits on one page keeps
 * its plain title; every page after the first is told apart in the tab and the history.
 */
export function pagedTitle(title: string, page: number, pages: number) {
  return pages > 1 ? `${title}, page ${page} of ${pages}` : title;
}
