export * from "./users";
export * from "./system";
