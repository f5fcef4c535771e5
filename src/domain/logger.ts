// Developer log messages, always in Lithuanian. Info is for development only;
// warnings and errors are printed in production too (they also reach the error log).

const PREFIX = "[nuoma]";

function isDev(): boolean {
  try {
    return import.meta.env?.DEV === true;
  } catch {
    return false;
  }
}

export const logger = {
  info(message: string, ...details: unknown[]): void {
    if (isDev()) console.info(PREFIX, message, ...details);
  },
  warn(message: string, ...details: unknown[]): void {
    console.warn(PREFIX, message, ...details);
  },
  error(message: string, ...details: unknown[]): void {
    console.error(PREFIX, message, ...details);
  },
};
