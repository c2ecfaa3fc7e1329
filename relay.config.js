// relay-compiler configuration for the admin console (web/). Artifacts are generated, not committed.
export default {
  src: './web/src',
  schema: './schema.graphql',
  language: 'typescript',
  artifactDirectory: './web/__generated__',
  excludes: ['**/node_modules/**', '**/__generated__/**'],
  eagerEsModules: true,
};
