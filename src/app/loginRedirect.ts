// The login redirect rules live in the domain (src/domain/loginRedirect.ts): the auth providers
// of both adapters use them too.
export {
  adminReturnPath,
  LOGIN_PATH,
  loginUrlFor,
  loginUrlForLocation,
  safeAdminRedirect,
} from "../domain/loginRedirect";
