import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySsoToken } from '../../../../../../api/src/services/sso/verify-sso-token.ts';
import {
  NODE_SAMPLE_FILE,
  SSO_LANGUAGES,
  SSO_TOKEN_ENDPOINT,
  containerSnippet,
  ssoSample,
} from './code-samples.ts';
import { defaultSnippetOf, embedStateOf } from './embed-state.ts';
import type { TSsoLanguage } from './code-samples.ts';

/**
 * Every SSO sample of the widget tab, taken from the same function the console renders, runs in
 * its own language and must produce a token that jsonwebtoken (and the server's own check)
 * accepts with the company secret. A language whose compiler or interpreter is missing is
 * skipped locally; CI installs them all (.ci/run), so there a missing one fails.
 */

const run = promisify(execFile);

// Characters that break naive quoting: $ and ' (PHP, shells), " and \ (every string literal).
const SECRET = `s3cr3t-$HOME-'single'-"double"-\\back`;
const USER_ID = 'user-42';
const NAME = 'Zoë "Z" Łukasiewicz \\ 東京';
const EMAIL = 'zoe.lukasiewicz+board@example.com';
const COMPANY_NAME = 'Łódź "Works" \\ Sp. z o.o. 東京';
const INPUT = `${USER_ID}\n${NAME}\n${EMAIL}\n${COMPANY_NAME}\n`;

/**
 * The customer claims every driver passes to its sample, written in its own language: user
 * attributes of each kind and one company (name from stdin) with a spend, a plan and attributes.
 */
const CUSTOMER = {
  attributes: { role: 'admin', seats: 12, beta: true },
  companies: [
    {
      externalId: 'acme-1',
      name: COMPANY_NAME,
      monthlySpend: 1499.5,
      plan: 'Business',
      attributes: { region: 'EU' },
    },
  ],
};

function hasCommand(command: string): boolean {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  return dirs.some((dir) => existsSync(join(dir, command)));
}

const REQUIRED: Record<TSsoLanguage, string[]> = {
  javascript: ['node'],
  java: ['javac', 'java'],
  php: ['php'],
  python: ['python3'],
  csharp: ['mcs', 'mono'],
};

/** Feeds `input` to a process's stdin and returns its stdout. */
async function runWithInput(command: string, args: string[], cwd: string): Promise<string> {
  const child = run(command, args, { cwd, timeout: 60_000, env: { ...process.env, LANG: 'C' } });
  child.child.stdin?.end(INPUT, 'utf8');
  const { stdout } = await child;
  return stdout.trim();
}

/**
 * Writes the sample with a small driver that reads id, name, email and company name (UTF-8
 * lines) and prints two tokens: the user alone (address not said to be verified), then the
 * user with a verified address and the customer claims.
 */
