import { apiRoute } from "~/api/operation.server";
import { saveGlossary } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(saveGlossary);
