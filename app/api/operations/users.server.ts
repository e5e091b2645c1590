import type { AnyOperation } from "~/api/operation.server";

export const userOperations: AnyOperation[] = [];
