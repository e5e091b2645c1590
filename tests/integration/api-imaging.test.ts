import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  archiveToggleImaging,
  createImaging,
  deleteImaging,
  getImaging,
  getImagingLookup,
  updateImaging,
} from "~/api/operations/imaging.server";
import {
  createImagingEntry,
  EMA_CODE_MESSAGE,
  eventMessages,
  getImagingEntry,
  type ImagingInput,
  listEventNames,
  toggleImagingArchived,
} from "~/models/imaging-diagnostics.server";
import { getDb, queryRows, sql } from "~/db/client.server";
import { makeUser } from "../factories";
import { apiRouteFiles, callApi, expectFailure, expectValid, tokenFor } from "./support/api";

const editorToken = async () => {
  const editor = await makeUser({ roles: ["editor"] });
  return { editor, token: await tokenFor(editor) };
};
const memberToken = async () => tokenFor(await makeUser());

/** A word no other test's entries hold, to find this test's own. */
// Letters only: a digit in the marker could match the numbers the tests search for.
const marker = () =>
  `zq${Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

async function nameId(name: string) {
  const found = (await listEventNames()).find((each) => each.name === name);
  if (!found) throw new Error(`no event name ${name}`);
  return found.id;
}

const input = (overrides: Partial<ImagingInput> = {}): ImagingInput => ({
  category: "MRI contrast agent",
  emaCode: "EMEA/H/C/005000",
  chemicalName: `gadotest ${marker()}`,
  tradeName: "Testovist",
  indicationStatement: "MRI of the testing tract.",
  events: [],
  ...overrides,
});

// The first call loads the app and opens the database (slow on a busy machine): done here,
// under the hooks' longer timeout, rather than inside the first test's.
const PREFIX = "/api/diagnosticsandimaging/";
beforeAll(async () => {
  await getDb();
  for (const route of apiRouteFiles().filter((each) => each.path.startsWith(PREFIX)))
    await callApi("POST", route.path.slice("/api".length));
});

const validationErrors = (body: unknown) =>
  (body as { errors: Record<string, string[]> }).errors ?? {};

/** The rows of a downloaded XLSX, the header first. */
async function sheetRows(response: Response) {
  expect(response.headers.get("Content-Type")).toBe(
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  );
  expect(response.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="imaging-and-diagnostics(-archived)?-\d{4}-\d{2}-\d{2}\.xlsx"$/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe("the API's imaging and diagnostics: access", () => {
  it("needs a token for every call, and refuses members the staff's calls as the pages do", async () => {
    const member = await memberToken();
    const id = await createImagingEntry(input(), (await makeUser()).id);
    const calls: Array<[string, Parameters<typeof callApi>[2]]> = [
      ["/diagnosticsandimaging/get", {}],
      ["/diagnosticsandimaging/create", { body: {} }],
      ["/diagnosticsandimaging/update", { body: { imagingAndDiagnosticsId: id } }],
      ["/diagnosticsandimaging/delete", { query: { imagingAndDiagnosticsId: id } }],
      ["/diagnosticsandimaging/archiveToggle", { query: { imagingAndDiagnosticsId: id } }],
      ["/diagnosticsandimaging/export", { body: [] }],
    ];
    for (const [path, options] of calls)
      expectFailure(await callApi("POST", path, options), 401, "TOKEN_NOT_FOUND");
    expectFailure(await callApi("GET", "/diagnosticsandimaging/getlookup"), 401, "TOKEN_NOT_FOUND");

    // The register's calls (CONTENT_STAFF, as /dashboard/imagingdiagnostics).
    const staffOnly: Array<[string, Parameters<typeof callApi>[2]]> = [
      ["/diagnosticsandimaging/create", { body: {} }],
      ["/diagnosticsandimaging/update", { body: { imagingAndDiagnosticsId: id } }],
      ["/diagnosticsandimaging/delete", { query: { imagingAndDiagnosticsId: id } }],
      ["/diagnosticsandimaging/archiveToggle", { query: { imagingAndDiagnosticsId: id } }],
      // Archived entries are the register's, in the list and the export.
      ["/diagnosticsandimaging/get", { body: { excludeArchived: false } }],
      ["/diagnosticsandimaging/export", { query: { exportOnlyArchived: "true" }, body: [] }],
    ];
    for (const [path, options] of staffOnly) {
      const refused = await callApi("POST", path, { ...options, token: member });
      expectFailure(refused, 403, "FORBIDDEN");
      expect(refused.body).toMatchObject({ message: "Forbidden" });
    }
    const lookup = await callApi("GET", "/diagnosticsandimaging/getlookup", { token: member });
    expectFailure(lookup, 403, "FORBIDDEN");
    // Nothing changed.
    expect(await getImagingEntry(id)).toMatchObject({ archived: false });
    // A reportadmin or websitealerts holder is no content staff either.
    const alertsStaff = await tokenFor(await makeUser({ roles: ["websitealerts"] }));
    expectFailure(
      await callApi("POST", "/diagnosticsandimaging/create", { token: alertsStaff, body: {} }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("the API's imaging and diagnostics: the list and the lookup", () => {
  it("lists entries with their events: members without archived ones and without who edited them", async () => {
    const { editor, token } = await editorToken();
    const validation = await nameId("Validation");
    const chmp = await nameId("CHMP opinion");
    const shown = await createImagingEntry(
      input({
        events: [
          { nameId: validation, date: "2024-05-01", row: 0 },
          { nameId: chmp, date: "2024-11-14", row: 1 },
        ],
      }),
      editor.id,
    );
    const hidden = await createImagingEntry(input(), editor.id);
    await toggleImagingArchived(hidden, editor.id);

    const member = await memberToken();
    const list = expectValid(
      await callApi("POST", "/diagnosticsandimaging/get", { token: member }),
      getImaging.response,
    );
    const ids = list.imagingAndDiagnostics.map((entry) => entry.imagingAndDiagnosticsId);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(hidden);
    expect(list.totalCount).toBe(list.imagingAndDiagnostics.length);
    const entry = list.imagingAndDiagnostics.find((each) => each.imagingAndDiagnosticsId === shown);
    expect(entry).toMatchObject({
      category: "MRI contrast agent",
      emaCode: "EMEA/H/C/005000",
      archived: false,
      events: [
        { nameId: validation, name: "Validation", date: "2024-05-01" },
        { nameId: chmp, name: "CHMP opinion", date: "2024-11-14" },
      ],
    });
    expect(entry).not.toHaveProperty("createdOrUpdatedBy");
    expect(entry).not.toHaveProperty("createdOrUpdatedByName");

    // Staff with excludeArchived false: archived ones too, and who edited them.
    const register = expectValid(
      await callApi("POST", "/diagnosticsandimaging/get", {
        token,
        body: { excludeArchived: false },
      }),
      getImaging.response,
    );
    const archived = register.imagingAndDiagnostics.find(
      (each) => each.imagingAndDiagnosticsId === hidden,
    );
    expect(archived).toMatchObject({
      archived: true,
      createdOrUpdatedBy: editor.id,
      createdOrUpdatedByName: "Test User",
    });
    // The register holds every archived entry besides the members' list (on PostgreSQL the
    // database is shared with other files, whose entries count too).
    const [{ archivedCount }] = await queryRows<{ archivedCount: number }>(
      await getDb(),
      sql`SELECT count(*)::int AS "archivedCount" FROM imaging_diagnostics WHERE archived`,
    );
    expect(register.totalCount).toBe(list.totalCount + archivedCount);
    expect(list.imagingAndDiagnostics.some((each) => each.imagingAndDiagnosticsId === hidden)).toBe(
      false,
    );

    // limit and offset page through the same order.
    const first = expectValid(
      await callApi("POST", "/diagnosticsandimaging/get", {
        token,
        body: { limit: 1, offset: 0, excludeArchived: false },
      }),
      getImaging.response,
    );
    const second = expectValid(
      await callApi("POST", "/diagnosticsandimaging/get", {
        token,
        body: { limit: 1, offset: 1, excludeArchived: false },
      }),
      getImaging.response,
    );
    expect(first.imagingAndDiagnostics).toHaveLength(1);
    expect(second.imagingAndDiagnostics[0].imagingAndDiagnosticsId).toBe(
      register.imagingAndDiagnostics[1].imagingAndDiagnosticsId,
    );
    expect(first.totalCount).toBe(register.totalCount);

    const refused = await callApi("POST", "/diagnosticsandimaging/get", {
      token,
      body: { limit: "many", offset: -1 },
    });
    expectFailure(refused, 400, "VALIDATION_FAILED");
    expect(Object.keys(validationErrors(refused.body))).toEqual(
      expect.arrayContaining(["body.limit", "body.offset"]),
    );
    expectFailure(
      await callApi("POST", "/diagnosticsandimaging/get", { token, body: { limit: 1001 } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("answers the event names in the dropdown's order, or those containing eventName", async () => {
    const { token } = await editorToken();
    const all = expectValid(
      await callApi("GET", "/diagnosticsandimaging/getlookup", { token }),
      getImagingLookup.response,
    );
    expect(all.eventNames.map((name) => name.name)).toEqual(
      (await listEventNames()).map((name) => name.name),
    );
    expect(all.eventNames.length).toBeGreaterThan(5);
    const bare = expectValid(
      await callApi("GET", "/diagnosticsandimaging/getlookup", { token, query: { eventName: "" } }),
      getImagingLookup.response,
    );
    expect(bare.eventNames).toEqual(all.eventNames);
    const some = expectValid(
      await callApi("GET", "/diagnosticsandimaging/getlookup", {
        token,
        query: { eventName: "opinion" },
      }),
      getImagingLookup.response,
    );
    expect(some.eventNames.map((name) => name.name)).toContain("CHMP opinion");
    expect(some.eventNames.every((name) => /opinion/i.test(name.name))).toBe(true);
    // The path's other method is not a call.
    expectFailure(
      await callApi("POST", "/diagnosticsandimaging/getlookup", { token }),
      405,
      "METHOD_NOT_ALLOWED",
    );
  });
});

describe("the API's imaging and diagnostics: create, update, archive and delete", () => {
  it("creates an entry checked as the form checks it; createdOrUpdatedBy is the token's user", async () => {
    const { editor, token } = await editorToken();
    const submission = await nameId("Submission");
    const chemicalName = `gadopiclenol ${marker()}`;
    const created = expectValid(
      await callApi("POST", "/diagnosticsandimaging/create", {
        token,
        body: {
          category: " MRI contrast agent ",
          emaCode: "emea/h/c/005626",
          chemicalName,
          tradeName: "",
          indicationStatement: "Contrast-enhanced MRI of the central nervous system.",
          createdOrUpdatedBy: 999_999,
          events: [{ nameId: submission, date: "2023-01-10" }, {}],
        },
      }),
      createImaging.response,
      201,
    );
    expect(created).toMatchObject({
      category: "MRI contrast agent",
      emaCode: "EMEA/H/C/005626",
      chemicalName,
      tradeName: "",
      archived: false,
      createdOrUpdatedBy: editor.id,
      events: [{ nameId: submission, name: "Submission", date: "2023-01-10" }],
    });
    const stored = await getImagingEntry(created.imagingAndDiagnosticsId);
    expect(stored).toMatchObject({ chemicalName, createdOrUpdatedBy: editor.id });
    expect(stored?.events).toHaveLength(1);
  });

  it("refuses what the form refuses, with the form's words and the field named", async () => {
    const { token } = await editorToken();
    const before = (await callApi("POST", "/diagnosticsandimaging/get", { token })).body as {
      totalCount: number;
    };
    const validation = await nameId("Validation");

    const empty = await callApi("POST", "/diagnosticsandimaging/create", {
      token,
      body: { category: "  ", emaCode: "H/C/1" },
    });
    expectFailure(empty, 400, "VALIDATION_FAILED");
    expect(validationErrors(empty.body)).toMatchObject({
      "body.category": ["Enter a category"],
      "body.chemicalName": ["Enter the chemical name"],
      "body.indicationStatement": ["Enter the indication statement"],
      "body.emaCode": [EMA_CODE_MESSAGE],
    });

    const events = await callApi("POST", "/diagnosticsandimaging/create", {
      token,
      body: {
        ...input({ events: undefined }),
        events: [
          { nameId: validation },
          { date: "2024-01-01" },
          { nameId: validation, date: "2025-02-30" },
          { nameId: validation, date: "1900-01-01" },
        ],
      },
    });
    expectFailure(events, 400, "VALIDATION_FAILED");
    expect(validationErrors(events.body)).toMatchObject({
      "body.events.0.date": [eventMessages.date(1)],
      "body.events.1.nameId": [eventMessages.name(2)],
      "body.events.2.date": [eventMessages.realDate(3)],
      "body.events.3.date": [eventMessages.dateRange(4)],
    });

    const unknown = await callApi("POST", "/diagnosticsandimaging/create", {
      token,
      body: {
        ...input({ events: undefined }),
        events: [
          { nameId: validation, date: "2024-01-01" },
          { nameId: 99_999, date: "2024-02-01" },
        ],
      },
    });
    expectFailure(unknown, 400, "VALIDATION_FAILED");
    expect(validationErrors(unknown.body)).toEqual({
      "body.events.1.nameId": [eventMessages.unknownName(2)],
    });

    const tooMany = await callApi("POST", "/diagnosticsandimaging/create", {
      token,
      body: {
        ...input({ events: undefined }),
        events: Array.from({ length: 31 }, () => ({ nameId: validation, date: "2024-01-01" })),
      },
    });
    expect(validationErrors(tooMany.body)).toMatchObject({
      "body.events": [eventMessages.tooMany],
    });

    const long = await callApi("POST", "/diagnosticsandimaging/create", {
      token,
      body: { ...input({ events: undefined }), indicationStatement: "x".repeat(2001) },
    });
    expect(validationErrors(long.body)).toMatchObject({
      "body.indicationStatement": ["The indication statement must be at most 2,000 characters"],
    });

    // Malformed: wrong types and bodies that are not JSON.
    const wrongType = await callApi("POST", "/diagnosticsandimaging/create", {
      token,
      body: { category: 5, events: "none" },
    });
    expectFailure(wrongType, 400, "VALIDATION_FAILED");
    expect(Object.keys(validationErrors(wrongType.body))).toEqual(
      expect.arrayContaining(["body.category", "body.events"]),
    );
    const notJson = await callApi("POST", "/diagnosticsandimaging/create", {
      token,
      rawBody: "{category:",
    });
    expectFailure(notJson, 400, "VALIDATION_FAILED");
    expect(validationErrors(notJson.body)).toEqual({ body: ["The body is not valid JSON."] });

    // Nothing was added.
    const after = (await callApi("POST", "/diagnosticsandimaging/get", { token })).body as {
      totalCount: number;
    };
    expect(after.totalCount).toBe(before.totalCount);
  });

  it("updates only the fields sent; events sent replace the entry's", async () => {
    const { token } = await editorToken();
    const author = await makeUser({ roles: ["admin"] });
    const validation = await nameId("Validation");
    const chmp = await nameId("CHMP opinion");
    const id = await createImagingEntry(
      input({ events: [{ nameId: validation, date: "2024-05-01", row: 0 }] }),
      author.id,
    );
    // Roles are matched whatever their case, as on the pages.
    const editor = await makeUser({ roles: ["Editor"] });
    const editorToken2 = await tokenFor(editor);
    const updated = expectValid(
      await callApi("POST", "/diagnosticsandimaging/update", {
        token: editorToken2,
        body: { imagingAndDiagnosticsId: id, indicationStatement: "MRI of the liver." },
      }),
      updateImaging.response,
    );
    expect(updated).toMatchObject({
      imagingAndDiagnosticsId: id,
      category: "MRI contrast agent",
      tradeName: "Testovist",
      indicationStatement: "MRI of the liver.",
      createdOrUpdatedBy: editor.id,
      events: [{ nameId: validation, date: "2024-05-01" }],
    });

    const replaced = expectValid(
      await callApi("POST", "/diagnosticsandimaging/update", {
        token,
        body: {
          imagingAndDiagnosticsId: id,
          tradeName: "",
          emaCode: "",
          events: [{ nameId: chmp, date: "2025-01-30" }],
        },
      }),
      updateImaging.response,
    );
    expect(replaced).toMatchObject({
      tradeName: "",
      emaCode: "",
      indicationStatement: "MRI of the liver.",
      events: [{ nameId: chmp, name: "CHMP opinion", date: "2025-01-30" }],
    });
    expect((await getImagingEntry(id))?.events).toEqual([
      { nameId: chmp, name: "CHMP opinion", date: "2025-01-30" },
    ]);

    const cleared = expectValid(
      await callApi("POST", "/diagnosticsandimaging/update", {
        token,
        body: { imagingAndDiagnosticsId: id, events: [] },
      }),
      updateImaging.response,
    );
    expect(cleared.events).toEqual([]);

    const blanked = await callApi("POST", "/diagnosticsandimaging/update", {
      token,
      body: { imagingAndDiagnosticsId: id, chemicalName: "" },
    });
    expectFailure(blanked, 400, "VALIDATION_FAILED");
    expect(validationErrors(blanked.body)).toEqual({
      "body.chemicalName": ["Enter the chemical name"],
    });
    expect((await getImagingEntry(id))?.chemicalName).toMatch(/^gadotest/);

    expectFailure(
      await callApi("POST", "/diagnosticsandimaging/update", {
        token,
        body: { imagingAndDiagnosticsId: 987_654 },
      }),
      404,
      "NOT_FOUND",
    );
    const noId = await callApi("POST", "/diagnosticsandimaging/update", {
      token,
      body: { category: "x" },
    });
    expectFailure(noId, 400, "VALIDATION_FAILED");
    expect(Object.keys(validationErrors(noId.body))).toEqual(["body.imagingAndDiagnosticsId"]);
  });

  it("toggles archived, which members then see; deletes for good", async () => {
    const { editor, token } = await editorToken();
    const id = await createImagingEntry(input(), editor.id);
    const member = await memberToken();
    const memberIds = async () =>
      expectValid(
        await callApi("POST", "/diagnosticsandimaging/get", { token: member }),
        getImaging.response,
      ).imagingAndDiagnostics.map((entry) => entry.imagingAndDiagnosticsId);

    const archived = expectValid(
      await callApi("POST", "/diagnosticsandimaging/archiveToggle", {
        token,
        query: { imagingAndDiagnosticsId: id },
      }),
      archiveToggleImaging.response,
    );
    expect(archived).toMatchObject({ imagingAndDiagnosticsId: id, archived: true });
    expect(await memberIds()).not.toContain(id);
    const back = expectValid(
      await callApi("POST", "/diagnosticsandimaging/archiveToggle", {
        token,
        query: { imagingAndDiagnosticsId: id },
      }),
      archiveToggleImaging.response,
    );
    expect(back.archived).toBe(false);
    expect(await memberIds()).toContain(id);

    const deleted = expectValid(
      await callApi("POST", "/diagnosticsandimaging/delete", {
        token,
        query: { imagingAndDiagnosticsId: id },
      }),
      deleteImaging.response,
    );
    expect(deleted).toMatchObject({ responseCode: "SUCCESS", imagingAndDiagnosticsId: id });
    expect(deleted.message).toMatch(/^Entry deleted: gadotest/);
    expect(await getImagingEntry(id)).toBeUndefined();
    expect(await memberIds()).not.toContain(id);
    for (const path of ["/diagnosticsandimaging/delete", "/diagnosticsandimaging/archiveToggle"])
      expectFailure(
        await callApi("POST", path, { token, query: { imagingAndDiagnosticsId: id } }),
        404,
        "NOT_FOUND",
      );
    const bad = await callApi("POST", "/diagnosticsandimaging/delete", {
      token,
      query: { imagingAndDiagnosticsId: "one" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(Object.keys(validationErrors(bad.body))).toEqual(["query.imagingAndDiagnosticsId"]);
    const missing = await callApi("POST", "/diagnosticsandimaging/archiveToggle", { token });
    expectFailure(missing, 400, "VALIDATION_FAILED");
  });
});

describe("the API's imaging and diagnostics export", () => {
  it("answers the members' file of the ids asked for, archived ones never", async () => {
    const { editor } = await editorToken();
    const validation = await nameId("Validation");
    const a = await createImagingEntry(
      input({ events: [{ nameId: validation, date: "2024-05-01", row: 0 }] }),
      editor.id,
    );
    const b = await createImagingEntry(input({ category: "PET radiopharmaceutical" }), editor.id);
    const gone = await createImagingEntry(input(), editor.id);
    await toggleImagingArchived(gone, editor.id);
    const member = await memberToken();

    const answer = await callApi("POST", "/diagnosticsandimaging/export", {
      token: member,
      query: { exportOnlyArchived: "false" },
      body: [a, String(b), gone, a],
    });
    expect(answer.status).toBe(200);
    const rows = await sheetRows(answer.response);
    expect(rows[0]).toEqual([
      "Category",
      "EMA code",
      "Chemical name",
      "Trade name",
      "Indication statement",
      "Latest event",
      "Latest event date",
      "Events",
      "Event dates",
    ]);
    expect(rows).toHaveLength(3);
    const categories = rows.slice(1).map((row) => row[0]);
    expect(categories.sort()).toEqual(["MRI contrast agent", "PET radiopharmaceutical"]);
    expect(rows.slice(1).some((row) => row[5] === "Validation" && row[6] === "2024-05-01")).toBe(
      true,
    );

    // Only archived (or gone) ones asked for: nothing to export.
    expectFailure(
      await callApi("POST", "/diagnosticsandimaging/export", { token: member, body: [gone] }),
      404,
      "NOT_FOUND",
    );
    // Empty list: every entry members see.
    const everything = await callApi("POST", "/diagnosticsandimaging/export", {
      token: member,
      body: [],
    });
    const all = await sheetRows(everything.response);
    const listed = expectValid(
      await callApi("POST", "/diagnosticsandimaging/get", { token: member }),
      getImaging.response,
    );
    expect(all).toHaveLength(listed.imagingAndDiagnostics.length + 1);

    const malformed = await callApi("POST", "/diagnosticsandimaging/export", {
      token: member,
      body: ["abc", -1],
    });
    expectFailure(malformed, 400, "VALIDATION_FAILED");
    expect(Object.keys(validationErrors(malformed.body))).toEqual(
      expect.arrayContaining(["body.0", "body.1"]),
    );
    const badFlag = await callApi("POST", "/diagnosticsandimaging/export", {
      token: member,
      query: { exportOnlyArchived: "yes" },
      body: [],
    });
    expect(Object.keys(validationErrors(badFlag.body))).toEqual(["query.exportOnlyArchived"]);
  });

  it("answers staff the register's file, with archived entries, or only them", async () => {
    const { editor, token } = await editorToken();
    const live = await createImagingEntry(input(), editor.id);
    const old = await createImagingEntry(input({ category: "Withdrawn agent" }), editor.id);
    await toggleImagingArchived(old, editor.id);

    const both = await sheetRows(
      (
        await callApi("POST", "/diagnosticsandimaging/export", {
          token,
          query: { exportOnlyArchived: "false" },
          body: [live, old],
        })
      ).response,
    );
    expect(both[0]).toEqual(expect.arrayContaining(["ID", "Archived", "Created or updated by"]));
    expect(both.slice(1).map((row) => row[0])).toEqual(expect.arrayContaining([live, old]));

    const archivedAnswer = await callApi("POST", "/diagnosticsandimaging/export", {
      token,
      query: { exportOnlyArchived: "true" },
      body: [live, old],
    });
    expect(archivedAnswer.headers.get("Content-Disposition")).toMatch(
      /imaging-and-diagnostics-archived-/,
    );
    const archived = await sheetRows(archivedAnswer.response);
    expect(archived.slice(1).map((row) => row[0])).toEqual([old]);
    const archivedColumn = archived[0].indexOf("Archived");
    expect(archived[1][archivedColumn]).toBe("Yes");

    const none = await callApi("POST", "/diagnosticsandimaging/export", {
      token,
      query: { exportOnlyArchived: "true" },
      body: [live],
    });
    expectFailure(none, 404, "NOT_FOUND");
    expect(none.body).toMatchObject({ message: "There are no archived entries to export." });
  });
});
