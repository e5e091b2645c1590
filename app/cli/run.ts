import { closeDatabase } from "~/db/lifecycle.server";

/**
 * Runs a command-line task to the end: a failure prints its message (never a stack trace) and
 * sets a failing exit code, and the database is closed either way.
 */
export async function runCli(
  main: () => Promise<void>,
  describeError: (error: unknown) => unknown = (error) =>
    error instanceof Error ? error.message : error,
): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(describeError(error));
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}
