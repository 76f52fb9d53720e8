/**
 * Shapes of the server's JSON answers, shared by the server that sends them and the client that
 * reads them (docs/product.md#data). Each is inferred from its zod schema in core/schemas/, which the server
 * also turns into its response serializer: one source for each contract.
 */
export type { PublicSettings } from "./schemas/settings";
export type { Task } from "./schemas/task";
export type { User } from "./schemas/user";
