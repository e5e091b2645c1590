import { apiRoute } from "~/api/operation.server";
import { deleteFaqOperation } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(deleteFaqOperation);
