import { z } from 'zod'
import type { StoredBlock } from '#lib/content'
import { allows } from '../containers'
import type { ContainerId } from '#ui/editing'
import { blockList } from '#lib/translatable'
// A deliberate import cycle (schemas.ts imports this block's schema): validateBlock is only called
// while parsing, long after both modules have loaded. Import block schemas through ../schemas.
import { validateBlock } from '../schemas'

/**
 * A block list inside a block (a split column): every block is checked against its own schema
 * and against what the container allows; issue paths point into the list.
 */
export const nestedBlocks = (container: ContainerId) =>
  blockList(z.array(z.unknown()).max(40))
    .default([])
    .transform((blocks, ctx): StoredBlock[] => {
      const out: StoredBlock[] = []
      blocks.forEach((block, index) => {
        const result = validateBlock(block)
        if (!result.ok) {
          for (const issue of result.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path] })
          return
        }
        if (!allows(container, result.block.componentType)) {
          ctx.addIssue({ code: 'custom', message: `${result.block.componentType} cannot be placed here`, path: [index, 'componentType'] })
          return
        }
        out.push(result.block as StoredBlock)
      })
      return out
    })
