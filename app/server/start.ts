/**
 * `npm start`'s entry (compiled to build/server/main.js): the app threads start loading the app
 * first, from the process's first lines, and then this thread loads the server (main.ts) and
 * opens the database, each on a core of its own (docs/decisions/035-start-up-in-three-seconds.md).
 * `npm run dev` runs main.ts itself.
 */
import { startThreadsEarly } from "./early-threads";

startThreadsEarly();
await import("./main");