const runners: Record<TSsoLanguage, (dir: string, code: string) => Promise<string>> = {
  async javascript(dir, code) {
    // Saved under the name its header gives, and imported from plain CommonJS (a .cjs driver
    // with dynamic import): the sample runs as written, whatever the reader's project is.
    await writeFile(join(dir, NODE_SAMPLE_FILE), code);
    const driver = `const { readFileSync } = require('node:fs');
import(${JSON.stringify(pathToFileURL(join(dir, NODE_SAMPLE_FILE)).href)}).then(({ feedboardToken }) => {
  const [id, name, email, companyName] = readFileSync(0, 'utf8').split('\\n');
  console.log(feedboardToken({ id, name, email }));
  console.log(
    feedboardToken({
      id,
      name,
      email,
      emailVerified: true,
      attributes: { role: 'admin', seats: 12, beta: true },
      companies: [
        { id: 'acme-1', name: companyName, monthlySpend: 1499.5, plan: 'Business', attributes: { region: 'EU' } },
      ],
    }),
  );
});
`;
    await writeFile(join(dir, 'driver.cjs'), driver);
    return runWithInput('node', ['driver.cjs'], dir);
  },
  async java(dir, code) {
    await writeFile(join(dir, 'FeedboardToken.java'), code);
    const driver = `import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

public class Main {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String id = in.readLine();
        String name = in.readLine();
        String email = in.readLine();
        String companyName = in.readLine();
        System.out.println(FeedboardToken.create(id, name, email, false));
        Map<String, Object> attributes = new LinkedHashMap<>();
        attributes.put("role", "admin");
        attributes.put("seats", 12);
        attributes.put("beta", true);
        FeedboardToken.Company company = new FeedboardToken.Company("acme-1", companyName,
            new BigDecimal("1499.50"), "Business", Collections.singletonMap("region", "EU"));
        System.out.println(FeedboardToken.create(id, name, email, true, attributes,
            Collections.singletonList(company)));
    }
}
`;
    await writeFile(join(dir, 'Main.java'), driver);
    await run('javac', ['-encoding', 'UTF-8', '-d', 'out', 'FeedboardToken.java', 'Main.java'], {
      cwd: dir,
      timeout: 60_000,
    });
    return runWithInput('java', ['-cp', 'out', 'Main'], dir);
  },
  async php(dir, code) {
    await writeFile(join(dir, 'feedboard_token.php'), code);
    const driver = `<?php
require __DIR__ . '/feedboard_token.php';
[$id, $name, $email, $companyName] = explode("\\n", stream_get_contents(STDIN));
echo feedboard_token($id, $name, $email), "\\n";
echo feedboard_token(
    $id,
    $name,
    $email,
    true,
    ['role' => 'admin', 'seats' => 12, 'beta' => true],
    [['id' => 'acme-1', 'name' => $companyName, 'monthlySpend' => 1499.5, 'plan' => 'Business',
        'attributes' => ['region' => 'EU']]]
), "\\n";
`;
    await writeFile(join(dir, 'driver.php'), driver);
    return runWithInput('php', ['driver.php'], dir);
  },
  async python(dir, code) {
    await writeFile(join(dir, 'feedboard_token.py'), code);
    const driver = `import sys
from feedboard_token import feedboard_token

user_id, name, email, company_name = sys.stdin.buffer.read().decode("utf-8").split("\\n")[:4]
print(feedboard_token(user_id, name, email))
print(
    feedboard_token(
        user_id,
        name,
        email,
        email_verified=True,
        attributes={"role": "admin", "seats": 12, "beta": True},
        companies=[
            {
                "id": "acme-1",
                "name": company_name,
                "monthlySpend": 1499.5,
                "plan": "Business",
                "attributes": {"region": "EU"},
            }
        ],
    )
)
`;
    await writeFile(join(dir, 'driver.py'), driver);
    return runWithInput('python3', ['driver.py'], dir);
  },
  async csharp(dir, code) {
    await writeFile(join(dir, 'FeedboardToken.cs'), code);
    const driver = `using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

public static class Program
{
    public static void Main()
    {
        var input = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false));
        var id = input.ReadLine();
        var name = input.ReadLine();
        var email = input.ReadLine();
        var companyName = input.ReadLine();
        Console.WriteLine(FeedboardToken.Create(id, name, email));
        var attributes = new Dictionary<string, object> { ["role"] = "admin", ["seats"] = 12, ["beta"] = true };
        var company = new FeedboardToken.Company
        {
            Id = "acme-1",
            Name = companyName,
            MonthlySpend = 1499.50m,
            Plan = "Business",
            Attributes = new Dictionary<string, object> { ["region"] = "EU" },
        };
        Console.WriteLine(FeedboardToken.Create(id, name, email, true, attributes, new[] { company }));
    }
}
`;
    await writeFile(join(dir, 'Program.cs'), driver);
    await run('mcs', ['-out:token.exe', 'FeedboardToken.cs', 'Program.cs'], {
      cwd: dir,
      timeout: 60_000,
    });
    return runWithInput('mono', ['token.exe'], dir);
  },
};

