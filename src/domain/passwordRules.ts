// What a staff password must be (ASVS 2.1.1–2.1.7): at least 12 characters, at most 200, any
// characters; not one of the common or breached passwords (src/domain/commonPasswords.ts, checked
// where a password is set: the list is too large for the browser).
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_TOO_SHORT_MESSAGE = `Slaptažodis turi būti bent ${PASSWORD_MIN_LENGTH} simbolių`;
export const PASSWORD_TOO_LONG_MESSAGE = `Slaptažodis turi būti ne ilgesnis nei ${PASSWORD_MAX_LENGTH} simbolių`;
export const PASSWORD_REQUIRED_MESSAGE = `Įveskite slaptažodį (bent ${PASSWORD_MIN_LENGTH} simbolių)`;
