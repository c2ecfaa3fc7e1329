// The console's build hands react-intl its messages already parsed (as babel-plugin-formatjs's
// `ast` option does), so the browser does without the ICU message parser (about 8 KB gzipped of
// the sign-in page's JavaScript; issue 22): each `defaultMessage` string in web/src and each
// message of the catalogues becomes its parsed form, and the parser's import becomes its
// `no-parser` module. A message left unparsed fails loudly at run time ("no parser").
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const STRING = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
const PROPERTY = new RegExp(String.raw`defaultMessage:(\s*)(${STRING})`, 'g');
const JSX_ATTRIBUTE = new RegExp(String.raw`defaultMessage=(${STRING})`, 'g');
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

/** The text of a quoted JavaScript string literal (the escapes messages use). */
function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/g, (_match, char: string) => ESCAPES[char] ?? char);
}

const parsed = (text: string) => JSON.stringify(parse(text));

export function precompileMessages(): Plugin {
  return {
    name: 'feedboard-precompile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    transform(code, id) {
      if (/[\\/]web[\\/]i18n[\\/][\w-]+\.json$/.test(id)) {
        const messages = JSON.parse(code) as Record<string, string>;
        return JSON.stringify(
          Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)])),
        );
      }
      if (!/[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('defaultMessage'))
        return null;
      return code
        .replace(PROPERTY, (_match, space: string, literal: string) => {
          return `defaultMessage:${space}${parsed(unquote(literal))}`;
        })
        .replace(JSX_ATTRIBUTE, (_match, literal: string) => {
          return `defaultMessage={${parsed(unquote(literal))}}`;
        });
    },
  };
}
