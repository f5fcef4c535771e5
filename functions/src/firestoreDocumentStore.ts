// The Firestore DocumentStore (firebase-admin) is shared with the server's backup
// (src/backend/shared/firestore/documentStore.ts); the functions keep this path.
export * from "../../src/backend/shared/firestore/documentStore";
