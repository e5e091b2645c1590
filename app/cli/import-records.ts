/**
 * npm run import -- <file> [--preview]
 * Validates the whole file, then applies it in one transaction (docs/import-format.md).
 * With --preview the new versions are staged for staff to publish from /dashboard/records.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { runCli } from "~/cli/run";
import { openDatabaseInThread } from "~/db/lifecycle.server";
import { applyImport, type ImportError, InvalidImportError } from "~/models/record-import.server";
import { fileChunks } from "~/records/read-items.server";

const USAGE = "Usage: npm run import -- <file.json|file.jsonl> [--preview]";

export function formatError(error: ImportError) {
  const where = [
    `item ${error.item}`,
    `line ${error.line}`,
    error.hssId ? `hssId ${error.hssId}` : undefined,
  ]
    .filter(Boolean)
    .join(", ");
  return `${where}: ${error.field} ${error.problem}`;
}

async function main() {
  const args = process.argv.slice(2);
  const preview = args.includes("--preview");
  const files = args.filter((arg) => !arg.startsWith("--"));
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--preview");
  if (files.length !== 1 || unknown.length) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const file = path.resolve(files[0]);
  if (!existsSync(file) || !statSync(file).isFile()) {
    console.error(`No such file: ${file}`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  // The file is read and checked here while the database writes in a thread of its own.
  await openDatabaseInThread();
  try {
    const report = await applyImport(() => fileChunks(file), {
      mode: preview ? "preview" : "publish",
      source: "cli",
      filename: path.basename(file),
    });
    const counts = report.counts;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Imported ${report.items} item(s) from ${path.basename(file)} in ${seconds} s${preview ? " (staged for preview)" : ""}: ` +
        `${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged; ${counts.changes} change-log entries.`,
    );
    if (counts.stagedReplaced)
      console.log(`${counts.stagedReplaced} staged version(s) were replaced.`);
  } catch (error) {
    if (!(error instanceof InvalidImportError)) throw error;
    const { report } = error;
    console.error(
      `The file was rejected: ${report.errorCount} error(s) in ${report.items} item(s). Nothing was changed.`,
    );
    for (const item of report.errors) console.error(`  ${formatError(item)}`);
    if (report.errorCount > report.errors.length)
      console.error(`  … and ${report.errorCount - report.errors.length} more.`);
    process.exitCode = 1;
  }
}

await runCli(main);
