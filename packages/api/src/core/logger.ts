/** The logging every service may use (pino's shape; the server passes its own). */
export type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
  debug: (obj: object | string, msg?: string) => void;
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, debug() {} };
