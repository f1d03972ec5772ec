type Level = 'debug' | 'info' | 'warn' | 'error';
const rank: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Fields a log line may carry. Never pass tokens, passwords, bodies or personal fields here. */
export interface LogFields {
  requestId?: string;
  route?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  error?: string;
  errorName?: string;
  stack?: string;
  [key: string]: string | number | boolean | undefined;
}

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

/** A structured logger writing one JSON object per line, which CloudWatch Logs Insights parses. */
export function createLogger(base: LogFields = {}, level: Level = envLevel()): Logger {
  const write = (at: Level, msg: string, fields?: LogFields) => {
    if (rank[at] < rank[level]) return;
    const line = JSON.stringify({ level: at, time: new Date().toISOString(), msg, ...base, ...fields });
    if (at === 'error' || at === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (fields) => createLogger({ ...base, ...fields }, level),
  };
}

function envLevel(): Level {
  const value = process.env.LOG_LEVEL;
  return value === 'debug' || value === 'warn' || value === 'error' ? value : 'info';
}
