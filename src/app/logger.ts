// The developer log lives in the domain (src/domain/logger.ts) so that the adapters use it too.
export { logger } from "../domain/logger";
