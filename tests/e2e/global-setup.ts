import { SERVERS } from "../../playwright.config";
import { turnOffStaffTwoStep } from "../staff-two-step";

/**
 * The specs sign in as the demo staff with their password alone; a new store asks staff for
 * two-step sign-in until an admin turns that off, so the demo admin does it here, once, on
 * each project's server (the short-session one is for members only).
 */
export default async function globalSetup() {
  await Promise.all(
    Object.values(SERVERS).map(({ port }) => turnOffStaffTwoStep(`http://127.0.0.1:${port}`)),
  );
}
