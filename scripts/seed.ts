/**
 * `npm run seed`: adds the demo sites that are missing; existing content is left untouched. Works
 * while the site runs (through the server) or on its own.
 */
import { runCommand } from './cli.ts'

try {
  const { seeded } = (await runCommand('seed', {}, { onWhere: (where) => console.log(`Seeding ${where}…`) })) as { seeded: boolean }
  console.log(seeded ? 'Demo content seeded.' : 'Demo content already present; nothing changed.')
} catch (err) {
  console.error(`Could not seed the demo: ${(err as Error).message}`)
  process.exitCode = 1
}
