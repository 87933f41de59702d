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
  // Issue 15: the server, the shared listings feature and what the server reads of blocks/ (their
  // declarations and schemas) never import the React app (code both need lives in lib/, listings/
  // or blocks/), so the two top folders do not depend on each other.
  {
    files: [
      'server/**/*.{ts,tsx,mjs}',
      'listings/**/*.{ts,tsx,mjs}',
      'lib/**/*.ts',
      'blocks/*/index.ts',
      'blocks/*/schema.ts',
      'blocks/{declarations.generated,schemas,define,containers,fields,spacing,image-sizes}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+app/|^~/',
              message:
                'server/, listings/, lib/ and block declarations do not import app/: move shared code to lib/, listings/ or blocks/.',
            },
          ],
        },
      ],
    },
  },
])
