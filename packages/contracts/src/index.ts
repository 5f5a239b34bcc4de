export * from "./common.ts";
export * from "./errors.ts";
export * from "./pagination.ts";
export * from "./limits.ts";
export * from "./categories.ts";
export * from "./system.ts";
export * from "./permissions.ts";
export * from "./users.ts";
