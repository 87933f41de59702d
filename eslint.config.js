// Flat config: @eslint/js + typescript-eslint recommended (not type-aware, so it stays fast) +
// the React hooks rules. `npm run lint` runs it on the whole repository.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig([
  globalIgnores(['build/', 'build-*/', '.react-router/', 'data/', 'node_modules/', 'coverage/', 'bench/results/', 'test-results/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // E2E files run two at a time, each against its worker's own server (tests/helpers/lane.ts).
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='inject'][arguments.0.value=/^(baseUrl|mailDir)$/]",
          message: 'E2E servers are per worker: use laneBaseUrl() / laneMailDir() from tests/helpers/lane.ts.',
        },
      ],
    },
  },
  // The floors (DESIGN.md "Layout"; docs/decisions/015): lib <- ui <- blocks <- app, and server/ and
  // listings/ beside them. Each group below names what a folder may not import; a file matches one
  // group only (a later group replaces an earlier one's no-restricted-imports for the files it names).
  ...floors(),
])

/** Import specifiers of each floor, by alias or by a relative path that climbs into it. */
function floorPatterns() {
  const of = (alias, folder) => ({ regex: `${alias ? `^${alias}/|` : ''}^(\\.\\./)+${folder}/` })
  return {
    app: of('~', 'app'),
    ui: of('#ui', 'ui'),
    blocks: of('#blocks', 'blocks'),
    server: of('#server', 'server'),
    listings: of(null, 'listings'),
    fakes: of(null, 'fakes'),
  }
}

function floors() {
  const p = floorPatterns()
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
  const not = (pattern, message) => ({ ...pattern, message })
  const serverOnly = ['blocks/**/*.server.{ts,tsx}', 'blocks/**/*.generated.server.ts']
  const declarations = [
    'blocks/*/index.ts',
    'blocks/*/schema.ts',
    'blocks/{declarations.generated,schemas,define,containers,fields,spacing,image-sizes}.ts',
  ]
  return [
    {
      name: 'floors/lib',
      files: ['lib/**/*.{ts,tsx}'],
      rule: rule(
        not({ regex: '^(~|#ui|#blocks|#server)/|^\\.\\./' }, 'lib/ imports nothing of ours but lib/: it is shared by every other floor.'),
      ),
    },
    {
      name: 'floors/ui',
      files: ['ui/**/*.{ts,tsx}'],
      rule: rule(
        ...[p.app, p.blocks, p.server, p.listings, p.fakes].map((x) =>
          not(x, 'ui/ imports lib/ only: it is the kit both blocks/ and app/ stand on.'),
        ),
      ),
    },
    {
      name: 'floors/blocks',
      files: ['blocks/**/*.{ts,tsx}'],
      ignores: [...serverOnly, ...declarations, 'blocks/**/*.test.{ts,tsx}'],
      rule: rule(
        not(p.app, 'blocks/ never import app/: what both need lives in ui/ (the kit) or lib/.'),
        ...[p.server, p.fakes].map((x) =>
          not(x, "a block's browser code does not import the server: server data goes in the block's data.server.ts."),
        ),
      ),
    },
    {
      name: 'floors/blocks-server-data',
      files: serverOnly,
      rule: rule(...[p.app, p.ui].map((x) => not(x, "a block's server data imports neither app/ nor ui/ (the server never loads them)."))),
    },
    {
      name: 'floors/block-declarations',
      files: declarations,
      rule: rule(
        ...[p.app, p.server, p.fakes].map((x) =>
          not(x, 'the server reads block declarations and schemas: they import lib/, listings/ and blocks/ only (no React kit, no app).'),
        ),
        // The editing contract's types (Path, ContainerId) are named here; a type import leaves nothing at run time.
        not(
          { ...p.ui, allowTypeImports: true },
          'block declarations and schemas import types only from ui/: the server loads them without React.',
        ),
      ),
    },
    {
      // Tests of blocks may build pages from the demo's content (server/demo); they still never import app/.
      name: 'floors/blocks-tests',
      files: ['blocks/**/*.test.{ts,tsx}'],
      rule: rule(not(p.app, 'blocks/ never import app/: what both need lives in ui/ (the kit) or lib/.')),
    },
    {
      name: 'floors/server-and-listings',
      files: ['server/**/*.{ts,tsx,mjs}', 'listings/**/*.{ts,tsx,mjs}'],
      rule: rule(
        ...[p.app, p.ui].map((x) =>
          not(x, 'server/ and listings/ never import app/ or ui/: move shared code to lib/, listings/ or blocks/.'),
        ),
      ),
    },
    {
      name: 'floors/app',
      files: ['app/**/*.{ts,tsx}'],
      rule: rule(
        not(
          { regex: '^#blocks/[A-Z][A-Za-z0-9]*/|^(\\.\\./)+blocks/[A-Z][A-Za-z0-9]*/', caseSensitive: true },
          "app/ uses blocks through blocks/'s top-level modules (RenderBlocks, the generated lists, registry, schemas, define), never a block folder's internals.",
        ),
      ),
    },
  ].map(({ rule, ...config }) => ({ ...config, rules: rule }))
}
