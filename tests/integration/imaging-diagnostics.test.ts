import type { LoaderFunctionArgs } from "@remix-run/node";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { getDb, sql } from "~/db/client.server";
import { DEMO_IMAGING_COUNT, demoImagingEntries } from "~/demo/imaging";
import { demoImagingDiagnostics } from "~/models/demo-seed.server";
import {
  createImagingEntry,
  EMA_CODE_MESSAGE,
  eventMessages,
  getImagingEntry,
  IMAGING_LIMIT,
  type ImagingInput,
  listEventNames,
  toggleImagingArchived,
} from "~/models/imaging-diagnostics.server";
import {
  action as staffListAction,
  loader as staffListLoader,
} from "~/routes/dashboard.imagingdiagnostics._index";
import {
  action as staffExportAction,
  NO_ARCHIVED,
} from "~/routes/dashboard.imagingdiagnostics.export";
import {
  action as newAction,
  loader as newLoader,
} from "~/routes/dashboard.imagingdiagnostics.new";
import {
  action as editAction,
  loader as editLoader,
} from "~/routes/dashboard.imagingdiagnostics.$entryId";
import {
  action as deleteAction,
  loader as deleteLoader,
} from "~/routes/dashboard.imagingdiagnostics.$entryId_.delete";
import {
  action as namesAction,
  loader as namesLoader,
} from "~/routes/dashboard.imagingdiagnostics.eventnames._index";
import {
  action as renameAction,
  loader as renameLoader,
} from "~/routes/dashboard.imagingdiagnostics.eventnames.$nameId";
import {
  action as deleteNameAction,
  loader as deleteNameLoader,
} from "~/routes/dashboard.imagingdiagnostics.eventnames.$nameId_.delete";
import { action as memberAction, loader as memberLoader } from "~/routes/imagingdiagnostics";
import {
  action as memberExportAction,
  NOTHING_TO_EXPORT,
} from "~/routes/imagingdiagnostics_.export";
import { getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { asResponse } from "../route-result";

type Handler = (a: LoaderFunctionArgs) => Promise<unknown>;

const call = (handler: Handler, request: Request, params: Record<string, string> = {}) =>
  handler({ request, params, context: {} });
const body = async (result: unknown) => asResponse(result).json();
const status = (result: unknown) => asResponse(result).status;

const staffCookie = async (role = "editor") => sessionCookie(await makeUser({ roles: [role] }));
/** A word no other test's entries hold, to find this test's own. */
// Letters only: a digit in the marker could match the numbers the tests search for.
const marker = () =>
  `zq${Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

async function nameIds() {
  const names = await listEventNames();
  const id = (name: string) => {
    const found = names.find((each) => each.name === name);
    if (!found) throw new Error(`no event name ${name}`);
    return found.id;
  };
  return { validation: id("Validation"), chmp: id("CHMP opinion"), ec: id("EC decision") };
}

const entryForm = (overrides: Record<string, string> = {}) => ({
  category: "PET radiopharmaceutical",
  emaCode: "EMEA/H/C/004675",
  chemicalName: "florbetaben (18F)",
  tradeName: "Neuraceq",
  indicationStatement: "PET imaging of β-amyloid plaque density.",
  ...overrides,
});

const input = (overrides: Partial<ImagingInput> = {}): ImagingInput => ({
  category: "MRI contrast agent",
  emaCode: "EMEA/H/C/005000",
  chemicalName: "gadotest",
  tradeName: "Testovist",
  indicationStatement: "MRI of the testing tract.",
  events: [],
  ...overrides,
});

interface MemberData {
  rows: Array<{ id: number; chemicalName: string; archived: boolean; category: string }>;
  total: number;
  categories: string[];
  selection: { count: number; selectedIds: number[] };
}

const memberList = async (cookie: string, query = "") =>
  (await body(
    await call(memberLoader, getRequest(`/imagingdiagnostics${query}`, cookie)),
  )) as MemberData;

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

describe("imaging and diagnostics: access", () => {
  it("sends signed-out visitors to the login from every page and form", async () => {
    const id = await createImagingEntry(input(), (await makeUser()).id);
    const { validation } = await nameIds();
    const attempts: Array<[Handler, Request, Record<string, string>?]> = [
      [memberLoader, getRequest("/imagingdiagnostics")],
      [memberAction, postRequest("/imagingdiagnostics", { intent: "clear" })],
      [memberExportAction, postRequest("/imagingdiagnostics/export", {})],
      [staffListLoader, getRequest("/dashboard/imagingdiagnostics")],
      [
        staffListAction,
        postRequest("/dashboard/imagingdiagnostics", { intent: "archive", id: "1" }),
      ],
      [
        staffExportAction,
        postRequest("/dashboard/imagingdiagnostics/export?exportOnlyArchived=true", {}),
      ],
      [newLoader, getRequest("/dashboard/imagingdiagnostics/new")],
      [newAction, postRequest("/dashboard/imagingdiagnostics/new", entryForm())],
      [editLoader, getRequest(`/x/${id}`), { entryId: String(id) }],
      [editAction, postRequest(`/x/${id}`, entryForm()), { entryId: String(id) }],
      [deleteLoader, getRequest(`/x/${id}/delete`), { entryId: String(id) }],
      [deleteAction, postRequest(`/x/${id}/delete`, {}), { entryId: String(id) }],
      [namesLoader, getRequest("/x/eventnames")],
      [namesAction, postRequest("/x/eventnames", { intent: "add", name: "Never" })],
      [renameLoader, getRequest("/x"), { nameId: String(validation) }],
      [renameAction, postRequest("/x", { name: "Never" }), { nameId: String(validation) }],
      [deleteNameLoader, getRequest("/x"), { nameId: String(validation) }],
      [deleteNameAction, postRequest("/x", {}), { nameId: String(validation) }],
    ];
    for (const [handler, request, params] of attempts) {
      const response = await redirected(() => call(handler, request, params));
      expect(response.headers.get("Location"), request.url).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("refuses members and the other staff roles on every staff loader and action, changing nothing", async () => {
    const author = await makeUser({ roles: ["editor"] });
    const id = await createImagingEntry(input({ chemicalName: marker() }), author.id);
    const { validation } = await nameIds();
    const before = { entry: await getImagingEntry(id), names: await listEventNames() };
    for (const roles of [[], ["reportadmin"], ["websitealerts"]]) {
      const cookie = await sessionCookie(await makeUser({ roles }));
      const attempts: Array<[Handler, Request, Record<string, string>?]> = [
        [staffListLoader, getRequest("/dashboard/imagingdiagnostics", cookie)],
        [
          staffListAction,
          postRequest(
            "/dashboard/imagingdiagnostics",
            { intent: "archive", id: String(id) },
            cookie,
          ),
        ],
        [
          staffExportAction,
          postRequest("/dashboard/imagingdiagnostics/export?exportOnlyArchived=true", {}, cookie),
        ],
        [
          staffExportAction,
          postRequest("/dashboard/imagingdiagnostics/export?exportOnlyArchived=false", {}, cookie),
        ],
        [newLoader, getRequest("/dashboard/imagingdiagnostics/new", cookie)],
        [newAction, postRequest("/dashboard/imagingdiagnostics/new", entryForm(), cookie)],
        [editLoader, getRequest(`/x/${id}`, cookie), { entryId: String(id) }],
        [
          editAction,
          postRequest(`/x/${id}`, entryForm({ chemicalName: "Hacked" }), cookie),
          { entryId: String(id) },
        ],
        [deleteLoader, getRequest(`/x/${id}/delete`, cookie), { entryId: String(id) }],
        [deleteAction, postRequest(`/x/${id}/delete`, {}, cookie), { entryId: String(id) }],
        [namesLoader, getRequest("/x/eventnames", cookie)],
        [namesAction, postRequest("/x/eventnames", { intent: "add", name: "Hacked" }, cookie)],
        [
          namesAction,
          postRequest("/x/eventnames", { intent: "down", id: String(validation) }, cookie),
        ],
        [renameLoader, getRequest("/x", cookie), { nameId: String(validation) }],
        [
          renameAction,
          postRequest("/x", { name: "Hacked" }, cookie),
          { nameId: String(validation) },
        ],
        [deleteNameLoader, getRequest("/x", cookie), { nameId: String(validation) }],
        [deleteNameAction, postRequest("/x", {}, cookie), { nameId: String(validation) }],
      ];
      for (const [handler, request, params] of attempts) {
        const response = await redirected(() => call(handler, request, params));
        expect(response.headers.get("Location"), `${roles} at ${request.url}`).toBe("/notallowed");
      }
      // Every signed-in user reads the members' list.
      expect(status(await call(memberLoader, getRequest("/imagingdiagnostics", cookie)))).toBe(200);
    }
    expect(await getImagingEntry(id)).toEqual(before.entry);
    expect(await listEventNames()).toEqual(before.names);
  });

  it("lets editors and admins open every staff page", async () => {
    const id = await createImagingEntry(input(), (await makeUser()).id);
    const { validation } = await nameIds();
    for (const role of ["editor", "admin"]) {
      const cookie = await staffCookie(role);
      const pages: Array<[Handler, Request, Record<string, string>?]> = [
        [staffListLoader, getRequest("/dashboard/imagingdiagnostics", cookie)],
        [newLoader, getRequest("/dashboard/imagingdiagnostics/new", cookie)],
        [editLoader, getRequest(`/x/${id}`, cookie), { entryId: String(id) }],
        [deleteLoader, getRequest(`/x/${id}/delete`, cookie), { entryId: String(id) }],
        [namesLoader, getRequest("/x/eventnames", cookie)],
        [renameLoader, getRequest("/x", cookie), { nameId: String(validation) }],
        [deleteNameLoader, getRequest("/x", cookie), { nameId: String(validation) }],
      ];
      for (const [handler, request, params] of pages) {
        expect(status(await call(handler, request, params)), `${role} at ${request.url}`).toBe(200);
      }
    }
  });
});

describe("imaging and diagnostics: the staff's changes", () => {
  it("takes createdOrUpdatedBy from the session, whatever the form sends", async () => {
    const impostor = await makeUser({ roles: ["admin"] });
    const editor = await makeUser({ roles: ["editor"], firstName: "Edna" });
    const cookie = await sessionCookie(editor);
    const { validation, chmp } = await nameIds();
    const chemicalName = marker();
    const created = await redirected(() =>
      call(
        newAction,
        postRequest(
          "/dashboard/imagingdiagnostics/new",
          {
            ...entryForm({ chemicalName }),
            createdOrUpdatedBy: String(impostor.id),
            "events[0].nameId": String(validation),
            "events[0].date": "2025-01-15",
            "events[1].nameId": String(chmp),
            "events[1].date": "2025-09-18",
          },
          cookie,
        ),
      ),
    );
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/dashboard/imagingdiagnostics");
    const db = await getDb();
    const {
      rows: [row],
    } = (await db.execute(
      sql`SELECT id, created_or_updated_by FROM imaging_diagnostics WHERE chemical_name = ${chemicalName}`,
    )) as unknown as { rows: Array<{ id: number; created_or_updated_by: number }> };
    expect(row.created_or_updated_by).toBe(editor.id);
    const entry = await getImagingEntry(row.id);
    expect(entry?.createdOrUpdatedByName).toBe("Edna User");
    expect(entry?.events).toEqual([
      { nameId: validation, name: "Validation", date: "2025-01-15" },
      { nameId: chmp, name: "CHMP opinion", date: "2025-09-18" },
    ]);

    // Another editor saves it, sending the first editor's id: the saver is recorded.
    const second = await makeUser({ roles: ["admin"] });
    const secondCookie = await sessionCookie(second);
    await redirected(() =>
      call(
        editAction,
        postRequest(
          `/dashboard/imagingdiagnostics/${row.id}`,
          {
            ...entryForm({ chemicalName, tradeName: "" }),
            createdOrUpdatedBy: String(editor.id),
            "events[0].nameId": String(chmp),
            "events[0].date": "2025-09-18",
          },
          secondCookie,
        ),
        { entryId: String(row.id) },
      ),
    );
    const saved = await getImagingEntry(row.id);
    expect(saved?.createdOrUpdatedBy).toBe(second.id);
    expect(saved?.tradeName).toBe("");
    expect(saved?.events.map((event) => event.name)).toEqual(["CHMP opinion"]);

    // The archive toggle is a change too.
    await redirected(() =>
      call(
        staffListAction,
        postRequest(
          "/dashboard/imagingdiagnostics?index",
          { intent: "archive", id: String(row.id), createdOrUpdatedBy: String(impostor.id) },
          cookie,
        ),
      ),
    );
    expect((await getImagingEntry(row.id))?.createdOrUpdatedBy).toBe(editor.id);
  });

  it("archives and unarchives from the list, back to the same filtered list, and deletes after confirming", async () => {
    const cookie = await staffCookie();
    const word = marker();
    const id = await createImagingEntry(input({ chemicalName: word }), (await makeUser()).id);
    const archived = await redirected(() =>
      call(
        staffListAction,
        postRequest(
          `/dashboard/imagingdiagnostics?index&q=${word}&sort=chemicalName&order=asc`,
          { intent: "archive", id: String(id) },
          cookie,
        ),
      ),
    );
    expect(archived.status).toBe(303);
    expect(archived.headers.get("Location")).toBe(
      `/dashboard/imagingdiagnostics?q=${word}&sort=chemicalName&order=asc`,
    );
    expect((await getImagingEntry(id))?.archived).toBe(true);
    // Staff still see it, marked.
    const staff = (await body(
      await call(staffListLoader, getRequest(`/dashboard/imagingdiagnostics?q=${word}`, cookie)),
    )) as MemberData;
    expect(staff.rows.map((row) => [row.chemicalName, row.archived])).toEqual([[word, true]]);
    // Archive sent again (a second press, or "Archive instead" after someone else archived it)
    // leaves it archived: the buttons say what they mean, they do not flip.
    const post = (intent: string) =>
      redirected(() =>
        call(
          staffListAction,
          postRequest("/dashboard/imagingdiagnostics?index", { intent, id: String(id) }, cookie),
        ),
      );
    await post("archive");
    expect((await getImagingEntry(id))?.archived).toBe(true);
    await post("unarchive");
    expect((await getImagingEntry(id))?.archived).toBe(false);
    await post("unarchive");
    expect((await getImagingEntry(id))?.archived).toBe(false);

    const deleted = await redirected(() =>
      call(deleteAction, postRequest(`/x/${id}/delete`, {}, cookie), { entryId: String(id) }),
    );
    expect(deleted.status).toBe(303);
    expect(await getImagingEntry(id)).toBeUndefined();
    await expect(
      call(editLoader, getRequest(`/x/${id}`, cookie), { entryId: String(id) }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("adds and removes event rows without saving, keeping what was typed", async () => {
    const cookie = await staffCookie();
    const { validation } = await nameIds();
    const typed = {
      ...entryForm({ chemicalName: "kept as typed", emaCode: "not a code yet" }),
      "events[0].nameId": String(validation),
      "events[0].date": "2025-02-03",
    };
    const added = await call(
      newAction,
      postRequest(
        "/dashboard/imagingdiagnostics/new",
        { ...typed, __intent__: JSON.stringify({ type: "insert", payload: { name: "events" } }) },
        cookie,
      ),
    );
    expect(status(added)).toBe(200);
    const reply = await body(added);
    expect(reply.initialValue.chemicalName).toBe("kept as typed");
    expect(reply.initialValue.emaCode).toBe("not a code yet");
    expect(reply.initialValue.events).toHaveLength(2);
    expect(reply.initialValue.events[0]).toEqual({
      nameId: String(validation),
      date: "2025-02-03",
    });
    // A row is added, not a check made: the form shows no errors (none of its fields is
    // marked validated, and conform shows a field's errors only once it is).
    expect(reply.status).toBeUndefined();
    expect(Object.keys(reply.state?.validated ?? {}).filter((name) => name !== "events")).toEqual(
      [],
    );

    const removed = await body(
      await call(
        newAction,
        postRequest(
          "/dashboard/imagingdiagnostics/new",
          {
            ...typed,
            __intent__: JSON.stringify({ type: "remove", payload: { name: "events", index: 0 } }),
          },
          cookie,
        ),
      ),
    );
    expect(removed.initialValue.events ?? []).toEqual([]);
    expect(removed.initialValue.chemicalName).toBe("kept as typed");
  });
});

describe("imaging and diagnostics: validation", () => {
  const submit = async (fields: Record<string, string>) => {
    const cookie = await staffCookie();
    const response = await call(
      newAction,
      postRequest("/dashboard/imagingdiagnostics/new", fields, cookie),
    );
    expect(status(response)).toBe(400);
    return body(response);
  };

  it("requires a category, a chemical name and an indication statement, keeping what was typed", async () => {
    const reply = await submit({
      category: "",
      chemicalName: "  ",
      indicationStatement: "",
      tradeName: "Kept",
      emaCode: "EMEA/H/C/004675",
    });
    expect(reply.error).toEqual({
      category: ["Enter a category"],
      chemicalName: ["Enter the chemical name"],
      indicationStatement: ["Enter the indication statement"],
    });
    expect(reply.initialValue.tradeName).toBe("Kept");
    expect(reply.initialValue.emaCode).toBe("EMEA/H/C/004675");
  });

  it("checks the EMA code's format, and takes it in any case", async () => {
    for (const code of ["H/C/4675", "EMEA/H/C/04675", "EMEA/H/C/004675/", "EMA/H/C/004675"]) {
      const reply = await submit(entryForm({ emaCode: code }));
      expect(reply.error, code).toEqual({ emaCode: [EMA_CODE_MESSAGE] });
      expect(reply.initialValue.emaCode).toBe(code);
    }
    const cookie = await staffCookie();
    const chemicalName = marker();
    for (const code of ["emea/h/c/004675", "EMEA/H/C/004675/II/0012"]) {
      await redirected(() =>
        call(
          newAction,
          postRequest(
            "/dashboard/imagingdiagnostics/new",
            entryForm({ emaCode: code, chemicalName }),
            cookie,
          ),
        ),
      );
    }
    const codes = (
      (await body(
        await call(
          staffListLoader,
          getRequest(
            `/dashboard/imagingdiagnostics?q=${chemicalName}&sort=emaCode&order=asc`,
            cookie,
          ),
        ),
      )) as { rows: Array<{ emaCode: string }> }
    ).rows.map((row) => row.emaCode);
    expect(codes).toEqual(["EMEA/H/C/004675", "EMEA/H/C/004675/II/0012"]);
  });

  it("checks each event: a name from the list and a real date, naming the row; a blank row is dropped", async () => {
    const { validation, chmp } = await nameIds();
    const reply = await submit({
      ...entryForm(),
      "events[0].nameId": String(validation),
      "events[0].date": "2025-02-30",
      "events[1].nameId": "",
      "events[1].date": "2025-03-01",
      "events[2].nameId": String(chmp),
      "events[2].date": "",
      "events[3].nameId": "",
      "events[3].date": "",
      "events[4].nameId": String(chmp),
      "events[4].date": "1066-10-14",
      "events[5].nameId": String(chmp),
      "events[5].date": "14/10/2025",
    });
    expect(reply.error).toEqual({
      "events[0].date": [eventMessages.realDate(1)],
      "events[1].nameId": [eventMessages.name(2)],
      "events[2].date": [eventMessages.date(3)],
      "events[4].date": [eventMessages.dateRange(5)],
      "events[5].date": [eventMessages.realDate(6)],
    });
    expect(eventMessages.realDate(1)).toBe(
      "The date of event 1 must be a real date, for example 2025-03-27",
    );
    expect(reply.initialValue.events[0]).toEqual({
      nameId: String(validation),
      date: "2025-02-30",
    });

    // A name that is not in the list (deleted meanwhile, or made up) is refused by the server.
    const unknown = await submit({
      ...entryForm(),
      "events[0].nameId": String(validation),
      "events[0].date": "2025-02-03",
      "events[1].nameId": "999999",
      "events[1].date": "2025-03-01",
    });
    expect(unknown.error).toEqual({ "events[1].nameId": [eventMessages.unknownName(2)] });

    // A blank row is not an error: the entry is saved without it.
    const cookie = await staffCookie();
    const chemicalName = marker();
    await redirected(() =>
      call(
        newAction,
        postRequest(
          "/dashboard/imagingdiagnostics/new",
          {
            ...entryForm({ chemicalName }),
            "events[0].nameId": "",
            "events[0].date": "",
            "events[1].nameId": String(chmp),
            "events[1].date": "2024-02-29",
          },
          cookie,
        ),
      ),
    );
    const list = (await body(
      await call(
        staffListLoader,
        getRequest(`/dashboard/imagingdiagnostics?q=${chemicalName}`, cookie),
      ),
    )) as { rows: Array<{ id: number }> };
    const entry = await getImagingEntry(list.rows[0].id);
    expect(entry?.events).toEqual([{ nameId: chmp, name: "CHMP opinion", date: "2024-02-29" }]);
  });

  it("limits the lengths and the number of events", async () => {
    const reply = await submit({
      ...entryForm({
        category: "c".repeat(101),
        chemicalName: "n".repeat(201),
        tradeName: "t".repeat(201),
        indicationStatement: "i".repeat(2001),
      }),
      ...Object.fromEntries(
        Array.from({ length: 31 }, (_, n) => [`events[${n}].date`, "2025-01-01"]),
      ),
    });
    expect(reply.error.category).toEqual(["The category must be at most 100 characters"]);
    expect(reply.error.chemicalName).toEqual(["The chemical name must be at most 200 characters"]);
    expect(reply.error.tradeName).toEqual(["The trade name must be at most 200 characters"]);
    expect(reply.error.indicationStatement).toEqual([
      "The indication statement must be at most 2,000 characters",
    ]);
    expect(reply.error.events).toEqual([eventMessages.tooMany]);
  });
});

describe("imaging and diagnostics: the members' list", () => {
  it("hides archived entries from members, in the list, the categories and the export", async () => {
    const word = marker();
    const author = (await makeUser()).id;
    const shown = await createImagingEntry(
      input({ chemicalName: `${word} shown`, category: `Shown ${word}` }),
      author,
    );
    const hidden = await createImagingEntry(
      input({ chemicalName: `${word} hidden`, category: `Hidden ${word}` }),
      author,
    );
    const member = await makeUser();
    const cookie = await sessionCookie(member);
    // Selected before it was archived: it drops out of the selection's count and the file.
    await call(
      memberAction,
      postRequest(
        "/imagingdiagnostics",
        {
          intent: "select",
          shown: [String(shown), String(hidden)],
          selected: [String(hidden), String(shown)],
        },
        cookie,
      ),
    );
    expect((await memberList(cookie, `?q=${word}`)).selection.count).toBe(2);
    await toggleImagingArchived(hidden, author);

    const list = await memberList(cookie, `?q=${word}`);
    expect(list.rows.map((row) => row.chemicalName)).toEqual([`${word} shown`]);
    expect(list.total).toBe(1);
    expect(list.categories).toContain(`Shown ${word}`);
    expect(list.categories).not.toContain(`Hidden ${word}`);
    expect(list.selection.count).toBe(1);
    // Asking for it by category finds nothing either.
    expect((await memberList(cookie, `?category=Hidden%20${word}`)).total).toBe(0);

    const file = asResponse(
      await call(memberExportAction, postRequest("/imagingdiagnostics/export", {}, cookie)),
    );
    const rows = await sheetRows(file);
    expect(rows.slice(1).map((row) => row[2])).toEqual([`${word} shown`]);
  });

  it("filters by category and text, sorts by any column, and pages by 50", async () => {
    const word = marker();
    const author = (await makeUser()).id;
    const { validation, chmp } = await nameIds();
    for (let n = 0; n < 53; n++) {
      await createImagingEntry(
        input({
          chemicalName: `${word} ${String(n).padStart(2, "0")}`,
          category: n % 2 ? `Odd ${word}` : `Even ${word}`,
          events: [
            {
              nameId: validation,
              date: `2024-01-${String((n % 28) + 1).padStart(2, "0")}`,
              row: 0,
            },
            ...(n === 7 ? [{ nameId: chmp, date: "2025-06-01", row: 1 }] : []),
          ],
        }),
        author,
      );
    }
    const cookie = await sessionCookie(await makeUser());
    const first = await memberList(cookie, `?q=${word}`);
    expect(first.total).toBe(53);
    expect(first.rows).toHaveLength(50);
    // Newest latest event first: n = 7's CHMP opinion.
    expect(first.rows[0].chemicalName).toBe(`${word} 07`);
    const second = await memberList(cookie, `?q=${word}&page=2`);
    expect(second.rows).toHaveLength(3);
    const byName = await memberList(cookie, `?q=${word}&sort=chemicalName&order=desc`);
    expect(byName.rows[0].chemicalName).toBe(`${word} 52`);
    const odd = await memberList(cookie, `?q=${word}&category=Odd%20${word}`);
    expect(odd.total).toBe(26);
    expect(odd.rows.every((row) => row.category === `Odd ${word}`)).toBe(true);
    // Every word must match, in any field, in any case.
    expect((await memberList(cookie, `?q=${word.toUpperCase()}%2007`)).total).toBe(1);
    // Nonsense in the query falls back to the defaults.
    const odd2 = await memberList(cookie, `?q=${word}&sort=drop%20table&order=sideways&page=-4`);
    expect(odd2.rows[0].chemicalName).toBe(`${word} 07`);
  });

  it("exports the selected entries, or all that match when none is, as an XLSX with formulas neutralised", async () => {
    const word = marker();
    const author = (await makeUser()).id;
    const { validation, chmp } = await nameIds();
    const ids = [];
    for (const [n, name] of [
      `=HYPERLINK("http://evil.example","Click") ${word}`,
      `+1+2 ${word}`,
      `plain ${word}`,
      `@SUM(A1:A9) ${word}`,
    ].entries()) {
      ids.push(
        await createImagingEntry(
          input({
            chemicalName: name,
            tradeName: n === 2 ? "" : `-trade ${n}`,
            events: [
              { nameId: validation, date: `2024-05-0${n + 1}`, row: 0 },
              { nameId: chmp, date: `2025-05-0${n + 1}`, row: 1 },
            ],
          }),
          author,
        ),
      );
    }
    const cookie = await sessionCookie(await makeUser());
    const query = `?q=${word}&sort=chemicalName&order=asc`;
    // Without JS the page's ticks come with Export itself.
    const selected = asResponse(
      await call(
        memberExportAction,
        postRequest(
          `/imagingdiagnostics/export${query}`,
          { shown: ids.map(String), selected: [String(ids[2]), String(ids[0])] },
          cookie,
        ),
      ),
    );
    const rows = await sheetRows(selected);
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
    expect(rows.slice(1).map((row) => row[2])).toEqual([
      `'=HYPERLINK("http://evil.example","Click") ${word}`,
      `plain ${word}`,
    ]);
    expect(rows[1].slice(3)).toEqual([
      "'-trade 0",
      "MRI of the testing tract.",
      "CHMP opinion",
      "2025-05-01",
      "Validation\nCHMP opinion",
      "2024-05-01\n2025-05-01",
    ]);
    // An empty trade name is no cell.
    expect(rows[2][3]).toBeUndefined();
    // The selection stays: the page that asked for the file is still showing it.
    expect((await memberList(cookie, query)).selection.count).toBe(2);

    await call(
      memberAction,
      postRequest(`/imagingdiagnostics${query}`, { intent: "clear" }, cookie),
    );
    expect((await memberList(cookie, query)).selection.count).toBe(0);
    const all = await sheetRows(
      asResponse(
        await call(
          memberExportAction,
          postRequest(`/imagingdiagnostics/export${query}`, {}, cookie),
        ),
      ),
    );
    expect(all.slice(1).map((row) => row[2])).toEqual([
      `'+1+2 ${word}`,
      `'=HYPERLINK("http://evil.example","Click") ${word}`,
      `'@SUM(A1:A9) ${word}`,
      `plain ${word}`,
    ]);

    // Nothing to export: back to the list, saying so.
    const none = await redirected(() =>
      call(memberExportAction, postRequest(`/imagingdiagnostics/export?q=${marker()}`, {}, cookie)),
    );
    expect(none.status).toBe(303);
    expect(none.headers.get("Set-Cookie")).toContain("hsd_flash");
    expect(NOTHING_TO_EXPORT).toBe("There is nothing to export: no entry matches the filters.");
  });

  it("keeps the selection apart from the search selection, across filters, and per user", async () => {
    const word = marker();
    const author = (await makeUser()).id;
    const a = await createImagingEntry(
      input({ chemicalName: `${word} a`, category: `A ${word}` }),
      author,
    );
    const b = await createImagingEntry(
      input({ chemicalName: `${word} b`, category: `B ${word}` }),
      author,
    );
    const member = await makeUser();
    const cookie = await sessionCookie(member);
    const other = await sessionCookie(await makeUser());
    const select = (query: string, shown: number[], selected: number[], js = false) =>
      call(
        memberAction,
        postRequest(
          `/imagingdiagnostics${query}`,
          {
            intent: "select",
            shown: shown.map(String),
            selected: selected.map(String),
            ...(js ? { js: "1" } : {}),
          },
          cookie,
        ),
      );
    const back = await redirected(() => select(`?category=A%20${word}`, [a], [a]));
    expect(back.headers.get("Location")).toBe(`/imagingdiagnostics?category=A%20${word}`);
    // A script's tick is answered in JSON.
    const fromScript = asResponse(await select(`?category=B%20${word}`, [b], [b], true));
    expect(await fromScript.json()).toEqual({ ok: true });
    const list = await memberList(cookie, `?q=${word}`);
    expect(list.selection.count).toBe(2);
    expect(list.selection.selectedIds.sort()).toEqual([a, b].sort());
    expect((await memberList(other, `?q=${word}`)).selection.count).toBe(0);
    const db = await getDb();
    const { rows } = (await db.execute(
      sql`SELECT count(*)::int AS n FROM selection_items WHERE user_id = ${member.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0].n).toBe(0);
    // Unticking one on its page leaves the other.
    await select(`?q=${word}`, [a], []);
    expect((await memberList(cookie, `?q=${word}`)).selection.selectedIds).toEqual([b]);
    // "Select all on this page", then Clear All.
    await call(
      memberAction,
      postRequest(
        `/imagingdiagnostics`,
        { intent: "selectPage", shown: [String(a), String(b)] },
        cookie,
      ),
    );
    expect((await memberList(cookie, `?q=${word}`)).selection.count).toBe(2);
    await call(memberAction, postRequest(`/imagingdiagnostics`, { intent: "clear" }, cookie));
    expect((await memberList(cookie, `?q=${word}`)).selection.count).toBe(0);
  });
});

describe("imaging and diagnostics: the staff's exports", () => {
  it("exports the archived entries only, or every entry matching the filters, with who saved each", async () => {
    const word = marker();
    const editor = await makeUser({ roles: ["editor"], firstName: "Archie" });
    const active = await createImagingEntry(input({ chemicalName: `${word} active` }), editor.id);
    const archived = await createImagingEntry(
      input({ chemicalName: `${word} archived` }),
      editor.id,
    );
    await toggleImagingArchived(archived, editor.id);
    const cookie = await staffCookie();
    const onlyArchived = await sheetRows(
      asResponse(
        await call(
          staffExportAction,
          postRequest(
            `/dashboard/imagingdiagnostics/export?exportOnlyArchived=true&q=${word}`,
            {},
            cookie,
          ),
        ),
      ),
    );
    expect(onlyArchived[0][0]).toBe("ID");
    expect(onlyArchived[0].slice(-4)).toEqual([
      "Archived",
      "Created or updated by",
      "Created",
      "Updated",
    ]);
    expect(onlyArchived.slice(1).map((row) => [row[0], row[3], row[10], row[11]])).toEqual([
      [archived, `${word} archived`, "Yes", "Archie User"],
    ]);
    const every = await sheetRows(
      asResponse(
        await call(
          staffExportAction,
          postRequest(
            `/dashboard/imagingdiagnostics/export?exportOnlyArchived=false&q=${word}&sort=chemicalName&order=asc`,
            {},
            cookie,
          ),
        ),
      ),
    );
    expect(every.slice(1).map((row) => [row[0], row[10]])).toEqual([
      [active, "No"],
      [archived, "Yes"],
    ]);
    const none = await redirected(() =>
      call(
        staffExportAction,
        postRequest(
          `/dashboard/imagingdiagnostics/export?exportOnlyArchived=true&q=${word}%20active`,
          {},
          cookie,
        ),
      ),
    );
    expect(none.headers.get("Location")).toBe(`/dashboard/imagingdiagnostics?q=${word}+active`);
    expect(NO_ARCHIVED).toBe("There are no archived entries to export.");
  });
});

describe("imaging and diagnostics: event names", () => {
  it("come seeded with the EMA procedure milestones, in procedure order", async () => {
    const names = (await listEventNames()).map((name) => name.name);
    expect(names.slice(0, 14)).toEqual([
      "Pre-submission meeting",
      "Eligibility request",
      "Submission",
      "Validation",
      "Start of procedure",
      "Day 120 list of questions",
      "Clock stop",
      "Restart of the clock",
      "Day 180 list of outstanding issues",
      "Oral explanation",
      "CHMP opinion",
      "Re-examination",
      "EC decision",
      "Withdrawal of application",
    ]);
  });

  it("are added (unique whatever the case), renamed everywhere, moved, and deleted only when unused", async () => {
    const cookie = await staffCookie();
    const name = `Day 150 joint assessment ${marker()}`;
    const add = (value: string) =>
      call(namesAction, postRequest("/x", { intent: "add", name: value }, cookie));
    expect((await redirected(() => add(name))).status).toBe(303);
    const duplicate = await add(name.toUpperCase());
    expect(status(duplicate)).toBe(400);
    expect((await body(duplicate)).error).toEqual({
      name: [`There is already an event name ${name.toUpperCase()}`],
    });
    const blank = await add("  ");
    expect((await body(blank)).error).toEqual({ name: ["Enter the event name"] });
    expect((await body(await add("x".repeat(101)))).error).toEqual({
      name: ["The event name must be at most 100 characters"],
    });

    let names = await listEventNames();
    const added = names.at(-1);
    expect(added?.name).toBe(name);
    const id = added?.id ?? 0;
    // Moved up one place, then back down.
    await call(namesAction, postRequest("/x", { intent: "up", id: String(id) }, cookie));
    names = await listEventNames();
    expect(names.at(-2)?.id).toBe(id);
    await call(namesAction, postRequest("/x", { intent: "down", id: String(id) }, cookie));
    expect((await listEventNames()).at(-1)?.id).toBe(id);

    // In use: renamed on the entry's events, and not deleted.
    const entry = await createImagingEntry(
      input({ events: [{ nameId: id, date: "2025-07-07", row: 0 }] }),
      (await makeUser()).id,
    );
    const renamed = `${name} (renamed)`;
    await redirected(() =>
      call(renameAction, postRequest("/x", { name: renamed }, cookie), { nameId: String(id) }),
    );
    expect((await getImagingEntry(entry))?.events[0].name).toBe(renamed);
    const refusedRename = await call(
      renameAction,
      postRequest("/x", { name: "validation" }, cookie),
      { nameId: String(id) },
    );
    expect((await body(refusedRename)).error).toEqual({
      name: ["There is already an event name validation"],
    });
    const refused = await redirected(() =>
      call(deleteNameAction, postRequest("/x", {}, cookie), { nameId: String(id) }),
    );
    expect(refused.status).toBe(303);
    expect((await listEventNames()).some((each) => each.id === id)).toBe(true);
    // Unused: deleted.
    await redirected(() =>
      call(deleteAction, postRequest("/x", {}, cookie), { entryId: String(entry) }),
    );
    await redirected(() =>
      call(deleteNameAction, postRequest("/x", {}, cookie), { nameId: String(id) }),
    );
    expect((await listEventNames()).some((each) => each.id === id)).toBe(false);
  });
});

describe("imaging and diagnostics: limits and demo data", () => {
  it("lists and exports at most the first 1,000 entries", async () => {
    const word = marker();
    const db = await getDb();
    await db.execute(
      sql`INSERT INTO imaging_diagnostics (category, chemical_name, indication_statement)
          SELECT 'Bulk', ${word} || ' ' || lpad(n::text, 4, '0'), 'Bulk test.' FROM generate_series(1, 1005) AS n`,
    );
    try {
      const cookie = await sessionCookie(await makeUser());
      const last = await memberList(cookie, `?q=${word}&sort=chemicalName&order=asc&page=999`);
      expect(last.total).toBe(1005);
      // Page 20 of 20 is the last: entries 951 to 1,000.
      expect(last.rows).toHaveLength(50);
      expect(last.rows.at(-1)?.chemicalName).toBe(`${word} ${IMAGING_LIMIT}`);
      const rows = await sheetRows(
        asResponse(
          await call(
            memberExportAction,
            postRequest(`/imagingdiagnostics/export?q=${word}`, {}, cookie),
          ),
        ),
      );
      expect(rows).toHaveLength(IMAGING_LIMIT + 1);
    } finally {
      await db.execute(
        sql`DELETE FROM imaging_diagnostics WHERE chemical_name LIKE ${`${word} %`}`,
      );
    }
  });

  it("seeds about 60 demo entries once, a few archived, each with events from the seeded names", async () => {
    const entries = demoImagingEntries("2026-11-24");
    expect(entries).toEqual(demoImagingEntries("2026-11-24"));
    expect(DEMO_IMAGING_COUNT).toBe(60);
    expect(entries.filter((entry) => entry.archived).length).toBe(5);
    expect(new Set(entries.map((entry) => `${entry.chemicalName} (${entry.tradeName})`)).size).toBe(
      60,
    );
    const seeded = new Set((await listEventNames()).map((name) => name.name));
    for (const entry of entries) {
      expect(entry.events.length, entry.chemicalName).toBeGreaterThan(0);
      for (const event of entry.events) {
        expect(seeded.has(event.name), event.name).toBe(true);
        expect(event.date <= "2026-11-24").toBe(true);
      }
    }
    const db = await getDb();
    // The seeding fills an empty list only; this store is shared with the tests above, so
    // it runs in a transaction that is rolled back.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM imaging_diagnostics`);
        await tx.execute(sql`DELETE FROM app_meta WHERE key = 'demo_imaging_seeded'`);
        await demoImagingDiagnostics(tx as unknown as typeof db, "2026-11-24");
        await demoImagingDiagnostics(tx as unknown as typeof db, "2026-11-24");
        const { rows } = (await tx.execute(
          sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE archived)::int AS archived,
                     (SELECT count(*)::int FROM imaging_diagnostics_events) AS events
                FROM imaging_diagnostics`,
        )) as unknown as { rows: Array<{ n: number; archived: number; events: number }> };
        expect(rows[0].n).toBe(60);
        expect(rows[0].archived).toBe(5);
        expect(rows[0].events).toBe(entries.reduce((sum, entry) => sum + entry.events.length, 0));
        throw new Error("rollback");
      })
      .catch((error: Error) => {
        if (error.message !== "rollback") throw error;
      });
  });
});
