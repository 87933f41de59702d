import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { blockDataLoaders } from '#blocks/data.generated.server'
import { blockDeclarations, blockTypes } from '#blocks/declarations.generated'
import { staticViewTypes } from '#blocks/view-loaders.generated'
import { blockFolders, blocksDir, generatedFiles } from './generate-blocks'

describe('the generated block lists (scripts/generate-blocks.ts)', () => {
  it('are up to date with the folders of blocks/ (run npm run blocks:generate)', async () => {
    for (const [name, content] of Object.entries(await generatedFiles())) {
      expect(readFileSync(join(blocksDir, name), 'utf8'), `blocks/${name} is stale`).toBe(content)
    }
  })

  it('key each declaration by its folder, which is its componentType', () => {
    const folders = blockFolders().map((f) => f.type)
    expect(Object.keys(blockDeclarations)).toEqual(folders)
    expect([...blockTypes]).toEqual(folders)
    for (const [type, declaration] of Object.entries(blockDeclarations)) expect(declaration.type).toBe(type)
  })

  it('list as static exactly the blocks whose declaration says so', () => {
    const declared = Object.values(blockDeclarations)
      .filter((declaration) => 'staticView' in declaration && declaration.staticView)
      .map((declaration) => declaration.type)
    expect([...staticViewTypes]).toEqual(declared)
    expect(declared.length).toBeGreaterThan(0)
  })

  it("list each block's server data (its data.server.ts) under its own type", () => {
    const withData = blockFolders()
      .filter((f) => f.hasServerData)
      .map((f) => f.type)
    expect(Object.keys(blockDataLoaders)).toEqual(withData)
    expect(withData).toContain('Listings')
    for (const [type, loader] of Object.entries(blockDataLoaders)) expect(loader.type).toBe(type)
  })
})
