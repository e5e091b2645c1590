import type { AnyOperation } from "~/api/operation.server";

export const searchOperations: AnyOperation[] = [];
