// The session-expired signal lives on the port side (src/backend/sessionExpiry.ts): the adapters
// report it, the sign-in dialog listens.
export {
  clearSessionExpired,
  isSessionExpired,
  onSessionExpired,
  reportSessionExpired,
  SESSION_EXPIRED_MESSAGE,
} from "../../backend/sessionExpiry";
