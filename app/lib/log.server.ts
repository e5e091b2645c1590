/**
 * The server's information lines on standard output, each tagged with where it comes from:
 * `[search] index of 100000 records built in 9.8 s`. Errors and warnings go to console.error
 * and console.warn (standard error).
 */
export function logInfo(source: string, message: string) {
  process.stdout.write(`[${source}] ${message}\n`);
}
