/**
 * Every operation of the JSON API, group by group. /api/openapi.json and
 * /api/docs are generated from this list; each route module under app/routes/api.* serves
 * the operations at its path (apiRoute), and tests/integration/api-openapi.test.ts checks
 * that the route files and this list name the same calls.
 */
import type { AnyOperation } from "~/api/operation.server";
import { accountOperations } from "~/api/operations/account.server";
import { alertOperations } from "~/api/operations/alerts.server";
import { faqGlossaryOperations } from "~/api/operations/faq-glossary.server";
import { healthOperations } from "~/api/operations/health.server";
import { hirOperations } from "~/api/operations/hirs.server";
import { imagingOperations } from "~/api/operations/imaging.server";
import { searchOperations } from "~/api/operations/search.server";
import { signIn, signInTwoStep, signOut } from "~/api/operations/sign-in.server";
import { userOperations } from "~/api/operations/users.server";

export const OPERATIONS: readonly AnyOperation[] = [
  signIn,
  signInTwoStep,
  signOut,
  ...userOperations,
  ...accountOperations,
  ...searchOperations,
  ...hirOperations,
  ...faqGlossaryOperations,
  ...imagingOperations,
  ...alertOperations,
  ...healthOperations,
];
