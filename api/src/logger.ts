import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs in production; readable lines when a person watches a terminal during development. */
export function createLogger(options: { level: string; pretty?: boolean }): Logger {
  const pretty = options.pretty ?? (process.stdout.isTTY === true && process.env.NODE_ENV !== 'production');
  return pino({
    level: options.level,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } } : {}),
  });
}
