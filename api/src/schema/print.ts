import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printSchema } from 'graphql';
import { schema } from './index.ts';

const target = path.resolve(import.meta.dirname, '../../../schema.graphql');
const printed = `${printSchema(schema)}\n`;

if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== printed) {
    console.error('schema.graphql is out of date: run `npm run schema:print` and commit it.');
    process.exit(1);
  }
  console.log('schema.graphql matches the code.');
} else {
  await writeFile(target, printed);
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}
