import { randomBytes, randomUUID } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, sql } from "~/db/client.server";
import { demoHirPdf } from "~/demo/hirs.server";
import { seedDemoHirs } from "~/models/demo-seed.server";
import { attachmentDisposition, safeFileName } from "~/lib/file-name";
import { PdfSniffer } from "~/lib/pdf-check.server";
import {
  createHir,
  FILE_DAMAGED,
  FILE_EMPTY,
  FILE_MISSING,
  FILE_NOT_PDF,
  FILE_TOO_BIG,
  getHir,
  HIR_CHUNK_BYTES,
  HIR_MAX_BYTES,
  hirsOfRecord,
  NO_FILE_DATA,
  pruneHirFiles,
  storeHirFile,
  upcomingTopics,
  withoutUntitled,
} from "~/models/hirs.server";
import { applyImport } from "~/models/record-import.server";
import { textChunks } from "~/records/read-items.server";
import {
  loader as topicsListLoader,
  action as topicsListAction,
} from "~/routes/dashboard.managehirtopics._index";
import {
  action as topicEditAction,
  loader as topicEditLoader,
} from "~/routes/dashboard.managehirtopics.$topicId";
import {
  action as topicDeleteAction,
  loader as topicDeleteLoader,
} from "~/routes/dashboard.managehirtopics.$topicId_.delete";
import {
  action as topicNewAction,
  loader as topicNewLoader,
} from "~/routes/dashboard.managehirtopics.new";
import {
  action as hirListAction,
  loader as hirListLoader,
} from "~/routes/dashboard.managehirs._index";
import {
  action as hirEditAction,
  loader as hirEditLoader,
} from "~/routes/dashboard.managehirs.$hirId";
import {
  action as hirDeleteAction,
  loader as hirDeleteLoader,
} from "~/routes/dashboard.managehirs.$hirId_.delete";
import { action as hirNewAction, loader as hirNewLoader } from "~/routes/dashboard.managehirs.new";
import { loader as downloadPageLoader } from "~/routes/downloadhir";
import { loader as hirPageLoader } from "~/routes/hir";
import { loader as downloadLoader } from "~/routes/hir_.$hirId.download";
import { loader as recordLoader } from "~/routes/record.$hssId";
import { loader as upcomingLoader } from "~/routes/upcoming-hir";
import { getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { exampleRecords, jsonLines } from "../records";
import { asResponse } from "../route-result";

type Handler = (a: LoaderFunctionArgs) => Promise<unknown>;
const BASE = "http://localhost:3000";
const call = (handler: Handler, request: Request, params: Record<string, string> = {}) =>
  handler({ request, params, context: {} });
const json = async (result: unknown) => asResponse(result).json();
/** A loader's or action's answer, thrown or returned. */
async function settle(run: () => Promise<unknown>): Promise<Response> {
  try {
    return asResponse(await run());
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function pdfBytes(
  options: { pages?: number; padding?: number; objectStreams?: boolean } = {},
) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < (options.pages ?? 2); page++)
    pdf.addPage().drawText(`Page ${page + 1}`, { x: 50, y: 700, size: 20, font });
  if (options.padding) await pdf.attach(randomBytes(options.padding), "padding.bin");
  return pdf.save({ useObjectStreams: options.objectStreams ?? true });
}

function multipart(
  path: string,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string; type?: string } | null,
  cookie: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      "file",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/pdf" }),
      file.name,
    );
  else form.append("file", new Blob([]), "");
  return new Request(new URL(path, BASE), {
    method: "POST",
    body: form,
    headers: { Cookie: cookie },
  });
}

const staffCookie = async (role = "editor") => sessionCookie(await makeUser({ roles: [role] }));
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

let hssId: string;
let samplePdf: Uint8Array;
beforeAll(async () => {
  samplePdf = await pdfBytes();
  const [record] = exampleRecords();
  hssId = record.hssId;
  await applyImport(() => textChunks(jsonLines([record])), {
    mode: "publish",
    source: "cli",
    filename: "hirs.jsonl",
  });
});

