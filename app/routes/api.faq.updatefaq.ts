import { apiRoute } from "~/api/operation.server";
import { updateFaqOperation } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(updateFaqOperation);
