import pino from 'pino'

export type Logger = pino.Logger

export function createLogger(level: pino.LevelWithSilent = 'info'): Logger {
  return pino({ level, base: undefined })
}