/** Uploads a report through the staff page; returns its id. */
async function upload(cookie: string, fields: Record<string, string>, bytes?: Uint8Array) {
  const pdf = bytes ?? (await pdfBytes());
  const response = await redirected(() =>
    call(
      hirNewAction,
      multipart(
        "/dashboard/managehirs/new",
        { description: "A test report.", hssIds: "", ...fields },
        { bytes: pdf, name: "report.pdf" },
        cookie,
      ),
    ),
  );
  const id = Number(/hir-row-(\d+)/.exec(response.headers.get("Location") ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

async function fileRows(fileId: number) {
  const db = await getDb();
  const result = (await db.execute(
    sql`SELECT (SELECT count(*)::int FROM hir_files WHERE id = ${fileId}) AS files,
               (SELECT count(*)::int FROM hir_file_chunks WHERE file_id = ${fileId}) AS chunks`,
  )) as unknown as { rows: { files: number; chunks: number }[] };
  return result.rows[0];
}

describe("the PDF check", () => {
  it("takes PDFs with a cross-reference table or stream, and refuses fakes and damaged files", async () => {
    const verdict = async (bytes: Uint8Array, chunk = 1000) => {
      const sniffer = new PdfSniffer();
      for (let at = 0; at < bytes.byteLength; at += chunk)
        sniffer.push(bytes.subarray(at, at + chunk));
      return sniffer.verdict(async (offset, length) => bytes.slice(offset, offset + length));
    };
    expect(await verdict(await pdfBytes({ objectStreams: true }))).toBe("pdf");
    expect(await verdict(await pdfBytes({ objectStreams: false }))).toBe("pdf");
    expect(await verdict(await pdfBytes({ objectStreams: false }), 7)).toBe("pdf");
    const html = new TextEncoder().encode(
      "<!doctype html><title>x</title><script>alert(1)</script>",
    );
    expect(await verdict(html)).toBe("not-pdf");
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, ...randomBytes(4000)]);
    expect(await verdict(exe)).toBe("not-pdf");
    const good = await pdfBytes({ padding: 5000 });
    expect(await verdict(good.slice(0, Math.floor(good.byteLength / 2)))).toBe("damaged");
    const header = new TextEncoder().encode("%PDF-1.7\n");
    expect(await verdict(new Uint8Array([...header, ...randomBytes(3000)]))).toBe("damaged");
    // A pointer to a place that holds no cross-reference section.
    const lying = new TextEncoder().encode(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n",
    );
    expect(await verdict(lying)).toBe("damaged");
  });
});

describe("storing a HIR file", () => {
  it("writes it in chunks as it arrives and reads the same bytes back", async () => {
    const bytes = await pdfBytes({ padding: HIR_CHUNK_BYTES * 2 + 12345 });
    async function* pieces() {
      for (let at = 0; at < bytes.byteLength; at += 65_536) yield bytes.subarray(at, at + 65_536);
    }
    const stored = await storeHirFile(pieces());
    if ("error" in stored) throw new Error(stored.error);
    expect(stored.byteSize).toBe(bytes.byteLength);
    expect((await fileRows(stored.fileId)).chunks).toBe(
      Math.ceil(bytes.byteLength / HIR_CHUNK_BYTES),
    );
    const cookie = await staffCookie();
    const id = await createHir(
      { title: unique("Chunked"), description: "d", hssIds: [], fileId: stored.fileId },
      null,
    );
    const response = await call(downloadLoader, getRequest(`/hir/${id}/download`, cookie), {
      hirId: String(id),
    });
    expect(new Uint8Array(await asResponse(response).arrayBuffer())).toEqual(bytes);
  });

  it("stops reading an upload once it passes 50 MB, and keeps nothing of it", async () => {
    const db = await getDb();
    const before = (await db.execute(
      sql`SELECT coalesce(max(id), 0)::int AS id FROM hir_files`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const cookie = await staffCookie();
    const boundary = "----hirtest";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nKept title\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nKept description\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const block = new Uint8Array(1024 * 1024).fill(0x20);
    const total = 80 * 1024 * 1024;
    let pulled = 0;
    let sentHead = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (!sentHead) {
            sentHead = true;
            pulled += head.byteLength;
            controller.enqueue(head);
          } else if (pulled < total) {
            pulled += block.byteLength;
            controller.enqueue(block);
          } else controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(new URL("/dashboard/managehirs/new", BASE), {
      method: "POST",
      body,
      headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const response = await settle(() => call(hirNewAction, request));
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.error.file).toEqual([FILE_TOO_BIG]);
    expect(reply.initialValue).toMatchObject({
      title: "Kept title",
      description: "Kept description",
    });
    // Stopped at the limit, not read to the end of the 80 MB.
    expect(pulled).toBeLessThan(HIR_MAX_BYTES + 4 * 1024 * 1024);
    const after = (await db.execute(
      sql`SELECT count(*)::int AS count FROM hir_files WHERE id > ${before.rows[0].id} AND byte_size = 0 AND completed_at IS NULL`,
    )) as unknown as { rows: { count: number }[] };
    expect(after.rows[0].count).toBe(0);
  });

  it("refuses a renamed web page or program, a damaged PDF and an empty file, keeping the typed text", async () => {
    const cookie = await staffCookie();
    const good = await pdfBytes({ padding: 4000 });
    const cases: [Uint8Array, string, string][] = [
      [
        new TextEncoder().encode("<!DOCTYPE html><html><body>Not a report</body></html>"),
        "page.pdf",
        FILE_NOT_PDF,
      ],
      [new Uint8Array([0x4d, 0x5a, ...randomBytes(5000)]), "setup.pdf", FILE_NOT_PDF],
      [good.slice(0, good.byteLength - 600), "cut.pdf", FILE_DAMAGED],
    ];
    for (const [bytes, name, message] of cases) {
      const response = await settle(() =>
        call(
          hirNewAction,
          multipart(
            "/dashboard/managehirs/new",
            { title: "Typed title", description: "Typed description" },
            { bytes, name },
            cookie,
          ),
        ),
      );
      expect(response.status, name).toBe(400);
      const reply = await response.json();
      expect(reply.error.file, name).toEqual([message]);
      expect(reply.initialValue).toMatchObject({
        title: "Typed title",
        description: "Typed description",
      });
      expect(reply.kept).toBeNull();
    }
    const empty = await settle(() =>
      call(
        hirNewAction,
        multipart(
          "/x",
          { title: "T", description: "D" },
          { bytes: new Uint8Array(), name: "e.pdf" },
          cookie,
        ),
      ),
    );
    expect((await empty.json()).error.file).toEqual([FILE_EMPTY]);
    const none = await settle(() =>
      call(hirNewAction, multipart("/x", { title: "T", description: "D" }, null, cookie)),
    );
    expect((await none.json()).error.file).toEqual([FILE_MISSING]);
  });
});

describe("the staff upload and edit forms", () => {
  it("keeps a 250-character title and refuses a 251-character one", async () => {
    const cookie = await staffCookie();
    const title250 = `${randomUUID()}${"t".repeat(250 - 36)}`;
    const id = await upload(cookie, { title: title250 });
    expect((await getHir(id))?.title).toBe(title250);
    const title251 = `${title250}x`;
    const response = await settle(() =>
      call(
        hirNewAction,
        multipart(
          "/x",
          { title: title251, description: "D" },
          { bytes: samplePdf, name: "r.pdf" },
          cookie,
        ),
      ),
    );
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.error.title).toEqual(["The title must be at most 250 characters"]);
    expect(reply.initialValue.title).toBe(title251);
    // The good file is kept on the server: the corrected form uses it without sending it again.
    expect(reply.kept).toMatchObject({ name: "r.pdf" });
    const fixed = await redirected(() =>
      call(
        hirNewAction,
        multipart(
          "/x",
          {
            title: unique("Fixed"),
            description: "D",
            keptFile: String(reply.kept.fileId),
            keptFileName: "r.pdf",
          },
          null,
          cookie,
        ),
      ),
    );
    const fixedId = Number(/hir-row-(\d+)/.exec(fixed.headers.get("Location") ?? "")?.[1]);
    expect((await getHir(fixedId))?.fileId).toBe(reply.kept.fileId);
    // A file already taken by a report cannot be kept for another.
    const again = await settle(() =>
      call(
        hirNewAction,
        multipart(
          "/x",
          { title: "Again", description: "D", keptFile: String(reply.kept.fileId) },
          null,
          cookie,
        ),
      ),
    );
    expect((await again.json()).error.file).toEqual([FILE_MISSING]);
  });

  it("refuses unknown record HSS IDs, and lists a report on the records it covers", async () => {
    const cookie = await staffCookie();
    const response = await settle(() =>
      call(
        hirNewAction,
        multipart(
          "/x",
          { title: "Covers", description: "D", hssIds: `${hssId}, HSS-NOPE-1` },
          { bytes: samplePdf, name: "r.pdf" },
          cookie,
        ),
      ),
    );
    expect((await response.json()).error.hssIds).toEqual([
      "No published record has the HSS ID HSS-NOPE-1",
    ]);
    const title = unique("Covering report");
    const id = await upload(cookie, { title, hssIds: hssId });
    const member = await sessionCookie(await makeUser());
    const page = await json(
      await call(recordLoader, getRequest(`/record/${hssId}`, member), { hssId }),
    );
    expect(page.hirs.reports).toContainEqual(expect.objectContaining({ id, title }));
  });

  it("replaces the file or edits the text, deleting the old file", async () => {
    const cookie = await staffCookie();
    const id = await upload(cookie, { title: unique("Replace me") });
    const oldFile = (await getHir(id))?.fileId ?? 0;
    const newBytes = await pdfBytes({ pages: 5 });
    await redirected(() =>
      call(
        hirEditAction,
        multipart(
          `/dashboard/managehirs/${id}`,
          { title: "Replaced", description: "New text", hssIds: "" },
          { bytes: newBytes, name: "v2.pdf" },
          cookie,
        ),
        { hirId: String(id) },
      ),
    );
    const after = await getHir(id);
    expect(after).toMatchObject({
      title: "Replaced",
      description: "New text",
      byteSize: newBytes.byteLength,
    });
    expect(after?.fileId).not.toBe(oldFile);
    expect(await fileRows(oldFile)).toEqual({ files: 0, chunks: 0 });
    // Text only: the file stays.
    await redirected(() =>
      call(
        hirEditAction,
        multipart(`/x`, { title: "Text only", description: "Again" }, null, cookie),
        { hirId: String(id) },
      ),
    );
    expect(await getHir(id)).toMatchObject({ title: "Text only", fileId: after?.fileId });
  });

  it("archives, unarchives and deletes a report with its file", async () => {
    const cookie = await staffCookie("admin");
    const id = await upload(cookie, { title: unique("Lifecycle") });
    const fileId = (await getHir(id))?.fileId ?? 0;
    await redirected(() =>
      call(
        hirListAction,
        postRequest("/dashboard/managehirs", { intent: "archive", id: String(id) }, cookie),
      ),
    );
    expect((await getHir(id))?.archived).toBe(true);
    await redirected(() =>
      call(
        hirListAction,
        postRequest("/dashboard/managehirs", { intent: "unarchive", id: String(id) }, cookie),
      ),
    );
    expect((await getHir(id))?.archived).toBe(false);
    await redirected(() =>
      call(hirDeleteAction, postRequest(`/x/${id}/delete`, {}, cookie), { hirId: String(id) }),
    );
    expect(await getHir(id)).toBeUndefined();
    expect(await fileRows(fileId)).toEqual({ files: 0, chunks: 0 });
  });
});

describe("members and the reports", () => {
  it("hides archived reports from members and refuses them by id; staff can still check them", async () => {
    const staff = await staffCookie();
    const title = unique("Archived report");
    const id = await upload(staff, { title });
    await redirected(() =>
      call(hirListAction, postRequest("/x", { intent: "archive", id: String(id) }, staff)),
    );
    const member = await sessionCookie(await makeUser());
    const list = await json(await call(hirPageLoader, getRequest("/hir", member)));
    expect(list.hirs.map((hir: { id: number }) => hir.id)).not.toContain(id);
    const search = await json(
      await call(hirPageLoader, getRequest(`/hir?q=${encodeURIComponent(title)}`, member)),
    );
    expect(search.total).toBe(0);
    const refused = await settle(() =>
      call(downloadLoader, getRequest(`/hir/${id}/download`, member), { hirId: String(id) }),
    );
    expect(refused.status).toBe(404);
    const page = await call(downloadPageLoader, getRequest(`/downloadhir?id=${id}`, member));
    expect(asResponse(page).status).toBe(404);
    const staffDownload = await call(downloadLoader, getRequest(`/hir/${id}/download`, staff), {
      hirId: String(id),
    });
    expect(asResponse(staffDownload).status).toBe(200);
  });

  it("searches titles and descriptions, every word, by title A–Z; without a search, newest first", async () => {
    const staff = await staffCookie();
    const word = `zq${randomUUID().slice(0, 6)}`;
    const b = await upload(staff, { title: `Beta ${word}`, description: "First uploaded." });
    const a = await upload(staff, {
      title: "Alpha report",
      description: `About ${word} and more.`,
    });
    await upload(staff, { title: `Gamma ${word}`, description: "Not the other word." });
    const member = await sessionCookie(await makeUser());
    const found = await json(await call(hirPageLoader, getRequest(`/hir?q=${word}`, member)));
    expect(found.total).toBe(3);
    expect(found.hirs.map((hir: { title: string }) => hir.title)).toEqual([
      "Alpha report",
      `Beta ${word}`,
      `Gamma ${word}`,
    ]);
    const both = await json(await call(hirPageLoader, getRequest(`/hir?q=${word}+more`, member)));
    expect(both.hirs.map((hir: { id: number }) => hir.id)).toEqual([a]);
    const all = await json(await call(hirPageLoader, getRequest("/hir", member)));
    const ids = all.hirs.map((hir: { id: number }) => hir.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
  });

  it("drops hits with an empty title and reduces the total to match", () => {
    const hits = [
      { id: 1, title: "A", total: 4 },
      { id: 2, title: "  ", total: 4 },
      { id: 3, title: "", total: 4 },
      { id: 4, title: "B", total: 4 },
    ];
    expect(withoutUntitled(hits)).toEqual({
      hirs: [
        { id: 1, title: "A" },
        { id: 4, title: "B" },
      ],
      total: 2,
    });
    expect(withoutUntitled([])).toEqual({ hirs: [], total: 0 });
  });

  it("sends the PDF as an attachment named after the title, and records the download", async () => {
    const staff = await staffCookie();
    const bytes = await pdfBytes({ pages: 3 });
    const id = await upload(staff, { title: "Rapport d’évaluation: cœur/poumon? <v2>" }, bytes);
    const user = await makeUser();
    const member = await sessionCookie(user);
    const response = asResponse(
      await call(downloadLoader, getRequest(`/hir/${id}/download`, member), {
        hirId: String(id),
      }),
    );
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Rapport d_evaluation_ c_ur_poumon_ _v2_.pdf"; filename*=UTF-8''Rapport%20d%E2%80%99%C3%A9valuation_%20c%C5%93ur_poumon_%20_v2_.pdf`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    const db = await getDb();
    const activity = (await db.execute(
      sql`SELECT activity_type, activity_value FROM user_activity WHERE user_id = ${user.id}`,
    )) as unknown as { rows: { activity_type: string; activity_value: string }[] };
    expect(activity.rows).toContainEqual({ activity_type: "download", activity_value: String(id) });
  });

  it("names files safely", () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j', "pdf", "HIR Report")).toBe(
      "a_b_c_d_e_f_g_h_i_j.pdf",
    );
    expect(safeFileName("  ...  ", "pdf", "HIR Report")).toBe("HIR Report.pdf");
    expect(safeFileName("evil\u202Efdp.exe", "pdf", "x")).toBe("evilfdp.exe.pdf");
    expect(safeFileName("line\nbreak\ttab", "pdf", "x")).toBe("line_break_tab.pdf");
    expect(attachmentDisposition("日本語の報告", "pdf", "HIR Report")).toBe(
      `attachment; filename="______.pdf"; filename*=UTF-8''${encodeURIComponent("日本語の報告")}.pdf`,
    );
  });

  it("says 'No file data Found' with a 404 when a report's file is missing, never a 500", async () => {
    const staff = await staffCookie();
    const id = await upload(staff, { title: unique("Lost file") });
    const db = await getDb();
    await db.execute(
      sql`DELETE FROM hir_files WHERE id = (SELECT file_id FROM hirs WHERE id = ${id})`,
    );
    const member = await sessionCookie(await makeUser());
    const download = await settle(() =>
      call(downloadLoader, getRequest(`/hir/${id}/download`, member), { hirId: String(id) }),
    );
    expect(download.status).toBe(404);
    expect((await download.text()).trim()).toBe(NO_FILE_DATA);
    const page = asResponse(
      await call(downloadPageLoader, getRequest(`/downloadhir?id=${id}&title=Lost`, member)),
    );
    expect(page.status).toBe(404);
    expect((await page.json()).problem).toBe(NO_FILE_DATA);
    const list = await json(await call(hirPageLoader, getRequest("/hir", member)));
    expect(list.hirs).toContainEqual(expect.objectContaining({ id, byteSize: null }));
  });

  it("the download page decodes the title, defaults it to 'HIR Report' and cuts it to 250", async () => {
    const staff = await staffCookie();
    const id = await upload(staff, { title: unique("Page") });
    const member = await sessionCookie(await makeUser());
    const titled = await json(
      await call(
        downloadPageLoader,
        getRequest(`/downloadhir?id=${id}&title=${encodeURIComponent("Café & co: 2026")}`, member),
      ),
    );
    expect(titled.title).toBe("Café & co: 2026");
    expect(titled.file.url).toBe(
      `/hir/${id}/download?title=${encodeURIComponent("Café & co: 2026")}`,
    );
    expect(
      (await json(await call(downloadPageLoader, getRequest(`/downloadhir?id=${id}`, member))))
        .title,
    ).toBe("HIR Report");
    const long = await json(
      await call(
        downloadPageLoader,
        getRequest(`/downloadhir?id=${id}&title=${"x".repeat(400)}`, member),
      ),
    );
    expect(long.title).toHaveLength(250);
    const named = asResponse(
      await call(
        downloadLoader,
        getRequest(`/hir/${id}/download?title=${encodeURIComponent("Café")}`, member),
        { hirId: String(id) },
      ),
    );
    expect(named.headers.get("Content-Disposition")).toContain("filename*=UTF-8''Caf%C3%A9.pdf");
    const unknown = asResponse(
      await call(downloadPageLoader, getRequest("/downloadhir?id=999999999", member)),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("upcoming HIR topics", () => {
  it("adds, edits and deletes topics; members see those neither archived nor deleted, by title", async () => {
    const staff = await staffCookie();
    const stamp = randomUUID().slice(0, 6);
    const add = (title: string, extra: Record<string, string | string[]> = {}) =>
      redirected(() =>
        call(
          topicNewAction,
          postRequest(
            "/dashboard/managehirtopics/new",
            {
              titleOfTopic: title,
              hssId,
              ihsiCategories: ["New indication", "Biosimilar"],
              publicationDate: "2027-03-31",
              ...extra,
            },
            staff,
          ),
        ),
      );
    const idOf = (response: Response) =>
      Number(/topic-row-(\d+)/.exec(response.headers.get("Location") ?? "")?.[1]);
    const zulu = idOf(await add(`Zulu ${stamp}`));
    const alpha = idOf(await add(`alpha ${stamp}`, { ihsiCategories: "Biosimilar" }));
    const archived = idOf(await add(`Archived ${stamp}`, { archived: "on" }));
    const gone = idOf(await add(`Deleted ${stamp}`));
    await redirected(() =>
      call(topicDeleteAction, postRequest("/x", {}, staff), { topicId: String(gone) }),
    );
    const member = await sessionCookie(await makeUser());
    const { topics } = await json(await call(upcomingLoader, getRequest("/upcoming-hir", member)));
    const ours = topics.filter((t: { titleOfTopic: string }) => t.titleOfTopic.includes(stamp));
    expect(ours.map((t: { id: number }) => t.id)).toEqual([alpha, zulu]);
    expect(ours[0]).toMatchObject({
      ihsiCategories: ["Biosimilar"],
      hssId,
      publicationDate: "2027-03-31",
    });
    expect(ours[0].recordName).toBeTruthy();
    // The record page lists its upcoming topics.
    const record = await hirsOfRecord(hssId);
    const topicIds = record.topics.map((t) => t.id);
    expect(topicIds).toEqual(expect.arrayContaining([alpha, zulu]));
    expect(topicIds).not.toContain(archived);
    expect(topicIds).not.toContain(gone);
    // Edit, then restore the deleted one.
    await redirected(() =>
      call(
        topicEditAction,
        postRequest(
          "/x",
          {
            titleOfTopic: `Zulu edited ${stamp}`,
            hssId,
            ihsiCategories: "New indication",
            publicationDate: "",
          },
          staff,
        ),
        { topicId: String(zulu) },
      ),
    );
    expect((await upcomingTopics()).find((t) => t.id === zulu)).toMatchObject({
      titleOfTopic: `Zulu edited ${stamp}`,
      publicationDate: null,
    });
    await redirected(() =>
      call(topicsListAction, postRequest("/x", { intent: "restore", id: String(gone) }, staff)),
    );
    expect((await upcomingTopics()).map((t) => t.id)).toContain(gone);
  });

  it("refuses an unknown HSS ID and every bad field, keeping what was typed", async () => {
    const staff = await staffCookie();
    const post = async (fields: Record<string, string | string[]>) => {
      const response = await settle(() => call(topicNewAction, postRequest("/x", fields, staff)));
      expect(response.status).toBe(400);
      return response.json();
    };
    const unknown = await post({
      titleOfTopic: "T",
      hssId: "HSS-NOT-THERE",
      ihsiCategories: "Biosimilar",
    });
    expect(unknown.error.hssId).toEqual(["No published record has the HSS ID HSS-NOT-THERE"]);
    expect(unknown.initialValue.titleOfTopic).toBe("T");
    const bad = await post({
      titleOfTopic: "",
      hssId: "bad id!",
      ihsiCategories: "Made up",
      publicationDate: "2027-02-30",
    });
    expect(bad.error).toMatchObject({
      titleOfTopic: ["Enter the title of the topic"],
      hssId: ["The HSS ID must be 1 to 40 letters, digits, hyphens or underscores"],
      publicationDate: ["The publication date must be a real date, like 2027-03-31"],
    });
    expect(JSON.stringify(bad.error)).toContain("Choose IHSI categories from the list");
    const none = await post({ titleOfTopic: "T", hssId });
    expect(none.error.ihsiCategories).toEqual(["Choose at least one IHSI category"]);
  });
});

describe("access", () => {
  it("sends everyone but admins and editors to /notallowed from every staff loader and action", async () => {
    const owner = await staffCookie();
    const hir = await upload(owner, { title: unique("Guarded") });
    const topicResponse = await redirected(() =>
      call(
        topicNewAction,
        postRequest(
          "/x",
          { titleOfTopic: unique("Guarded topic"), hssId, ihsiCategories: "Biosimilar" },
          owner,
        ),
      ),
    );
    const topic = Number(/topic-row-(\d+)/.exec(topicResponse.headers.get("Location") ?? "")?.[1]);
    const before = { hir: await getHir(hir), topics: await upcomingTopics() };
    for (const roles of [[], ["reportadmin"], ["websitealerts"]]) {
      const cookie = await sessionCookie(await makeUser({ roles }));
      const pdf = await pdfBytes();
      const attempts: [Handler, Request, Record<string, string>?][] = [
        [hirListLoader, getRequest("/dashboard/managehirs", cookie)],
        [hirListAction, postRequest("/x", { intent: "archive", id: String(hir) }, cookie)],
        [hirNewLoader, getRequest("/dashboard/managehirs/new", cookie)],
        [
          hirNewAction,
          multipart(
            "/x",
            { title: "Sneaky", description: "D" },
            { bytes: pdf, name: "s.pdf" },
            cookie,
          ),
        ],
        [hirEditLoader, getRequest(`/x/${hir}`, cookie), { hirId: String(hir) }],
        [
          hirEditAction,
          multipart(
            "/x",
            { title: "Hacked", description: "D" },
            { bytes: pdf, name: "s.pdf" },
            cookie,
          ),
          { hirId: String(hir) },
        ],
        [hirDeleteLoader, getRequest(`/x/${hir}/delete`, cookie), { hirId: String(hir) }],
        [hirDeleteAction, postRequest(`/x/${hir}/delete`, {}, cookie), { hirId: String(hir) }],
        [topicsListLoader, getRequest("/dashboard/managehirtopics", cookie)],
        [topicsListAction, postRequest("/x", { intent: "restore", id: String(topic) }, cookie)],
        [topicNewLoader, getRequest("/dashboard/managehirtopics/new", cookie)],
        [
          topicNewAction,
          postRequest(
            "/x",
            { titleOfTopic: "Sneaky", hssId, ihsiCategories: "Biosimilar" },
            cookie,
          ),
        ],
        [topicEditLoader, getRequest(`/x/${topic}`, cookie), { topicId: String(topic) }],
        [
          topicEditAction,
          postRequest(
            "/x",
            { titleOfTopic: "Hacked", hssId, ihsiCategories: "Biosimilar" },
            cookie,
          ),
          { topicId: String(topic) },
        ],
        [topicDeleteLoader, getRequest(`/x/${topic}/delete`, cookie), { topicId: String(topic) }],
        [
          topicDeleteAction,
          postRequest(`/x/${topic}/delete`, {}, cookie),
          { topicId: String(topic) },
        ],
      ];
      for (const [handler, request, params] of attempts) {
        const response = await redirected(() => call(handler, request, params));
        expect(response.headers.get("Location"), `${roles} at ${request.url}`).toBe("/notallowed");
      }
      // Members read the lists.
      expect(asResponse(await call(hirPageLoader, getRequest("/hir", cookie))).status).toBe(200);
      expect(
        asResponse(await call(upcomingLoader, getRequest("/upcoming-hir", cookie))).status,
      ).toBe(200);
    }
    expect(await getHir(hir)).toEqual(before.hir);
    expect(await upcomingTopics()).toEqual(before.topics);
  });

  it("sends a signed-out visitor to sign in from the download and the pages", async () => {
    for (const [handler, path, params] of [
      [downloadLoader, "/hir/1/download", { hirId: "1" }],
      [downloadPageLoader, "/downloadhir?id=1", {}],
      [hirPageLoader, "/hir", {}],
      [upcomingLoader, "/upcoming-hir", {}],
    ] as [Handler, string, Record<string, string>][]) {
      const response = await redirected(() => call(handler, getRequest(path), params));
      expect(response.headers.get("Location")).toMatch(/^\/login/);
    }
  });
});

describe("housekeeping and demo data", () => {
  it("deletes files left unfinished or unclaimed for an hour, and keeps reports' files", async () => {
    const stored = await storeHirFile(
      (async function* () {
        yield await pdfBytes();
      })(),
    );
    if ("error" in stored) throw new Error(stored.error);
    const staff = await staffCookie();
    const kept = await upload(staff, { title: unique("Kept") });
    const db = await getDb();
    await db.execute(sql`UPDATE hir_files SET created_at = now() - interval '2 hours'
                          WHERE id IN (${stored.fileId}, (SELECT file_id FROM hirs WHERE id = ${kept}))`);
    expect(await pruneHirFiles()).toBeGreaterThanOrEqual(1);
    expect(await fileRows(stored.fileId)).toEqual({ files: 0, chunks: 0 });
    expect((await getHir(kept))?.byteSize).toBeGreaterThan(0);
  });

  it("makes multi-page demo PDFs that pass the upload check", async () => {
    const [record] = exampleRecords();
    const bytes = await demoHirPdf(record as never, "High Impact Report: Demo", "2026-10-01");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(pdf.getTitle()).toBe("High Impact Report: Demo");
    const stored = await storeHirFile(
      (async function* () {
        yield bytes;
      })(),
    );
    expect("fileId" in stored).toBe(true);
  });

  it("seeds demo reports on demo records, with their PDFs, and upcoming topics, once", async () => {
    const db = await getDb();
    await db.execute(sql`DELETE FROM app_meta WHERE key = 'demo_hirs_seeded'`);
    const started = await db.execute(sql`SELECT coalesce(max(id), 0)::int AS id FROM hirs`);
    const after = (started as unknown as { rows: { id: number }[] }).rows[0].id;
    expect(await seedDemoHirs(db)).toBe(true);
    expect(await seedDemoHirs(db)).toBe(false);
    const seeded = (await db.execute(
      sql`SELECT h.title, h.hss_ids, f.byte_size FROM hirs h JOIN hir_files f ON f.id = h.file_id WHERE h.id > ${after}`,
    )) as unknown as { rows: { title: string; hss_ids: string[]; byte_size: number }[] };
    expect(seeded.rows.length).toBeGreaterThanOrEqual(1);
    for (const row of seeded.rows) {
      expect(row.hss_ids).toHaveLength(1);
      // Titled by the product, not "High Impact Report: …" under a "High Impact Reports" H1.
      expect(row.title).toMatch(/^[A-Z]/);
      expect(row.title).not.toMatch(/High Impact Report/i);
      expect(Number(row.byte_size)).toBeGreaterThan(1000);
    }
  });
});
