import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, sql } from "~/db/client.server";
import { runQueuedJobs } from "~/jobs/worker.server";
import { getExportFile } from "~/models/exports.server";
import { applyImport } from "~/models/record-import.server";
import { generateRecord } from "~/records/generate";
import { textChunks } from "~/records/read-items.server";
import { recordSchema } from "~/records/schema.server";
import { action as exportAction, loader as exportLoader, NOTHING_SELECTED } from "~/routes/export";
import { loader as doneLoader } from "~/routes/export_.$exportId";
import { loader as downloadLoader } from "~/routes/export_.$exportId.download";
import { action as searchAction, loader as searchLoader } from "~/routes/search";
import { allFieldColumns, limitedColumns } from "~/export/columns.server";
import { args, getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { jsonLines } from "../records";
import { required } from "~/lib/required";
import { asResponse } from "../route-result";

// A catalogue of 45 records (three pages of 20) sharing a company unique to this run: the
// PostgreSQL test database is shared, so every search here is scoped by that company.
const prefix = `X${randomUUID().slice(0, 8)}`;
const company = `Export Fixture ${prefix}`;
const COUNT = 45;
const query = `f=${encodeURIComponent(`company:${company}`)}&sort=title`;

const docs = Array.from({ length: COUNT }, (_, index) => {
  const doc = JSON.parse(
    JSON.stringify(generateRecord(index, { catalogueSize: COUNT, today: "2026-11-01" })).replaceAll(
      "HSS-",
      `${prefix}-`,
    ),
  );
  doc.organisations.push({ name: company, role: "Co-developer" });
  return doc;
});
// Cells a spreadsheet would run as formulas, and XML's special characters.
docs[0].title = `=HYPERLINK("http://evil.example","Click") ${prefix}`;
docs[0].activeCompound.substanceName = "+cmd|' /C calc'!A0";
docs[0].estimatedIndication.therapeuticArea = "Oncology & <haematology>";
docs[1].title = `-2+3 looks like a sum ${prefix}`;
docs[2].title = `@SUM(A1:A9) ${prefix}`;
for (const doc of docs) recordSchema.parse(doc);

beforeAll(async () => {
  await applyImport(() => textChunks(jsonLines(docs)), {
    mode: "publish",
    source: "cli",
    filename: "export-fixture.jsonl",
  });
});

const json = async (response: unknown) => asResponse(response).json();
type SearchData = {
  result: { total: number; hits: Array<{ hssId: string }> };
  selection: { count: number; all: boolean; selectedHssIds: string[] };
};
const page = async (cookie: string, n = 1): Promise<SearchData> =>
  json(
    await searchLoader(args(getRequest(`/search?${query}${n > 1 ? `&page=${n}` : ""}`, cookie))),
  );
const select = (cookie: string, n: number, shown: string[], selected: string[]) =>
  searchAction(
    args(
      postRequest(
        `/search?${query}${n > 1 ? `&page=${n}` : ""}`,
        { intent: "select", shown, selected },
        cookie,
      ),
    ),
  );

/** Runs the export form and follows it to the file: [its id, the file's bytes]. */
async function exportFile(
  cookie: string,
  fields: { exportFormat: string; exportAll: "selection" | "all" },
) {
  const response = await redirected(() =>
    exportAction(args(postRequest(`/export?${query}`, fields, cookie))),
  );
  const location = new URL(
    required(response.headers.get("Location"), "a Location header"),
    "http://localhost",
  );
  const id = location.pathname.split("/")[2];
  // The export is a background job: its page shows it waiting, until a worker has run it.
  const page = async () =>
    json(
      await doneLoader({ ...args(getRequest(`/export/${id}`, cookie)), params: { exportId: id } }),
    );
  expect((await page()).state).toBe("queued");
  expect(await runQueuedJobs()).toBeGreaterThanOrEqual(1);
  const done = await page();
  expect(done.state).toBe("done");
  const download = asResponse(
    await downloadLoader({
      ...args(getRequest(`/export/${id}/download`, cookie)),
      params: { exportId: id },
    }),
  );
  expect(download.status).toBe(200);
  return { id, location, done, download, bytes: Buffer.from(await download.arrayBuffer()) };
}

const csvRows = (bytes: Buffer) =>
  Papa.parse<string[]>(bytes.toString("utf8").replace(/^\uFEFF/, ""), { skipEmptyLines: true })
    .data;

describe("the selection", () => {
  it("keeps results chosen on different pages, one page at a time, and clears for a search with other criteria", async () => {
    const cookie = await sessionCookie(await makeUser());
    const first = await page(cookie);
    expect(first.result.total).toBe(COUNT);
    expect(first.selection.count).toBe(0);
    const one = first.result.hits[3].hssId;
    const response = asResponse(
      await select(
        cookie,
        1,
        first.result.hits.map((hit) => hit.hssId),
        [one],
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/search?${query}`);

    const second = await page(cookie, 2);
    const two = second.result.hits[5].hssId;
    await select(
      cookie,
      2,
      second.result.hits.map((hit) => hit.hssId),
      [two],
    );
    expect((await page(cookie, 2)).selection).toEqual({
      count: 2,
      all: false,
      selectedHssIds: [two],
    });
    expect((await page(cookie, 1)).selection.selectedHssIds).toEqual([one]);

    // Unticking on page 1 leaves page 2's choice alone; a script's request gets JSON.
    const scripted = asResponse(
      await searchAction(
        args(postRequest(`/search?${query}`, { intent: "select", shown: [one], js: "1" }, cookie)),
      ),
    );
    expect(await scripted.json()).toEqual({ ok: true });
    expect((await page(cookie)).selection.count).toBe(1);

    await searchAction(
      args(
        postRequest(
          `/search?${query}`,
          { intent: "selectPage", shown: first.result.hits.map((hit) => hit.hssId) },
          cookie,
        ),
      ),
    );
    expect((await page(cookie)).selection.count).toBe(21);

    // Another sort is the same search; another phrase is not.
    await searchLoader(
      args(getRequest(`/search?${query.replace("sort=title", "sort=lastUpdated")}`, cookie)),
    );
    expect((await page(cookie)).selection.count).toBe(21);
    await searchLoader(args(getRequest(`/search?q=lymphoma&${query}`, cookie)));
    expect((await page(cookie)).selection.count).toBe(0);
  });

  it("selects all results as the search itself, and Clear All empties it", async () => {
    const cookie = await sessionCookie(await makeUser());
    await searchAction(args(postRequest(`/search?${query}`, { intent: "selectAll" }, cookie)));
    const db = await getDb();
    const data = await page(cookie, 3);
    expect(data.selection.all).toBe(true);
    expect(data.selection.count).toBe(COUNT);
    const { rows } = (await db.execute(
      sql`SELECT count(*)::int AS n FROM selection_items i JOIN selections s USING (user_id) WHERE s.all_count = ${COUNT}`,
    )) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(rows[0].n).toBe(0);
    await searchAction(args(postRequest(`/search?${query}`, { intent: "clear" }, cookie)));
    expect((await page(cookie)).selection.count).toBe(0);
  });

  it("ignores a malformed selection form without a 500", async () => {
    const cookie = await sessionCookie(await makeUser());
    const response = asResponse(
      await searchAction(
        args(
          postRequest(
            `/search?${query}`,
            { intent: "select", shown: ["<script>"], selected: ["x y"] },
            cookie,
          ),
        ),
      ),
    );
    expect(response.status).toBe(303);
    expect((await page(cookie)).selection.count).toBe(0);
  });
});

describe("export", () => {
  it("requires sign-in on every export route", async () => {
    for (const run of [
      () => exportLoader(args(getRequest("/export"))),
      () =>
        exportAction(args(postRequest("/export", { exportFormat: "csv", exportAll: "selection" }))),
      () =>
        doneLoader({
          ...args(getRequest(`/export/${randomUUID()}`)),
          params: { exportId: randomUUID() },
        }),
      () =>
        downloadLoader({
          ...args(getRequest(`/export/${randomUUID()}/download`)),
          params: { exportId: randomUUID() },
        }),
    ]) {
      const response = await redirected(run);
      expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("writes exactly the selected records to an RFC 4180 CSV with a byte-order mark, neutralising formulas, and clears the selection", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const hits = (await page(cookie)).result.hits.map((hit) => hit.hssId);
    const chosen = docs.slice(0, 3).map((doc) => doc.hssId);
    await select(
      cookie,
      1,
      hits,
      chosen.filter((hssId) => hits.includes(hssId)),
    );
    const missing = chosen.filter((hssId) => !hits.includes(hssId));
    for (const n of [2, 3]) {
      const onPage = (await page(cookie, n)).result.hits.map((hit) => hit.hssId);
      await select(
        cookie,
        n,
        onPage,
        missing.filter((hssId) => onPage.includes(hssId)),
      );
    }
    expect((await page(cookie)).selection.count).toBe(3);

    const { download, bytes } = await exportFile(cookie, {
      exportFormat: "csv",
      exportAll: "selection",
    });
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="export.csv"');
    expect(download.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8")).toContain("\r\n");
    const rows = csvRows(bytes);
    const header = rows[0];
    expect(header.slice(0, 2)).toEqual(["HSS ID", "Title"]);
    expect(header).toEqual(limitedColumns({}).map((column) => column.label));
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([...chosen].sort());
    const byId = new Map(rows.slice(1).map((row) => [row[0], row]));
    const rowOf = (hssId: string) => required(byId.get(hssId), `the row of ${hssId}`);
    const title = header.indexOf("Title");
    expect(rowOf(docs[0].hssId)[title]).toBe(
      `'=HYPERLINK("http://evil.example","Click") ${prefix}`,
    );
    expect(rowOf(docs[0].hssId)[header.indexOf("Substance name")]).toBe("'+cmd|' /C calc'!A0");
    expect(rowOf(docs[1].hssId)[title]).toBe(`'-2+3 looks like a sum ${prefix}`);
    expect(rowOf(docs[2].hssId)[title]).toBe(`'@SUM(A1:A9) ${prefix}`);
    expect(rowOf(docs[0].hssId)[header.indexOf("Last updated")]).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // A successful export empties the selection and is the user's activity.
    expect((await page(cookie)).selection.count).toBe(0);
    const db = await getDb();
    const { rows: activity } = (await db.execute(
      sql`SELECT activity_value FROM user_activity WHERE user_id = ${user.id} AND activity_type = 'export'`,
    )) as unknown as { rows: Array<{ activity_value: string }> };
    expect(activity.map((row) => row.activity_value)).toEqual([
      "format=csv&records=3&scope=selection",
    ]);
  });

  it("gives an admin all results as an XLSX of every field, formulas neutralised", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const { download, bytes, done } = await exportFile(cookie, {
      exportFormat: "xlsx",
      exportAll: "all",
    });
    expect(done.fellBack).toBe(false);
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="export.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(COUNT + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(allFieldColumns().map((column) => column.label));
    expect(header).toContain("Regulatory information › EMA › Events › Date");
    const titles = new Map<string, unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) titles.set(String(row.getCell(1).value), row.getCell(2).value);
    });
    expect(titles.get(docs[0].hssId)).toBe(`'=HYPERLINK("http://evil.example","Click") ${prefix}`);
    expect(titles.get(docs[1].hssId)).toBe(`'-2+3 looks like a sum ${prefix}`);
  });

  it("exports a member's 'all results' as their selection instead, and says so", async () => {
    const cookie = await sessionCookie(await makeUser());
    const hits = (await page(cookie)).result.hits.map((hit) => hit.hssId);
    await select(cookie, 1, hits, hits.slice(0, 2));
    const { bytes, done } = await exportFile(cookie, {
      exportFormat: "csv",
      exportAll: "all",
    });
    expect(
      csvRows(bytes)
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(hits.slice(0, 2).sort());
    expect(done.fellBack).toBe(true);
    expect(done.recordCount).toBe(2);
  });

  it("writes well-formed, escaped XML with the limited columns", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const { bytes } = await exportFile(cookie, { exportFormat: "xml", exportAll: "all" });
    const xml = bytes.toString("utf8");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<export generated="')).toBe(
      true,
    );
    expect(xml.trimEnd().endsWith("</export>")).toBe(true);
    expect(xml.match(/<record hssId="/g)).toHaveLength(COUNT);
    expect(xml).toContain(
      '<therapeuticArea label="Therapeutic area"><value>Oncology &amp; &lt;haematology&gt;</value></therapeuticArea>',
    );
    expect(xml).not.toContain("<haematology>");
  });

  it("refuses a download to anyone but its owner, and an expired one to everyone", async () => {
    const owner = await sessionCookie(await makeUser());
    const hits = (await page(owner)).result.hits.map((hit) => hit.hssId);
    await select(owner, 1, hits, hits.slice(0, 1));
    const { id } = await exportFile(owner, { exportFormat: "csv", exportAll: "selection" });

    const other = await makeUser({ roles: ["admin"] });
    const otherCookie = await sessionCookie(other);
    for (const run of [
      () =>
        downloadLoader({
          ...args(getRequest(`/export/${id}/download`, otherCookie)),
          params: { exportId: id },
        }),
      () =>
        doneLoader({ ...args(getRequest(`/export/${id}`, otherCookie)), params: { exportId: id } }),
    ]) {
      const thrown = await run().catch((error) => error);
      expect(asResponse(thrown).status).toBe(404);
    }
    expect(await getExportFile(id, other.id)).toBeNull();

    const db = await getDb();
    await db.execute(
      sql`UPDATE export_files SET expires_at = now() - interval '1 minute' WHERE id = ${id}`,
    );
    const expired = await downloadLoader({
      ...args(getRequest(`/export/${id}/download`, owner)),
      params: { exportId: id },
    }).catch((error) => error);
    expect(asResponse(expired).status).toBe(410);
    const page410 = asResponse(
      await doneLoader({
        ...args(getRequest(`/export/${id}`, owner)),
        params: { exportId: id },
      }),
    );
    expect(page410.status).toBe(410);
  });

  it("explains an export with nothing selected, and a missing format, on the form", async () => {
    const cookie = await sessionCookie(await makeUser());
    const empty = asResponse(
      await exportAction(
        args(
          postRequest(`/export?${query}`, { exportFormat: "csv", exportAll: "selection" }, cookie),
        ),
      ),
    );
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain(NOTHING_SELECTED);
    const noFormat = asResponse(
      await exportAction(args(postRequest(`/export?${query}`, { exportAll: "selection" }, cookie))),
    );
    expect(noFormat.status).toBe(400);
    expect(JSON.stringify(await noFormat.json())).toContain("Choose a file format");
    const data = await json(await exportLoader(args(getRequest(`/export?${query}`, cookie))));
    expect(data.total).toBe(COUNT);
    expect(data.back).toBe(`/search?${new URLSearchParams(query)}`);
  });
});

describe("export files", () => {
  it("are removed from disk once expired", async () => {
    const cookie = await sessionCookie(await makeUser());
    const hits = (await page(cookie)).result.hits.map((hit) => hit.hssId);
    await select(cookie, 1, hits, hits.slice(0, 1));
    const { id } = await exportFile(cookie, { exportFormat: "csv", exportAll: "selection" });
    const db = await getDb();
    const [row] = (
      (await db.execute(sql`SELECT user_id FROM export_files WHERE id = ${id}`)) as unknown as {
        rows: Array<{ user_id: number }>;
      }
    ).rows;
    const file = required(await getExportFile(id, row.user_id), "the export file");
    expect(readFileSync(file.path).length).toBeGreaterThan(0);
    await db.execute(
      sql`UPDATE export_files SET expires_at = now() - interval '1 minute' WHERE id = ${id}`,
    );
    const { sweepExpiredExports } = await import("~/models/exports.server");
    await sweepExpiredExports();
    expect(() => readFileSync(file.path)).toThrow();
  });
});
