import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isIntrospectionType,
  isObjectType,
  isInterfaceType,
  isSpecifiedScalarType,
  printSchema,
} from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../errors.ts';
import { schema } from './index.ts';

/** Every type, field, argument, input field and enum value without a description. */
function undescribed(target: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const type of Object.values(target.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (!type.description) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const arg of field.args) {
          if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
    }
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (!value.description) missing.push(`${type.name}.${value.name}`);
      }
    }
  }
  return missing;
}

describe('the schema integrators read in GraphiQL', () => {
  it('describes every type, field, argument, input field and enum value', () => {
    // The printed schema (what schema.graphql holds and GraphiQL shows), read back.
    expect(undescribed(buildSchema(printSchema(schema)))).toEqual([]);
  });

  it('types AppError.code as ErrorCode, every code the server answers, and points custom scalars at their specifications', () => {
    const printed = buildSchema(printSchema(schema));
    const appError = printed.getType('AppError');
    expect(isObjectType(appError) && String(appError.getFields().code?.type)).toBe('ErrorCode!');
    const codes = printed.getType('ErrorCode');
    expect(isEnumType(codes) && codes.getValues().map((value) => value.name)).toEqual(
      Object.keys(ERROR_STATUS).sort(),
    );
    for (const name of ['Date', 'DateTime', 'File']) {
      expect(printed.getType(name)).toMatchObject({
        specifiedByURL: expect.stringMatching(/^https:/),
      });
    }
  });

  it('names the mutation in the result types the errors plugin generates', () => {
    const result = schema.getType('MutationSetIdeaStatusResult');
    expect(result?.description).toContain('`setIdeaStatus`');
  });

  it('finds what is missing', () => {
    const sample = buildSchema(`
      "Entry points."
      type Query {
        "A field."
        a(x: Int): Int
        b: Int
      }
      enum E { ONE }
      input I { f: Int }
    `);
    expect(undescribed(sample)).toEqual(['Query.a(x)', 'Query.b', 'E', 'E.ONE', 'I', 'I.f']);
  });
});
