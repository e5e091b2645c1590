import { describe, expect, it } from "vitest";
import { getDb, queryRows, sql } from "~/db/client.server";
import { getResultsView } from "~/models/preferences.server";
import { action as advancedAction, loader as advancedLoader } from "~/routes/advancedsearch";
import { action as searchAction, loader as searchLoader } from "~/routes/search";
import { loader as facetLoader } from "~/routes/search_.facet.$filterId";
import { loader as suggestLoader } from "~/routes/search_.suggest";
import { applyImport } from "~/models/record-import.server";
import { textChunks } from "~/records/read-items.server";
import { args, getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { exampleRecords, jsonLines } from "../records";
import { asResponse } from "../route-result";

const data = async (response: Response | unknown) => asResponse(response).json();

describe("search routes", () => {
  it("send a visitor who is not signed in to the login page, on every loader and action", async () => {
    for (const run of [
      () => searchLoader(args(getRequest("/search?q=x"))),
      () => searchAction(args(postRequest("/search", { intent: "view", view: "tableView" }))),
      () => advancedLoader(args(getRequest("/advancedsearch"))),
      () =>
        advancedAction(args(postRequest("/advancedsearch", { intent: "view", view: "tableView" }))),
      () =>
        facetLoader({
          ...args(getRequest("/search/facet/company")),
          params: { filterId: "company" },
        }),
      () => suggestLoader(args(getRequest("/search/suggest?filter=company&q=a"))),
    ]) {
      const response = await redirected(run);
      expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("record each new search as the member's activity, but not its later pages or the bare catalogue", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    await searchLoader(args(getRequest("/search?q=lymphoma&f=recordStatus:Active", cookie)));
    await searchLoader(args(getRequest("/search?q=lymphoma&f=recordStatus:Active&page=2", cookie)));
    await searchLoader(args(getRequest("/search", cookie)));
    const db = await getDb();
    const rows = await queryRows<{ activity_value: string }>(
      db,
      sql`SELECT activity_value FROM user_activity WHERE user_id = ${user.id} AND activity_type = 'search'`,
    );
    expect(rows.map((row) => row.activity_value)).toEqual(["q=lymphoma&f=recordStatus%3AActive"]);
  });

  it("keep the results view as the user's preference and go back to the same search", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    expect(await getResultsView(user.id)).toBe("cardView");
    const response = await searchAction(
      args(postRequest("/search?q=x&page=2", { intent: "view", view: "tableView" }, cookie)),
    );
    expect(asResponse(response).status).toBe(303);
    expect(asResponse(response).headers.get("Location")).toBe("/search?q=x&page=2");
    expect(await getResultsView(user.id)).toBe("tableView");
    expect((await data(await searchLoader(args(getRequest("/search", cookie))))).view).toBe(
      "tableView",
    );
  });

  it("answer an unknown or free-text filter's more page with 404, and never a 500 for a malformed search", async () => {
    const cookie = await sessionCookie(await makeUser());
    for (const filterId of ["nosuch", "lastUpdated", "title"]) {
      const thrown = await facetLoader({
        ...args(getRequest(`/search/facet/${filterId}`, cookie)),
        params: { filterId },
      }).catch((error) => error);
      expect(asResponse(thrown).status).toBe(404);
    }
    // Two records to find: the malformed parts are dropped with a notice each, and what is
    // left (the words) still searches the catalogue.
    const [a, b] = exampleRecords();
    await applyImport(() => textChunks(jsonLines([a, b])), {
      mode: "publish",
      source: "cli",
      filename: "malformed-search.jsonl",
    });
    const malformed = await data(
      await searchLoader(
        args(getRequest(`/search?page=%ZZ&f=%E0%A4%A&q=${a.hssId}&luTo=yesterday`, cookie)),
      ),
    );
    const clean = await data(await searchLoader(args(getRequest(`/search?q=${a.hssId}`, cookie))));
    expect(malformed.notices.length).toBeGreaterThan(0);
    expect(clean.result.total).toBe(1);
    expect(malformed.result.total).toBe(1);
    expect(malformed.result.hits.map((hit: { hssId: string }) => hit.hssId)).toEqual([a.hssId]);
    // A lone quotation mark is a search for nothing in particular, not a failure.
    const quote = await data(await searchLoader(args(getRequest("/search?q=%22", cookie))));
    expect(quote.result.total).toBe(
      (await data(await searchLoader(args(getRequest("/search", cookie))))).result.total,
    );
  });
});
