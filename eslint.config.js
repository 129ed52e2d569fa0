import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The engine is pure: no clocks and no ambient randomness.
    files: ['core/src/**/*.ts'],
    ignores: ['core/src/**/*.test.ts', 'core/src/test-support/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'core takes randomness as data (a seed).' },
        { object: 'Date', property: 'now', message: 'core takes time as data (now).' },
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'crypto', 'path'] }],
    },
  },
  {
    files: ['**/bench/**', 'scripts/**', '**/*.test.ts', '**/e2e/*.e2e.ts', '**/*.bench.ts'],
    rules: { 'no-console': 'off' },
  },
);
