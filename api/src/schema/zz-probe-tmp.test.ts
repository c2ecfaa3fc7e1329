import { it } from 'vitest';
import { startTestServer } from '/work/main/api/src/testing/test-server.ts';
it('probe', async () => {
  const s = await startTestServer();
  const r = await s.call('POST', '/graphql', { body: { query: 'mutation { register(email:"probe1@example.com", password:"secret-password") { ... on MutationRegisterSuccess { data { token } } } }' } });
  const token = r.body.data.register.data.token;
  const v = await s.call('POST', '/graphql', { body: { query: '{ viewer { user { id } company { id } } }' }, token });
  console.log(JSON.stringify(v.body));
  for (const id of [v.body.data.viewer.user.id, v.body.data.viewer.company.id, 'VXNlcjo5OTk=']) {
    const n = await s.call('POST', '/graphql', { body: { query: 'query($id: ID!) { node(id: $id) { id ... on User { email } ... on Company { name } } }', variables: { id } } });
    console.log('anon', id, n.status, JSON.stringify(n.body));
    const n2 = await s.call('POST', '/graphql', { body: { query: 'query($id: ID!) { node(id: $id) { id ... on User { email } } }', variables: { id } }, token });
    console.log('own', id, n2.status, JSON.stringify(n2.body));
  }
  const l = await s.call('POST', '/graphql', { body: { query: 'mutation { logout { __typename } }' } });
  console.log('logout', l.status, JSON.stringify(l.body));
  const m = await s.call('POST', '/graphql', { rawBody: '{"query', headers: { 'content-type': 'application/json' } });
  console.log('malformed', m.status, JSON.stringify(m.body));
  await s.close();
});
