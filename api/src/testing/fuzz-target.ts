import { addEndUser } from './graphql-client.ts';
import type { TTestAccount } from './graphql-client.ts';
import { expectCall, restCompany } from './rest-fixtures.ts';
import type { TRestCompany } from './rest-fixtures.ts';
import { startTestServer } from './test-server.ts';
import type { TTestServer } from './test-server.ts';

export type TFuzzTarget = {
  server: TTestServer;
  /** The company the fuzzers act as. */
  a: TRestCompany;
  /** Another company, which no fuzzed call may change. */
  b: TRestCompany;
  /** An end user of A. */
  member: TTestAccount;
  /** An end user of B, who voted and commented on B's idea. */
  memberOfB: TTestAccount;
  /** Every error the server logged (a 500 or a masked resolver error is logged): each is a failure. */
  loggedErrors: string[];
};

/**
 * The REST and GraphQL fuzzers' server: companies A and B, an end user of A, and B's idea with
 * a vote and a comment from two of its users, so that any change to them would show.
 */
export async function startFuzzTarget(): Promise<TFuzzTarget> {
  const server = await startTestServer();
  const loggedErrors: string[] = [];
  server.deps.log.error = (message, extra) => {
    loggedErrors.push(`${message} ${extra instanceof Error ? extra.stack : String(extra)}`);
  };
  const a = await restCompany(server);
  const b = await restCompany(server);
  const member = await addEndUser(server, a.owner.companyId);
  const memberOfB = await addEndUser(server, b.owner.companyId);
  for (const token of [b.owner.token, memberOfB.token]) {
    await expectCall(server, 'POST', `/ideas/${b.ideaId}/upvote`, 200, { token });
    await expectCall(server, 'POST', `/ideas/${b.ideaId}/comments`, 201, {
      token,
      body: { text: 'A comment of company B' },
    });
  }
  return { server, a, b, member, memberOfB, loggedErrors };
}
