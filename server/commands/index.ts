/**
 * The operator's commands (create an editor, seed the demo, sync listings). Each is declared once
 * here and runs in one of two places, chosen by scripts/cli.ts:
 * - inside the running server, through its admin channel, when a server owns the embedded
 *   database folder, so the folder keeps one writer and the site sees the change at once (its
 *   caches are told by the same services that made the change);
 * - in the command's own process otherwise (no server running, or PostgreSQL).
 * Adding a command is adding an entry here and a script that calls runCommand().
 */
import { z } from 'zod'
import type { Services } from '../services/index.ts'
import type { SyncProgress } from '../../listings/sync/atdw.ts'
import { AppError } from '../services/errors.ts'
import { ACTOR_COMMAND_LINE } from '#lib/team'

export interface CommandContext {
  services: Services
  /** Progress of a long command, shown by the CLI (a progress bar for the sync). */
  progress(update: SyncProgress): void
}

export interface Command<Args> {
  args: z.ZodType<Args>
  /** The command talks to the tourism provider: in the demo, its own process starts the fake. */
  needsProviders?: boolean
  run(context: CommandContext, args: Args): Promise<unknown>
}

const defineCommand = <Args>(command: Command<Args>) => command

export const commands = {
  'editor:create': defineCommand({
    args: z.object({ username: z.string(), email: z.string(), password: z.string(), roles: z.array(z.string()).default([]) }),
    // An account made on the command line without a role is an admin (the operator's own account; issue 21).
    // The account and its log entry together (issue 29 point 10): nobody signed in made it, the command line did.
    run: ({ services }, args) =>
      services.database.db.transaction(async (tx) => {
        const user = await services.users.create({ ...args, roles: args.roles.length ? args.roles : ['admin'] }, tx)
        await services.activity.recordUnattributed(
          ACTOR_COMMAND_LINE,
          { kind: 'account', action: 'create-account', subjectId: user._id, subject: user.username, details: { roles: user.roles } },
          tx,
        )
        return user
      }),
  }),

  seed: defineCommand({
    args: z.object({}),
    async run({ services }) {
      // The demo's content (and its picture generator) loads only when asked for.
      const { seedDemo } = await import('../demo/seed.ts')
      return { seeded: await seedDemo(services) }
    },
  }),

  'sync:listings': defineCommand({
    args: z.object({ domain: z.string().optional(), force: z.boolean().default(false) }),
    needsProviders: true,
    async run({ services, progress }, args) {
      if (!services.listingsSync.configured) {
        throw new AppError(
          'unavailable',
          'The tourism provider is not configured (ATDW_API_URL and ATDW_API_KEY): there is nothing to sync from.',
        )
      }
      const domainId = args.domain ?? (await services.listingsSync.targetDomainId(services.domains))
      if (!domainId)
        throw new AppError('not_found', 'There is no domain yet: start the server once (it seeds the demo) or create a domain first.')
      if (!(await services.domains.list()).some((d) => d._id === domainId))
        throw new AppError('not_found', `There is no domain ${domainId}.`)
      const report = await services.listingsSync.syncAll(domainId, { trigger: 'cli', force: args.force, onProgress: progress })
      return { report, source: services.config.atdw?.apiUrl ?? '' }
    },
  }),
}

export type CommandName = keyof typeof commands
export type CommandArgs<N extends CommandName> = z.input<(typeof commands)[N]['args']>

export const isCommandName = (name: string): name is CommandName => Object.hasOwn(commands, name)

/** Runs a command with arguments checked against its declaration. */
export async function runLocalCommand(name: CommandName, rawArgs: unknown, context: CommandContext): Promise<unknown> {
  const command = commands[name] as Command<unknown>
  const parsed = command.args.safeParse(rawArgs)
  if (!parsed.success)
    throw new AppError(
      'invalid_input',
      `Invalid arguments for ${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    )
  return command.run(context, parsed.data)
}
