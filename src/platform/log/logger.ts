/**
 * Structured JSON logs with pino: one object per line (`level` as a word, `time` in ISO 8601, `msg`,
 * then the fields), so a log shipper needs no parser rules. Loggers are values passed down (no
 * module singleton); `child` adds fixed fields.
 *
 * The level is one per logger tree (the process's): set at start (SVC_LOG_LEVEL) and changed at run
 * time with `setLevel` (the log-level module's mutation), which every child follows at once: pino
 * itself runs at `debug` and the level is checked here, one comparison per call.
 *
 * Every line written while a request is under way carries its `requestId` and `traceId`
 * (src/platform/requestContext). Secrets are kept out of lines by field name and by value
 * (redaction.ts).
 */
import pino from 'pino';
import { currentRequest } from '../requestContext/requestContext.js';
import { CoalescedLines } from './coalescedLines.js';
import { redactFields, SecretValues } from './redaction.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Readonly<Record<string, unknown>>;

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
  /** The tree's level now. */
  readonly level: LogLevel;
  /** Whether a line at `level` is written (guard a line whose fields cost something to build). */
  enabled(level: LogLevel): boolean;
  /** Sets the level of the whole tree (every child included). */
  setLevel(level: LogLevel): void;
  /** Values no line of the tree will contain from now on (secrets; see redaction.ts). */
  redact(values: Iterable<string | undefined | null>): void;
}

const RANK: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50 };

export interface LoggerOptions {
  readonly level: LogLevel;
  /**
   * Where lines go (each ends with a newline). @default stdout, written asynchronously, lines that come close together
   * written as one chunk (coalescedLines.ts), all flushed at exit
   */
  readonly write?: (line: string) => void;
}

/** What every logger of one tree shares. */
interface Tree {
  min: number;
  level: LogLevel;
  readonly secrets: SecretValues;
}

const NO_FIELDS: LogFields = Object.freeze({});

/** The request's id and trace on every line written while it is under way. */
function requestFields(): object {
  const request = currentRequest();
  return request === undefined ? NO_FIELDS : { requestId: request.requestId, traceId: request.trace.traceId };
}

export function createLogger(options: LoggerOptions): Logger {
  const tree: Tree = { min: RANK[options.level], level: options.level, secrets: new SecretValues() };
  const write = options.write;
  const destination = write === undefined ? stdoutLines() : { write };
  const root = pino(
    {
      level: 'debug',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: pino.stdSerializers.err, err: pino.stdSerializers.err },
      mixin: requestFields,
      // The default merge writes the line's fields into the mixin's object: never into the shared empty one.
      mixinMergeStrategy: (fields: object, mixin: object) => (mixin === NO_FIELDS ? fields : Object.assign(mixin, fields)),
      hooks: { streamWrite: (line) => (tree.secrets.size === 0 ? line : tree.secrets.scrub(line)) },
    },
    destination,
  );
  return wrap(root, tree);
}

/** Every stdout destination of the process, written out on `exit` (one listener however many loggers). */
const toFlushAtExit = new Set<CoalescedLines>();

function stdoutLines(): CoalescedLines {
  const lines = new CoalescedLines(pino.destination({ dest: 1, sync: false }));
  if (toFlushAtExit.size === 0)
    process.once('exit', () => {
      for (const gathered of toFlushAtExit) gathered.flushSync();
    });
  toFlushAtExit.add(lines);
  return lines;
}

function wrap(target: pino.Logger, tree: Tree): Logger {
  const at =
    (level: LogLevel, rank: number) =>
    (msg: string, fields?: LogFields): void => {
      if (rank < tree.min) return;
      if (fields === undefined) target[level](msg);
      else target[level](redactFields(fields), msg);
    };
  return {
    debug: at('debug', RANK.debug),
    info: at('info', RANK.info),
    warn: at('warn', RANK.warn),
    error: at('error', RANK.error),
    child: (fields) => wrap(target.child(redactFields(fields)), tree),
    get level() {
      return tree.level;
    },
    enabled: (level) => RANK[level] >= tree.min,
    setLevel(level) {
      tree.level = level;
      tree.min = RANK[level];
    },
    redact: (values) => tree.secrets.add(values),
  };
}

/** A logger that keeps records in memory; tests assert on what was logged (`lines` as written). */
export function createMemoryLogger(
  level: LogLevel = 'debug',
): Logger & { readonly records: Record<string, unknown>[]; readonly lines: string[] } {
  const records: Record<string, unknown>[] = [];
  const lines: string[] = [];
  const logger = createLogger({
    level,
    write: (line) => {
      lines.push(line);
      records.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  return Object.assign(logger, { records, lines });
}
