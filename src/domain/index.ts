// The domain core: pure TypeScript shared by the browser, the server and Cloud Functions.
export * from "./availability";
export * from "./booking";
export * from "./format";
export * from "./input";
export * from "./inquiry";
export * from "./mailTemplates";
export * from "./phone";
export * from "./pricing";
export * from "./reservationInput";
export * from "./reservationStatus";
export * from "./schemas";
export * from "./search";
export * from "./time";
