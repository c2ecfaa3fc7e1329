/**
 * Examples for every request body and answer of the OpenAPI document, written from its own
 * schemas: a schema's `example` (zod `.meta({ example })`) where it gives one, else a value
 * built from the type, format, bounds and the property's name (`email`, `title`, `…Id`). So no
 * example is kept by hand beside a schema it could drift from; the lint (`npm run lint:openapi`,
 * no-invalid-media-type-examples) checks each against its schema.
 */

type TSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, TSchema>;
  required?: string[];
  additionalProperties?: TSchema | boolean;
  items?: TSchema;
  prefixItems?: TSchema[];
  minItems?: number;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

type TMediaType = { schema?: TSchema; example?: unknown; examples?: unknown };
type TDocument = {
  paths?: Record<string, Record<string, TOperation>>;
  webhooks?: Record<string, Record<string, TOperation>>;
  components?: { schemas?: Record<string, TSchema> };
};
type TOperation = {
  requestBody?: { content?: Record<string, TMediaType> };
  responses?: Record<string, { content?: Record<string, TMediaType> }>;
};

/** Strings that a pattern of the document asks for, by the pattern. */
const BY_PATTERN: Record<string, string> = {
  '^\\d+$': '42',
};

/** Text by the property's name (lower case, as a whole word of it). */
const TEXT_BY_NAME: [RegExp, string][] = [
  [/domain/, 'example.com'],
  [/email/, 'ada@example.com'],
  [/password/, 'correct horse battery staple'],
  [/(colou?r|^primary$)/, '2f6fde'],
  [/avatar/, 'https://example.com/avatars/ada.png'],
  [/(^url$|url$|link$|image)/, 'https://example.com/feedback'],
  [/(language|locale)/, 'en-US'],
  [/token|secret|challenge|key$/, 'fb_5c2d9a7e41b04f8c9e3a6d1b2c7f0e9a'],
  [/hash/, 'b7Qx2mKp'],
  [/title/, 'Dark mode for the widget'],
  [/(description|body|text|comment|message|reason)/, 'Our support team works at night.'],
  [/^company(name)?$/, 'Acme Inc.'],
  [/^(displayname|authorname|username|fullname)$/, 'Ada Lovelace'],
  [/^ref$/, 'newsletter'],
  [/slug/, 'acme'],
  [/^login$/, 'ada@example.com'],
  [/error/, 'HTTP 500 Internal Server Error'],
  [/name/, 'Customer feedback'],
  [/code/, '123456'],
  [/search|query/, 'dark mode'],
];

const SAMPLE_TIME = '2025-03-14T09:26:53.000Z';

const refName = (schema: TSchema) => schema.$ref?.replace('#/components/schemas/', '');

