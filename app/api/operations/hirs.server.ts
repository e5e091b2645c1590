import type { AnyOperation } from "~/api/operation.server";

export const hirOperations: AnyOperation[] = [];
