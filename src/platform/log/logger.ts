/**
 * Structured JSON logs: one object per line on stdout, so a log shipper needs no parser rules.
 * Loggers are values passed down (no module singleton); `child` adds fixed fields.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  readonly level: LogLevel;
  readonly write?: (line: string) => void;
  readonly now?: () => number;
}

export function createLogger(options: LoggerOptions, base: LogFields = {}): Logger {
  const write = options.write ?? ((line: string) => process.stdout.write(line));
  const now = options.now ?? Date.now;
  const min = RANK[options.level];
  const log = (level: LogLevel) => (msg: string, fields?: LogFields) => {
    if (RANK[level] < min) return;
    const record = { level, time: new Date(now()).toISOString(), msg, ...base, ...fields };
    write(`${JSON.stringify(record, errorReplacer)}\n`);
  };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (fields) => createLogger(options, { ...base, ...fields }),
  };
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** A logger that keeps records in memory; tests assert on what was logged. */
export function createMemoryLogger(level: LogLevel = 'debug'): Logger & { readonly records: Record<string, unknown>[] } {
  const records: Record<string, unknown>[] = [];
  const logger = createLogger({ level, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
  return Object.assign(logger, { records });
}
