import { randomUUID } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { openApiDocument } from "~/api/openapi.server";
import {
  type ApiHirReport,
  type ApiHirTopic,
  deleteHirOperation,
  deleteHirTopic,
  downloadHir,
  getHirTopics,
  hirOperations,
  listHirs,
  previewHirs,
  saveHirTopic,
  searchHirs,
  searchHirTopics,
  updateHirOperation,
  updateHirTopic,
  uploadHir,
} from "~/api/operations/hirs.server";
import { getDb, sql } from "~/db/client.server";
import { FILE_MISSING, FILE_NOT_PDF, getHir, getTopic, NO_FILE_DATA } from "~/models/hirs.server";
import { applyImport } from "~/models/record-import.server";
import { textChunks } from "~/records/read-items.server";
import { makeUser } from "../factories";
import { exampleRecords, jsonLines } from "../records";
import { callApi, expectFailure, expectValid, tokenFor } from "./support/api";

type HirReport = ApiHirReport;

async function pdfBytes(pages = 2) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < pages; page++)
    pdf.addPage().drawText(`Page ${page + 1}`, { x: 50, y: 700, size: 20, font });
  return pdf.save();
}

function hirForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      "File",
      new Blob([new Uint8Array(file.bytes)], { type: "application/pdf" }),
      file.name,
    );
  return form;
}

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

let hssIds: [string, string];
let member: string;
let editor: string;
let admin: string;
let pdf: Uint8Array;

beforeAll(async () => {
  const records = exampleRecords();
  hssIds = [records[0].hssId, records[1].hssId];
  await applyImport(() => textChunks(jsonLines(records)), {
    mode: "publish",
    source: "cli",
    filename: "api-hirs.jsonl",
  });
  member = await tokenFor(await makeUser());
  editor = await tokenFor(await makeUser({ roles: ["editor"] }));
  admin = await tokenFor(await makeUser({ roles: ["Admin"] }));
  pdf = await pdfBytes();
});

async function upload(title: string, extra: Record<string, string> = {}, bytes = pdf) {
  const answer = await callApi("POST", "/hir", {
    token: editor,
    body: hirForm(
      { Title: title, Description: `About ${title}.`, ...extra },
      { bytes, name: "report.pdf" },
    ),
  });
  return expectValid(answer, uploadHir.response as z.ZodType<HirReport>, 201);
}

describe("the API's HIR access rules", () => {
  it("needs a token, and staff calls need admin or editor, as the dashboard pages do", async () => {
    expectFailure(await callApi("POST", "/hir/search", { body: {} }), 401, "TOKEN_NOT_FOUND");
    expectFailure(
      await callApi("GET", "/hir/downloadpreviewhir", { query: { HIRId: 1 } }),
      401,
      "TOKEN_NOT_FOUND",
    );
    expectFailure(await callApi("POST", "/hirtopic/gethirtopics"), 401, "TOKEN_NOT_FOUND");

    const forbidden = [
      await callApi("GET", "/hir", { token: member }),
      await callApi("POST", "/hir", {
        token: member,
        body: hirForm({ Title: "x", Description: "y" }, { bytes: pdf, name: "x.pdf" }),
      }),
      await callApi("POST", "/hir/updatehir", {
        token: member,
        body: hirForm({ Id: "1", Title: "x", Description: "y" }),
      }),
      await callApi("POST", "/hir/delete", { token: member, query: { Id: 1 } }),
      await callApi("POST", "/hirtopic/savehirtopic", { token: member, body: {} }),
      await callApi("POST", "/hirtopic/updatehirtopic", { token: member, body: {} }),
      await callApi("POST", "/hirtopic/deletehirtopic", { token: member, query: { faqId: 1 } }),
      await callApi("POST", "/hirtopic/search", { token: member, body: {} }),
    ];
    for (const answer of forbidden) {
      expectFailure(answer, 403, "FORBIDDEN");
      expect(answer.body).toMatchObject({ message: "Forbidden" });
    }
    // Members read the lists and download, as on /hir and /upcoming-hir.
    expectValid(
      await callApi("POST", "/hir/search", { token: member }),
      searchHirs.response as z.ZodType,
    );
    expectValid(
      await callApi("POST", "/hir/gethirpreview", { token: member }),
      previewHirs.response as z.ZodType,
    );
    expectValid(
      await callApi("POST", "/hirtopic/gethirtopics", { token: member }),
      getHirTopics.response as z.ZodType,
    );
    expectFailure(await callApi("PUT", "/hir", { token: editor }), 405, "METHOD_NOT_ALLOWED");
  });
});

