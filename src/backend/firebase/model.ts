// The Firestore storage format is shared with the Cloud Functions and the server's backup
// (src/backend/shared/firestore/model.ts); the adapter keeps this path.
export * from "../shared/firestore/model";
