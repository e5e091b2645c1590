import { apiRoute } from "~/api/operation.server";
import { getFaqs } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(getFaqs);
