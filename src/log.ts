// winston JSON logs. Callers log ids, names and counts: never request bodies, keys or memory text.
import winston from 'winston';

export type Logger = winston.Logger;

export function createLogger(level: string): Logger {
  return winston.createLogger({
    level: level === 'silent' ? 'error' : level,
    silent: level === 'silent',
    format: winston.format.combine(winston.format.timestamp(), winston.format.errors({ stack: true }), winston.format.json()),
    defaultMeta: { service: 'memory-middleware' },
    transports: [new winston.transports.Console()],
  });
}
