/**
 * The order test files start in (vitest.config.ts, sequence.sequencer). Vitest's own, then, in the
 * 'e2e' project, the longest first by the measured table in tests/e2e/durations.ts (files not in
 * it by their size): the lanes take the next file as each finishes, so the longest files start
 * first and the short ones fill in at the end, and no lane ends with a long file alone.
 */
import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { e2eSeconds, secondsPerKilobyte } from '../e2e/durations.ts'

const balancedProjects = new Set(['e2e'])
/**
 * Projects whose files go first in their group: each PostgreSQL file starts servers of its own (two
 * instances, Varnish, Redis, an S3 server), a while longer than its tests report, so they start
 * beside the lanes' first files rather than leave the end of the run to themselves (26 s of it).
 */
const firstProjects = new Set(['postgres'])

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const seconds = new Map<TestSpecification, number>()
    const estimate = (spec: TestSpecification) => {
      let s = seconds.get(spec)
      if (s === undefined) {
        const relative = path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/')
        s = e2eSeconds[relative] ?? (fs.statSync(spec.moduleId).size / 1000) * secondsPerKilobyte
        seconds.set(spec, s)
      }
      return s
    }
    // A stable sort that keeps Vitest's grouping (group order, then project) and its order elsewhere.
    return sorted.sort((a, b) => {
      const groups = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder
      if (groups !== 0) return groups
      if (a.project.name !== b.project.name) {
        const first = Number(firstProjects.has(b.project.name)) - Number(firstProjects.has(a.project.name))
        return first || (a.project.name < b.project.name ? -1 : 1)
      }
      if (!balancedProjects.has(a.project.name)) return 0
      return estimate(b) - estimate(a)
    })
  }
}
