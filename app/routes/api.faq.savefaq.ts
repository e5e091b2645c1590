import { apiRoute } from "~/api/operation.server";
import { saveFaqOperation } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(saveFaqOperation);
