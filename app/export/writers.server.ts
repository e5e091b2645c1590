import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import type { Writable } from "node:stream";
import type ExcelJSModule from "exceljs";
import Papa from "papaparse";
import type { HssRecord } from "~/records/schema.server";
import type { Cell, ExportColumn } from "~/export/columns.server";
import type { ExportFormat } from "~/export/formats";
import { lazyPackage } from "~/lib/lazy-package.server";

const excel = lazyPackage((require) => require("exceljs") as typeof ExcelJSModule);

/**
 * The export files, written a record at a time to disk so that memory stays flat at any
 * size: CSV (RFC 4180, UTF-8 with a byte-order mark, through papaparse), XLSX (exceljs's
 * streaming writer) and XML.
 */
export type { ExportFormat };

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xml: "application/xml; charset=utf-8",
};

export interface ExportWriter<Row = HssRecord> {
  add(row: Row): Promise<void>;
  /** Finishes the file. */
  close(): Promise<void>;
}

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return
 * before one) gets a leading apostrophe: shown as typed, never run. The whole value is
 * tested, newlines included (papaparse's own pattern stops at the first line).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutralise(value: Cell): Cell {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Excel's limit on the characters in one cell. */
const MAX_CELL = 32_767;

function cellOf<Row>(column: ExportColumn<Row>, values: Cell[]): Cell {
  if (values.length === 1 && typeof values[0] === "number") return values[0];
  // A list field keeps one line per item; a filter's several values read as a list.
  const text = values.join(column.id.includes(".") ? "\n" : "; ");
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

async function write(stream: WriteStream, chunk: string) {
  if (!stream.write(chunk)) await once(stream, "drain");
}

async function end(stream: WriteStream) {
  stream.end();
  await once(stream, "finish");
}

function csvWriter(file: string, columns: ExportColumn[]): ExportWriter {
  const stream = createWriteStream(file);
  const unparse = (rows: Cell[][]) =>
    Papa.unparse(rows, { escapeFormulae: FORMULA_START, newline: "\r\n" });
  let started = false;
  let batch: Cell[][] = [];
  const flush = async () => {
    if (!batch.length) return;
    const text = unparse(batch);
    batch = [];
    await write(stream, `${text}\r\n`);
  };
  return {
    async add(record) {
      if (!started) {
        started = true;
        // The byte-order mark tells Excel the file is UTF-8.
        await write(stream, `\uFEFF${unparse([columns.map((column) => column.label)])}\r\n`);
      }
      batch.push(columns.map((column) => cellOf(column, column.values(record))));
      if (batch.length >= 200) await flush();
    },
    async close() {
      if (!started)
        await write(stream, `\uFEFF${unparse([columns.map((column) => column.label)])}\r\n`);
      await flush();
      await end(stream);
    },
  };
}

const XLSX_ROWS_PER_CHECK = 50;

/**
 * Waits until the zip has taken what the sheet has written so far. exceljs's sheet stream
 * writes to the zip entry's stream without looking at its answer, so rows pile up in memory
 * (a 100,000-record workbook grew the process by 521 MB) while compression and the disk
 * fall behind. The entry stream says when it is over its high-water mark; the rest of the
 * way to the file is piped and keeps to it.
 */
async function sheetDrained(sheet: unknown) {
  // archiver's entry stream is readable-stream's, which has no writableNeedDrain getter.
  type EntryStream = Writable & { _writableState?: { needDrain?: boolean } };
  const pipes = (sheet as { stream?: { pipes?: EntryStream[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    if (pipe.writableNeedDrain ?? pipe._writableState?.needDrain) await once(pipe, "drain");
  }
}

/**
 * An XLSX sheet of `columns`, a row at a time, to a file or a stream. Also the imaging and
 * diagnostics export's writer, so both neutralise formulas and shape cells the same way.
 */
export function openXlsxWriter<Row>(
  target: string | Writable,
  columns: ExportColumn<Row>[],
): ExportWriter<Row> {
  // No styles and no shared strings: a third of the time per cell (bench:export). The
  // header row stays in view (frozen) instead of being bold.
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({
    ...(typeof target === "string" ? { filename: target } : { stream: target }),
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet("Export", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.label,
    key: column.id,
    width: Math.min(60, Math.max(14, column.label.length + 2)),
  }));
  sheet.getRow(1).commit();
  let sinceCheck = 0;
  return {
    async add(row) {
      // An empty field is no cell at all, rather than an empty string.
      sheet
        .addRow(
          columns.map((column) => {
            const cell = cellOf(column, column.values(row));
            return cell === "" ? null : neutralise(cell);
          }),
        )
        .commit();
      sinceCheck += 1;
      if (sinceCheck >= XLSX_ROWS_PER_CHECK) {
        sinceCheck = 0;
        await sheetDrained(sheet);
      }
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

// Characters XML 1.0 cannot carry at all, even escaped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
export const xmlText = (value: Cell) =>
  String(value)
    .replace(NOT_XML, "")
    .replace(/[&<>"]/g, (char) => ESCAPES[char]);

function xmlWriter(file: string, columns: ExportColumn[], generatedAt: string): ExportWriter {
  const stream = createWriteStream(file);
  let started = false;
  const start = () =>
    write(
      stream,
      `<?xml version="1.0" encoding="UTF-8"?>\n<export generated="${xmlText(generatedAt)}">\n`,
    );
  return {
    async add(record) {
      if (!started) {
        started = true;
        await start();
      }
      let xml = `  <record hssId="${xmlText(record.hssId)}">\n`;
      for (const column of columns) {
        const values = column.values(record);
        xml += values.length
          ? `    <${column.id} label="${xmlText(column.label)}">${values.map((value) => `<value>${xmlText(value)}</value>`).join("")}</${column.id}>\n`
          : `    <${column.id} label="${xmlText(column.label)}"/>\n`;
      }
      await write(stream, `${xml}  </record>\n`);
    },
    async close() {
      if (!started) await start();
      await write(stream, "</export>\n");
      await end(stream);
    },
  };
}

export function openExportWriter(
  format: ExportFormat,
  file: string,
  columns: ExportColumn[],
  generatedAt = new Date().toISOString(),
): ExportWriter {
  if (format === "csv") return csvWriter(file, columns);
  if (format === "xlsx") return openXlsxWriter(file, columns);
  return xmlWriter(file, columns, generatedAt);
}

/** A small table as one CSV text (RFC 4180, UTF-8 byte-order mark, formulas neutralised). */
export function csvText(rows: Cell[][]) {
  return `\uFEFF${Papa.unparse(rows, { escapeFormulae: FORMULA_START, newline: "\r\n" })}\r\n`;
}