function typesOf(schema: TSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function fitLength(text: string, schema: TSchema): string {
  let fitted = text;
  while (schema.minLength !== undefined && fitted.length < schema.minLength) fitted += ` ${text}`;
  if (schema.maxLength !== undefined && fitted.length > schema.maxLength) {
    // Cut at a word's end where one fits.
    const cut = fitted.slice(0, schema.maxLength + 1);
    const end = cut.lastIndexOf(' ');
    fitted = (end > 0 ? cut.slice(0, end) : cut.slice(0, schema.maxLength)).trimEnd();
  }
  return fitted;
}

function stringExample(schema: TSchema, name: string): string {
  const byPattern = schema.pattern && BY_PATTERN[schema.pattern];
  if (byPattern) return byPattern;
  switch (schema.format) {
    case 'date-time':
      return SAMPLE_TIME;
    case 'date':
      return SAMPLE_TIME.slice(0, 10);
    case 'email':
      return 'ada@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/feedback';
    case 'uuid':
      return '6f1c2a9e-3b7d-4c1a-9e2f-8d4b5a6c7e81';
  }
  const lower = name.toLowerCase();
  if (/date$/.test(lower)) return fitLength(SAMPLE_TIME.slice(0, 10), schema);
  if (/at$/.test(lower)) return fitLength(SAMPLE_TIME, schema);
  const byName = TEXT_BY_NAME.find(([words]) => words.test(lower));
  return fitLength(byName ? byName[1] : 'Example', schema);
}

function numberExample(schema: TSchema, name: string, isInteger: boolean): number {
  const lower = name.toLowerCase();
  let value = /(^id$|id$)/.test(lower)
    ? 42
    : /(count|total|votes)/.test(lower)
      ? 3
      : /(limit)/.test(lower)
        ? 20
        : /(offset|page)/.test(lower)
          ? 0
          : /(amount|price)/.test(lower)
            ? 29
            : 1;
  const low = schema.minimum ?? (schema.exclusiveMinimum ?? -Infinity) + (isInteger ? 1 : 0.5);
  const high = schema.maximum ?? (schema.exclusiveMaximum ?? Infinity) - (isInteger ? 1 : 0.5);
  value = Math.min(Math.max(value, low), high);
  return isInteger ? Math.round(value) : value;
}

/** A value `schema` accepts, named `name` in its object (for the name's hints). */
export function exampleOf(
  schema: TSchema,
  document: TDocument,
  name = '',
  seen = new Set<string>(),
): unknown {
  const ref = refName(schema);
  // A schema met again inside itself (a comment's replies) ends there.
  if (ref && seen.has(ref)) return null;
  const resolved = ref ? (document.components?.schemas?.[ref] ?? {}) : schema;
  const inner = ref ? new Set([...seen, ref]) : seen;
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.examples?.length) return resolved.examples[0];
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum.find((value) => value !== null) ?? null;
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.allOf) {
    return resolved.allOf
      .map((part) => exampleOf(part, document, name, inner))
      .reduce(
        (merged: unknown, part) =>
          isPlainObject(merged) && isPlainObject(part) ? deepMerge(merged, part) : part,
        undefined,
      );
  }
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options) {
    const chosen = options.find((option) => !typesOf(option).includes('null')) ?? options[0];
    return chosen ? exampleOf(chosen, document, name, inner) : null;
  }
  const types = typesOf(resolved);
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (resolved.properties ? 'object' : '');
  switch (type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(resolved.properties ?? {})) {
        // An optional field of any value (kept for old clients, ignored) is left out.
        const isAnything = Object.keys(property).every((word) => word === 'description');
        if (isAnything && !resolved.required?.includes(key)) continue;
        object[key] = exampleOf(property, document, key, inner);
      }
      if (!resolved.properties && typeof resolved.additionalProperties === 'object') {
        object.key = exampleOf(resolved.additionalProperties, document, 'key', inner);
      }
      return object;
    }
    case 'array': {
      const itemRef = resolved.items && refName(resolved.items);
      if (itemRef && inner.has(itemRef)) return [];
      const item = resolved.items ? exampleOf(resolved.items, document, name, inner) : 'Example';
      const tuple = resolved.prefixItems?.map((part) => exampleOf(part, document, name, inner));
      return tuple ?? Array.from({ length: Math.max(1, resolved.minItems ?? 1) }, () => item);
    }
    case 'string':
      return stringExample(resolved, name);
    case 'integer':
      return numberExample(resolved, name, true);
    case 'number':
      return numberExample(resolved, name, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const before = merged[key];
    merged[key] = isPlainObject(before) && isPlainObject(value) ? deepMerge(before, value) : value;
  }
  return merged;
}

/** Gives `media` an example when it has none (a CSV answer gets a line of text). */
function addExample(media: TMediaType, mediaType: string, document: TDocument): void {
  if (media.example !== undefined || media.examples !== undefined || !media.schema) return;
  media.example =
    mediaType === 'text/csv'
      ? 'id,title,status\r\n42,Dark mode for the widget,OPEN\r\n'
      : exampleOf(media.schema, document);
}

/** The document, with an example on each request body and answer that has a schema. */
export function withExamples<D extends object>(document: D): D {
  const doc = document as TDocument;
  const operations = [doc.paths, doc.webhooks].flatMap((items) =>
    Object.values(items ?? {}).flatMap((item) => Object.values(item)),
  );
  for (const operation of operations) {
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      addExample(media, type, doc);
    }
    for (const response of Object.values(operation.responses ?? {})) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        addExample(media, type, doc);
      }
    }
  }
  return document;
}