describe("the API's HIRs", () => {
  it("uploads a PDF, lists, searches, previews and downloads it, edits, archives and deletes it", async () => {
    const word = randomUUID().slice(0, 8);
    const title = `Zeta report ${word}`;
    const created = await upload(title, { HssIds: hssIds[0] });
    expect(created).toMatchObject({
      title,
      description: `About ${title}.`,
      hssIds: [hssIds[0]],
      archived: false,
      fileSize: pdf.byteLength,
    });
    const other = await upload(`Alpha report ${word}`);

    // The staff list: every report, a page at a time; showDeletedOnly lists the archived ones.
    const list = expectValid(
      await callApi("GET", "/hir", { token: admin, query: { skip: 0, take: 1000 } }),
      listHirs.response as z.ZodType<{ hiRs: HirReport[]; totalHits: number }>,
    );
    expect(list.hiRs.map((hir) => hir.id)).toEqual(expect.arrayContaining([created.id, other.id]));
    expect(list.totalHits).toBeGreaterThanOrEqual(2);
    const firstPage = expectValid(
      await callApi("GET", "/hir", { token: editor, query: { skip: 0, take: 1 } }),
      listHirs.response as z.ZodType<{ hiRs: HirReport[]; totalHits: number }>,
    );
    expect(firstPage.hiRs).toHaveLength(1);
    expect(firstPage.totalHits).toBe(list.totalHits);
    expectFailure(
      await callApi("GET", "/hir", { token: editor, query: { take: "lots" } }),
      400,
      "VALIDATION_FAILED",
    );

    // The members' search: every word, by title A–Z by default.
    const searched = expectValid(
      await callApi("POST", "/hir/search", { token: member, body: { searchPhrase: word } }),
      searchHirs.response as z.ZodType<{ hits: HirReport[]; totalHits: number }>,
    );
    expect(searched.hits.map((hit) => hit.title)).toEqual([`Alpha report ${word}`, title]);
    expect(searched.totalHits).toBe(2);
    const everything = expectValid(
      await callApi("POST", "/hir/search", {
        token: member,
        body: { searchPhrase: "*", size: 1000, from: 0 },
      }),
      searchHirs.response as z.ZodType<{ hits: HirReport[]; totalHits: number }>,
    );
    const titles = everything.hits.map((hit) => hit.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const paged = expectValid(
      await callApi("POST", "/hir/search", {
        token: member,
        body: { searchPhrase: word, size: 1, from: 1 },
      }),
      searchHirs.response as z.ZodType<{ hits: HirReport[]; totalHits: number }>,
    );
    expect(paged).toMatchObject({ hits: [{ id: created.id }], totalHits: 2 });
    const malformed = await callApi("POST", "/hir/search", { token: member, body: { size: -1 } });
    expectFailure(malformed, 400, "VALIDATION_FAILED");
    expect(malformed.body).toMatchObject({ errors: { "body.size": [expect.any(String)] } });

    // The preview: newest update first.
    const preview = expectValid(
      await callApi("POST", "/hir/gethirpreview", { token: member, body: { size: 1000 } }),
      previewHirs.response as z.ZodType<{ hiRs: HirReport[]; totalHits: number }>,
    );
    const dates = preview.hiRs.map((hir) => hir.updatedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(preview.hiRs.map((hir) => hir.id)).toEqual(
      expect.arrayContaining([created.id, other.id]),
    );

    // The download: the PDF itself, recorded as the member's activity.
    const download = await callApi("GET", "/hir/downloadpreviewhir", {
      token: member,
      query: { HIRId: created.id },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain(".pdf");
    expect(new Uint8Array(await download.response.arrayBuffer())).toEqual(pdf);
    expectFailure(
      await callApi("GET", "/hir/downloadpreviewhir", {
        token: member,
        query: { HIRId: 2_000_000_000 },
      }),
      404,
      "NOT_FOUND",
    );
    const badId = await callApi("GET", "/hir/downloadpreviewhir", {
      token: member,
      query: { HIRId: "abc" },
    });
    expectFailure(badId, 400, "VALIDATION_FAILED");
    expect(badId.body).toMatchObject({ errors: { "query.HIRId": [expect.any(String)] } });

    // Edit: new text, then a new PDF, then archived (members lose it, staff keep it).
    const edited = expectValid(
      await callApi("POST", "/hir/updatehir", {
        token: editor,
        body: hirForm({ Id: String(created.id), Title: `${title} v2`, Description: "Changed." }),
      }),
      updateHirOperation.response as z.ZodType<HirReport>,
    );
    expect(edited).toMatchObject({
      id: created.id,
      title: `${title} v2`,
      description: "Changed.",
      hssIds: [hssIds[0]],
      fileSize: pdf.byteLength,
    });
    const longer = await pdfBytes(4);
    const refiled = expectValid(
      await callApi("POST", "/hir/updatehir", {
        token: editor,
        body: hirForm(
          {
            Id: String(created.id),
            Title: `${title} v2`,
            Description: "Changed.",
            HssIds: `${hssIds[0]}, ${hssIds[1]}`,
            Archived: "true",
          },
          { bytes: longer, name: "v2.pdf" },
        ),
      }),
      updateHirOperation.response as z.ZodType<HirReport>,
    );
    expect(refiled).toMatchObject({ fileSize: longer.byteLength, archived: true, hssIds });
    expectFailure(
      await callApi("GET", "/hir/downloadpreviewhir", {
        token: member,
        query: { HIRId: created.id },
      }),
      404,
      "NOT_FOUND",
    );
    const staffCopy = await callApi("GET", "/hir/downloadpreviewhir", {
      token: editor,
      query: { HIRId: created.id },
    });
    expect(new Uint8Array(await staffCopy.response.arrayBuffer())).toEqual(longer);
    const afterArchive = expectValid(
      await callApi("POST", "/hir/search", { token: member, body: { searchPhrase: word } }),
      searchHirs.response as z.ZodType<{ hits: HirReport[]; totalHits: number }>,
    );
    expect(afterArchive.hits.map((hit) => hit.id)).toEqual([other.id]);
    const archivedOnly = expectValid(
      await callApi("GET", "/hir", {
        token: editor,
        query: { skip: 0, take: 1000, showDeletedOnly: "true" },
      }),
      listHirs.response as z.ZodType<{ hiRs: HirReport[]; totalHits: number }>,
    );
    expect(archivedOnly.hiRs.every((hir) => hir.archived)).toBe(true);
    expect(archivedOnly.hiRs.map((hir) => hir.id)).toContain(created.id);
    const publishedOnly = expectValid(
      await callApi("GET", "/hir", {
        token: editor,
        query: { skip: 0, take: 1000, showDeletedOnly: "false" },
      }),
      listHirs.response as z.ZodType<{ hiRs: HirReport[]; totalHits: number }>,
    );
    expect(publishedOnly.hiRs.map((hir) => hir.id)).not.toContain(created.id);
    expect(publishedOnly.hiRs.map((hir) => hir.id)).toContain(other.id);
    expectFailure(
      await callApi("POST", "/hir/updatehir", {
        token: editor,
        body: hirForm({ Id: "2000000000", Title: "x", Description: "y" }),
      }),
      404,
      "NOT_FOUND",
    );

    // Delete: gone for good, with its file.
    expectValid(
      await callApi("POST", "/hir/delete", { token: admin, query: { Id: created.id } }),
      deleteHirOperation.response as z.ZodType,
    );
    expect(await getHir(created.id)).toBeUndefined();
    expectFailure(
      await callApi("POST", "/hir/delete", { token: admin, query: { Id: created.id } }),
      404,
      "NOT_FOUND",
    );
    expectFailure(
      await callApi("POST", "/hir/delete", { token: admin, query: {} }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("refuses what the upload page refuses, naming the field", async () => {
    const fake = new TextEncoder().encode(`<!doctype html><p>${"x".repeat(2000)}</p>`);
    const notPdf = await callApi("POST", "/hir", {
      token: editor,
      body: hirForm({ Title: "Fake", Description: "Not a PDF." }, { bytes: fake, name: "a.pdf" }),
    });
    expectFailure(notPdf, 400, "VALIDATION_FAILED");
    expect(notPdf.body).toMatchObject({ errors: { "body.File": [FILE_NOT_PDF] } });

    const noFile = await callApi("POST", "/hir", {
      token: editor,
      body: hirForm({ Title: "No file", Description: "Nothing attached." }),
    });
    expectFailure(noFile, 400, "VALIDATION_FAILED");
    expect(noFile.body).toMatchObject({ errors: { "body.File": [FILE_MISSING] } });

    const noTitle = await callApi("POST", "/hir", {
      token: editor,
      body: hirForm({ Title: " ", Description: "Untitled." }, { bytes: pdf, name: "a.pdf" }),
    });
    expectFailure(noTitle, 400, "VALIDATION_FAILED");
    expect(noTitle.body).toMatchObject({ errors: { "body.Title": ["Enter the title"] } });

    const longTitle = await callApi("POST", "/hir", {
      token: editor,
      body: hirForm(
        { Title: "x".repeat(251), Description: "Long." },
        { bytes: pdf, name: "a.pdf" },
      ),
    });
    expect(longTitle.body).toMatchObject({ errors: { "body.Title": [expect.any(String)] } });

    const unknownRecord = await callApi("POST", "/hir", {
      token: editor,
      body: hirForm(
        { Title: "Unknown", Description: "About nothing.", HssIds: "NO-SUCH-RECORD-1" },
        { bytes: pdf, name: "a.pdf" },
      ),
    });
    expectFailure(unknownRecord, 400, "VALIDATION_FAILED");
    expect(unknownRecord.body).toMatchObject({ errors: { "body.HssIds": [expect.any(String)] } });

    const json = await callApi("POST", "/hir", {
      token: editor,
      body: { Title: "JSON", Description: "Sent as JSON." },
    });
    expectFailure(json, 400, "VALIDATION_FAILED");
    expect(json.body).toMatchObject({ errors: { body: [expect.stringContaining("multipart")] } });
  });

  it("answers NO_FILE_DATA for a report whose file is missing", async () => {
    const hir = await upload(unique("Fileless"));
    const stored = await getHir(hir.id);
    const db = await getDb();
    await db.execute(sql`UPDATE hir_files SET completed_at = NULL WHERE id = ${stored?.fileId}`);
    const answer = await callApi("GET", "/hir/downloadpreviewhir", {
      token: member,
      query: { HIRId: hir.id },
    });
    expectFailure(answer, 404, "NO_FILE_DATA");
    expect(answer.body).toMatchObject({ message: NO_FILE_DATA });
  });
});

type Topic = ApiHirTopic;

describe("the API's HIR topics", () => {
  it("adds, lists, searches, edits, archives and deletes a topic", async () => {
    const title = unique("Upcoming topic");
    const saved = expectValid(
      await callApi("POST", "/hirtopic/savehirtopic", {
        token: editor,
        body: {
          titleOfTopic: title,
          ihsiCategories: ["New indication"],
          publicationDate: "2027-03-31",
          hssid: hssIds[0],
        },
      }),
      saveHirTopic.response as z.ZodType<Topic>,
      201,
    );
    expect(saved).toMatchObject({
      titleOfTopic: title,
      ihsiCategories: ["New indication"],
      publicationDate: "2027-03-31",
      hssid: hssIds[0],
      archived: false,
      deleted: false,
    });
    expect(saved.recordName).toEqual(expect.any(String));

    const upcoming = async () =>
      expectValid(
        await callApi("POST", "/hirtopic/gethirtopics", {
          token: member,
          body: { size: 1000, from: 0 },
        }),
        getHirTopics.response as z.ZodType<{ hirTopics: Topic[]; totalHits: number }>,
      );
    const before = await upcoming();
    expect(before.hirTopics.map((topic) => topic.id)).toContain(saved.id);
    const names = before.hirTopics.map((topic) => topic.titleOfTopic.toLowerCase());
    expect(names).toEqual([...names].sort());

    const search = async (body: Record<string, unknown>) =>
      expectValid(
        await callApi("POST", "/hirtopic/search", { token: editor, body }),
        searchHirTopics.response as z.ZodType<{ hits: Topic[]; totalHits: number }>,
      );
    expect(await search({ searchPhrase: title })).toMatchObject({
      hits: [{ id: saved.id }],
      totalHits: 1,
    });
    expect((await search({})).hits.length).toBeLessThanOrEqual(20);

    const updated = expectValid(
      await callApi("POST", "/hirtopic/updatehirtopic", {
        token: editor,
        body: {
          id: saved.id,
          titleOfTopic: `${title} v2`,
          ihsiCategories: ["Biosimilar", "New indication"],
          publicationDate: null,
          hssid: hssIds[1],
          archived: true,
        },
      }),
      updateHirTopic.response as z.ZodType<Topic>,
    );
    expect(updated).toMatchObject({
      id: saved.id,
      titleOfTopic: `${title} v2`,
      publicationDate: null,
      hssid: hssIds[1],
      archived: true,
    });
    expect((await upcoming()).hirTopics.map((topic) => topic.id)).not.toContain(saved.id);
    expect((await search({ searchPhrase: title })).hits[0]).toMatchObject({ archived: true });
    // archived left out stays as it is.
    const kept = expectValid(
      await callApi("POST", "/hirtopic/updatehirtopic", {
        token: editor,
        body: {
          id: saved.id,
          titleOfTopic: `${title} v3`,
          ihsiCategories: ["Biosimilar"],
          hssid: hssIds[1],
        },
      }),
      updateHirTopic.response as z.ZodType<Topic>,
    );
    expect(kept.archived).toBe(true);

    expectValid(
      await callApi("POST", "/hirtopic/deletehirtopic", {
        token: editor,
        query: { faqId: saved.id },
      }),
      deleteHirTopic.response as z.ZodType,
    );
    expect(await getTopic(saved.id)).toMatchObject({ deleted: true });
    expect((await search({ searchPhrase: title })).totalHits).toBe(0);
    expect(await search({ searchPhrase: title, deleted: true })).toMatchObject({
      hits: [{ id: saved.id }],
    });
    expectFailure(
      await callApi("POST", "/hirtopic/deletehirtopic", {
        token: editor,
        query: { faqId: saved.id },
      }),
      404,
      "NOT_FOUND",
    );
    expectFailure(
      await callApi("POST", "/hirtopic/updatehirtopic", {
        token: editor,
        body: { id: saved.id, titleOfTopic: "x", ihsiCategories: ["Biosimilar"], hssid: hssIds[1] },
      }),
      404,
      "NOT_FOUND",
    );
  });

  it("refuses a malformed topic, naming the field", async () => {
    const base = {
      titleOfTopic: "A topic",
      ihsiCategories: ["New indication"],
      hssid: hssIds[0],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, titleOfTopic: "" }, "body.titleOfTopic"],
      [{ ...base, ihsiCategories: ["Not a category"] }, "body.ihsiCategories.0"],
      [{ ...base, ihsiCategories: [] }, "body.ihsiCategories"],
      [{ ...base, publicationDate: "2027-02-30" }, "body.publicationDate"],
      [{ ...base, hssid: "NO-SUCH-RECORD-2" }, "body.hssid"],
      [{ ...base, archived: "yes" }, "body.archived"],
    ];
    for (const [body, field] of cases) {
      const answer = await callApi("POST", "/hirtopic/savehirtopic", { token: admin, body });
      expectFailure(answer, 400, "VALIDATION_FAILED");
      expect(answer.body, field).toMatchObject({ errors: { [field]: [expect.any(String)] } });
    }
    expectFailure(
      await callApi("POST", "/hirtopic/savehirtopic", { token: admin, rawBody: "{nope" }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("the HIR calls' documentation", () => {
  it("generates OpenAPI for every call, with a query or body schema where it takes one", () => {
    const document = openApiDocument(hirOperations);
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        "/api/hir",
        "/api/hir/delete",
        "/api/hir/downloadpreviewhir",
        "/api/hir/gethirpreview",
        "/api/hir/search",
        "/api/hir/updatehir",
        "/api/hirtopic/deletehirtopic",
        "/api/hirtopic/gethirtopics",
        "/api/hirtopic/savehirtopic",
        "/api/hirtopic/search",
        "/api/hirtopic/updatehirtopic",
      ].sort(),
    );
    const upload = document.paths["/api/hir"].post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(Object.keys(upload.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(
      Object.keys(upload.requestBody.content["multipart/form-data"].schema.properties),
    ).toEqual(expect.arrayContaining(["Title", "Description", "File"]));
    expect(downloadHir.response).toEqual({ file: ["application/pdf"] });
  });
});
