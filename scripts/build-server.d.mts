/** Bundles the server into `outdir` (inside the repository): see build-server.mjs. */
export function buildServer(outdir?: string): Promise<void>;
/** Bundles the operators' commands into `outdir` (inside the repository): see build-server.mjs. */
export function buildCli(outdir?: string): Promise<void>;
