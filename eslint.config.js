import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import relay from 'eslint-plugin-relay';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'api/src/generated/',
      'web/__generated__/',
      'clients/typescript/openapi.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.test.ts', 'api/src/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The console depends on no service code: what it shares with the server's validation is
  // in api/src/contract/ (tests may reach further, to hold the two to each other).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/src/services/**', '**/api/src/db/**', '**/api/src/schema/**'],
              message: 'Share it through api/src/contract/ instead.',
            },
          ],
        },
      ],
    },
  },
  // REST is a thin shim over the domain services: it reads and writes through them, never the
  // database's statements itself (tests may reach further).
  {
    files: ['api/src/rest/**/*.ts'],
    ignores: ['api/src/rest/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**'],
              message: 'Go through a service in api/src/services/ instead.',
            },
          ],
        },
      ],
    },
  },
  // The widget runs on customers' pages: no HTML from strings, no eval, no hooks mistakes.
  {
    files: ['widget/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        CSSStyleSheet: 'readonly',
        TextDecoderStream: 'readonly',
        AbortController: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
      },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'User text must stay text: build DOM nodes.' },
        { property: 'outerHTML', message: 'User text must stay text: build DOM nodes.' },
        { property: 'insertAdjacentHTML', message: 'User text must stay text: build DOM nodes.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'User text must stay text.',
        },
      ],
    },
  },
  // The console: hooks rules, Relay discipline, and no text in JSX that skips react-intl.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, relay, formatjs },
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
      },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'relay/graphql-syntax': 'error',
      'relay/graphql-naming': 'error',
      'relay/unused-fields': 'error',
      'relay/must-colocate-fragment-spreads': 'error',
      'relay/function-required-argument': 'error',
      'relay/hook-required-argument': 'error',
      'formatjs/no-literal-string-in-jsx': [
        'error',
        {
          props: {
            include: [['*', '{aria-label,aria-description,title,alt,placeholder,label}']],
          },
        },
      ],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-invalid-icu': 'error',
    },
  },
);
