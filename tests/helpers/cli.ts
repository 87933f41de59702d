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
  return runTs(`scripts/${script}.ts`, args, env)
}

function runTs(file: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', file, ...args],
      { cwd: projectRoot, env: childEnv({ LOG_LEVEL: 'warn', BASE_URL: 'http://localhost:3000', ...env }), timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    )
  })
}

export interface EditorAccount {
  username: string
  email: string
  password: string
  roles?: string[]
}

/** `npm run editor:create` for one account; throws with the tool's output when it fails. */
export async function createEditorCli(account: EditorAccount, env: Record<string, string>): Promise<CliResult> {
  const roles = (account.roles ?? []).flatMap((role) => ['--role', role])
  const result = await runCli(
    'create-editor',
    ['--username', account.username, '--email', account.email, '--password', account.password, ...roles],
    env,
  )
  if (result.code !== 0)
    throw new Error(`editor:create ${account.username} failed (exit ${result.code}):\n${result.stderr}${result.stdout}`)
  return result
}

/** Several accounts in one process (tests/helpers/create-editors.ts); throws with its output when it fails. */
export async function createEditorsCli(accounts: EditorAccount[], env: Record<string, string>): Promise<CliResult> {
  const result = await runTs('tests/helpers/create-editors.ts', [JSON.stringify(accounts)], env)
  if (result.code !== 0)
    throw new Error(
      `creating ${accounts.map((a) => a.username).join(', ')} failed (exit ${result.code}):\n${result.stderr}${result.stdout}`,
    )
  return result
}
