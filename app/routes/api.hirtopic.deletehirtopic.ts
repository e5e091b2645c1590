import { apiRoute } from "~/api/operation.server";
import { deleteHirTopic } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(deleteHirTopic);
