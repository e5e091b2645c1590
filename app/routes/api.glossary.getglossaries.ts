import { apiRoute } from "~/api/operation.server";
import { getGlossaries } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(getGlossaries);
