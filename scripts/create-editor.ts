/**
 * Creates an editor account without prompting:
 *   npm run editor:create -- --username NAME --email ADDRESS --password SECRET [--role admin]
 * Exits non-zero with a message on bad input or a duplicate.
 */
import { parseArgs } from 'node:util'
import { FolderInUseError } from '../server/db/folder-owner.ts'
import { AppError } from '../server/services/errors.ts'
import type { PublicUser } from '../server/services/users.ts'
import { runCommand } from './cli.ts'

const usage = 'Usage: npm run editor:create -- --username NAME --email ADDRESS --password SECRET [--role ROLE ...]'

async function main() {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      strict: true,
    }))
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`)
    return 2
  }
  if (values.help) {
    console.log(usage)
    return 0
  }
  const missing = (['username', 'email', 'password'] as const).filter((k) => !values[k])
  if (missing.length) {
    console.error(`Missing ${missing.map((m) => `--${m}`).join(', ')}\n${usage}`)
    return 2
  }
  try {
    const user = (await runCommand('editor:create', {
      username: values.username!,
      email: values.email!,
      password: values.password!,
      roles: values.role ?? [],
    })) as PublicUser
    console.log(`Created editor '${user.username}' <${user.email}>${user.roles.length ? ` with roles ${user.roles.join(', ')}` : ''}`)
    return 0
  } catch (err) {
    console.error(`Could not create the editor: ${(err as Error).message}`)
    if (!(err instanceof AppError) && !(err instanceof FolderInUseError)) console.error(err)
    return 1
  }
}

process.exitCode = await main()
