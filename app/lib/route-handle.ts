/** What a route module exports as `handle`: its page title, derived from its loader data. */
export interface RouteHandle<Data = unknown> {
  title: string | ((data: Data) => string);
}

export const SITE_NAME = "Horizon Scanning Database";
