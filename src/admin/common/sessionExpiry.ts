// The session-expiry signal lives next to the backend port (src/backend/sessionExpiry.ts): the auth
// providers of both adapters raise it, the back-office's sign-in dialog listens.
export {
  clearSessionExpired,
  isSessionExpired,
  onSessionExpired,
  reportSessionExpired,
  SESSION_EXPIRED_MESSAGE,
} from "../../backend/sessionExpiry";
