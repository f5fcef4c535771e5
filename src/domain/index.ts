// The domain core: pure TypeScript shared by the browser, the server and Cloud Functions.
export * from "./availability";
export * from "./booking";
export * from "./format";
export * from "./phone";
export * from "./pricing";
export * from "./reservationStatus";
export * from "./schemas";
export * from "./time";
