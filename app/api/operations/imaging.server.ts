import type { AnyOperation } from "~/api/operation.server";

export const imagingOperations: AnyOperation[] = [];
