/**
 * Creates several editor accounts in one process, as `npm run editor:create` would one at a time:
 *   node --import tsx tests/helpers/create-editors.ts '<JSON list of accounts>'
 * The e2e lanes' accounts (tests/e2e/global-setup.ts): each tool process spent about 20 CPU-seconds
 * importing the server before creating its one account, three times over.
 */
import { runCommand } from '../../scripts/cli.ts'

const accounts = JSON.parse(process.argv[2] ?? '[]') as { username: string; email: string; password: string; roles?: string[] }[]
for (const { username, email, password, roles } of accounts) {
  await runCommand('editor:create', { username, email, password, roles: roles ?? [] })
  console.log(`Created editor '${username}'`)
}
