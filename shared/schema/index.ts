export * from "./users";
export * from "./system";
export * from "./beneficiaries";
export * from "./assets";
export * from "./billing";
export * from "./counts";
export * from "./outbox";
export * from "./releases";
