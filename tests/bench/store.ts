import { once } from "node:events";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { applyImport } from "~/models/record-import.server";
import { generateRecord } from "~/records/generate";
import { fileChunks } from "~/records/read-items.server";

/** Writes `count` generated records as JSON Lines (the benchmarks' catalogue). */
export async function writeCatalogue(file: string, count: number) {
  const out = createWriteStream(file);
  for (let index = 0; index < count; index++) {
    if (!out.write(`${JSON.stringify(generateRecord(index, { catalogueSize: count }))}\n`))
      await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

/** Imports a file through the import code, publishing it, and prints how long it took. */
export async function importFile(file: string, label: string) {
  const started = performance.now();
  const report = await applyImport(() => fileChunks(file), {
    mode: "publish",
    source: "cli",
    filename: path.basename(file),
  });
  console.log(
    `${label}: imported ${report.items.toLocaleString("en-GB")} records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
