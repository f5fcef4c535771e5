// Entity id rules without zod, so the public bundle can validate route params cheaply.

/** Local server ids are UUIDs; Firestore auto-ids are 20 alphanumerics; Firebase Auth uids (staff) 28. */
export const ENTITY_ID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{20}|[A-Za-z0-9]{28})$/;

export const isEntityId = (value: string | null | undefined): boolean =>
  typeof value === "string" && ENTITY_ID_PATTERN.test(value);

/** Lower-case ASCII words joined by single hyphens: "toyota-corolla-2024". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isSlug = (value: string | null | undefined): boolean =>
  typeof value === "string" && value.length <= 120 && SLUG_PATTERN.test(value);
