import { apiRoute } from "~/api/operation.server";
import { updateFaqs } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(updateFaqs);
