/** `npm run seed`: adds the demo sites that are missing; existing content is left untouched. */
import { seedDemo } from '../server/demo/seed.ts'
import { withServices } from './cli.ts'

const seeded = await withServices((services) => seedDemo(services))
console.log(seeded ? 'Demo content seeded.' : 'Demo content already present; nothing changed.')
