/**
 * Runs one of the project's command-line tools (scripts/*.ts) as a newcomer would, in a child
 * process, and answers its exit code and output.
 */
import { execFile } from 'node:child_process'
import { childEnv, projectRoot } from './server.ts'

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

export function runCli(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      { cwd: projectRoot, env: childEnv({ LOG_LEVEL: 'warn', BASE_URL: 'http://localhost:3000', ...env }), timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    )
  })
}