describe('widget tab: SSO code samples', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'feedboard-sso-samples-'));
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('puts the company secret into every sample as a string literal of its language', () => {
    for (const language of SSO_LANGUAGES) {
      const code = ssoSample(language, 'plain-secret-123');
      expect(code, language).toContain('plain-secret-123');
      expect(code, language).toMatch(/HS256|HmacSHA256|sha256/);
    }
  });

  it('says which Node and which module system the Node sample is written for', () => {
    const header = ssoSample('javascript', 'x').split('\n').slice(0, 2).join(' ');
    expect(header).toMatch(/Node\.js 16 or later/);
    expect(header).toMatch(/ES module/);
    expect(header).toContain(NODE_SAMPLE_FILE);
    // Buffer's base64url needs Node 15.7: the Node running the samples is not older than that.
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(16);
  });

  for (const language of SSO_LANGUAGES) {
    const missing = REQUIRED[language].filter((command) => !hasCommand(command));
    const skip = missing.length > 0 && process.env.CI !== 'true';
    it.skipIf(skip)(
      `${language}: the sample runs and signs {id, name, email, exp} with HS256 and the secret, with email_verified and the customer claims when given`,
      async () => {
        const dir = join(root, language);
        await mkdir(dir);
        const before = Math.floor(Date.now() / 1000);
        const output = await runners[language](dir, ssoSample(language, SECRET));
        const after = Math.ceil(Date.now() / 1000);
        const tokens = output.split(/\r?\n/);
        expect(tokens).toHaveLength(2);
        const [plain = '', withCustomer = ''] = tokens;
        const rules = { requireExpiry: true, maxLifetimeMinutes: 1440 };

        for (const token of tokens) {
          const header = jwt.decode(token, { complete: true })?.header;
          expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
          const { exp } = jwt.verify(token, SECRET, { algorithms: ['HS256'] }) as { exp: number };
          expect(exp).toBeGreaterThanOrEqual(before + 600);
          expect(exp).toBeLessThanOrEqual(after + 600);
          expect(() => jwt.verify(token, `${SECRET}x`, { algorithms: ['HS256'] })).toThrow(
            'invalid signature',
          );
        }

        // Without customer data or a verified address: the four claims, and only them (no
        // `companies: []`, which would detach the user from their companies, and no
        // `email_verified: false`).
        expect(jwt.verify(plain, SECRET, { algorithms: ['HS256'] })).toEqual({
          id: USER_ID,
          name: NAME,
          email: EMAIL,
          exp: expect.any(Number),
        });
        // The server's own check, with a new company's rules (expiry required), accepts it.
        expect(verifySsoToken(plain, SECRET, rules)).toEqual({
          externalId: USER_ID,
          displayName: NAME,
          email: EMAIL,
          // Not said to be verified: the server leaves the address unconfirmed (unless the
          // company trusts every SSO address).
          isEmailVerified: false,
          avatarUrl: null,
          // The token carries no customer claims, so the stored ones stay.
          customer: { attributes: null, companies: null },
        });

        // With them: `email_verified: true` (the customer's system confirmed the address) and
        // the customer claims; the server reads the user's attributes and the company it carried.
        expect(jwt.verify(withCustomer, SECRET, { algorithms: ['HS256'] })).toMatchObject({
          email: EMAIL,
          email_verified: true,
        });
        expect(verifySsoToken(withCustomer, SECRET, rules)).toEqual({
          externalId: USER_ID,
          displayName: NAME,
          email: EMAIL,
          isEmailVerified: true,
          avatarUrl: null,
          customer: CUSTOMER,
        });
      },
    );
  }
});

describe('widget tab: the snippets work as pasted', () => {
  const BASE = 'https://feedback.example.com';

  it('the no-SSO container carries no token attribute and nothing to fill in', () => {
    const code = containerSnippet(BASE, 'abc123');
    expect(code).toBe(`<div
  id="feedboard"
  data-base-url="${BASE}"
  data-board-hash="abc123"
></div>`);
    expect(code).not.toMatch(/sso|REPLACE|token/i);
  });

  it('the SSO container names the customer’s token address instead of a placeholder token', () => {
    const code = containerSnippet(BASE, 'abc123', 'sso');
    expect(code).toContain(`data-sso-token-url="${SSO_TOKEN_ENDPOINT}"`);
    expect(code).not.toContain('data-sso-token=');
    expect(code).not.toMatch(/REPLACE/);
    expect(SSO_TOKEN_ENDPOINT).toBe('/feedboard-sso-token');
  });

  it('every SSO sample says how to serve its token at the snippet’s token address', () => {
    for (const language of SSO_LANGUAGES) {
      const code = ssoSample(language, 'x');
      expect(code, language).toContain(`GET ${SSO_TOKEN_ENDPOINT}`);
      expect(code, language).toMatch(/401/);
    }
  });

  it('every SSO sample serves the user’s own verified flag, never a plain true (an unconfirmed address gets no mail)', () => {
    for (const language of SSO_LANGUAGES) {
      const serving = ssoSample(language, 'x').split('Serve it to the widget')[1] ?? '';
      expect(serving, language).toMatch(/email_?verified/i);
      expect(serving, language).not.toMatch(/,\s*(true|True)\)/);
    }
  });

  it('opens on the snippet that works for the board: no SSO when public, with SSO when private', () => {
    expect(embedStateOf({ isPublic: true, ssoAccess: true })).toBe('PUBLIC');
    expect(embedStateOf({ isPublic: false, ssoAccess: true })).toBe('PRIVATE_SSO');
    expect(embedStateOf({ isPublic: false, ssoAccess: false })).toBe('PRIVATE');
    expect(embedStateOf({ isPublic: false, ssoAccess: null })).toBe('PRIVATE');
    expect(defaultSnippetOf('PUBLIC')).toBe('public');
    expect(defaultSnippetOf('PRIVATE_SSO')).toBe('sso');
    expect(defaultSnippetOf('PRIVATE')).toBe('sso');
  });
});
