// relay-compiler configuration for the admin console (web/). Artifacts are generated, not committed.
const config = {
  src: './web/src',
  schema: './schema.graphql',
  language: 'typescript',
  artifactDirectory: './web/__generated__',
  excludes: ['**/node_modules/**', '**/__generated__/**'],
  eagerEsModules: true,
};

// relay-compiler and babel-plugin-relay load this file with require(): the 'module.exports'
// export makes require() answer the object itself rather than an ES module namespace.
export { config as 'module.exports' };
export default config;
