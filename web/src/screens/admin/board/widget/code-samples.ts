import { SSO_SAMPLE_LIFETIME_SECONDS } from '../../../../../../api/src/services/sso/sso-rules.ts';
/** The embed snippets and the SSO token samples, filled with the board's real values. */

export const SSO_TOKEN_PLACEHOLDER = 'REPLACE_WITH_THE_SSO_TOKEN_OF_THE_SIGNED_IN_USER';

export function scriptSnippet(baseUrl: string): string {
  return `<script src="${baseUrl}/widget.js" defer></script>`;
}

export function containerSnippet(baseUrl: string, boardHash: string): string {
  return `<div
  id="feedboard"
  data-base-url="${baseUrl}"
  data-board-hash="${boardHash}"
  data-sso-token="${SSO_TOKEN_PLACEHOLDER}"
></div>`;
}

/** How long the samples' tokens live: ten minutes. */
const LIFETIME = SSO_SAMPLE_LIFETIME_SECONDS;
const LIFETIME_TEXT = `${LIFETIME / 60} minutes`;

export const SSO_LANGUAGES = ['javascript', 'java', 'php', 'python', 'csharp'] as const;
export type TSsoLanguage = (typeof SSO_LANGUAGES)[number];

export const SSO_LANGUAGE_NAMES: Record<TSsoLanguage, string> = {
  javascript: 'JavaScript / Node',
  java: 'Java',
  php: 'PHP',
  python: 'Python',
  csharp: 'C#',
};

/** The file name the Node sample's header tells the reader to save it as (an ES module). */
export const NODE_SAMPLE_FILE = 'feedboard-token.mjs';

/**
 * Server-side code that signs {id, name, email, exp} with HS256 and the company secret: a
 * complete user (with an address for notification mail) in a token that lives ten minutes
 * (the page makes a fresh one on every load). Each sample uses
 * only its language's standard library (HMAC-SHA256, base64url, JSON), so it runs as it is:
 * node:crypto, javax.crypto.Mac, hash_hmac, hmac + hashlib, System.Security.Cryptography.
 * code-samples.test.ts runs every one and checks the token with jsonwebtoken.
 */
export function ssoSample(language: TSsoLanguage, secret: string): string {
  const quoted = JSON.stringify(secret);
  switch (language) {
    case 'javascript':
      return `// Node.js 16 or later, no package needed. An ES module (import/export): save it as
// ${NODE_SAMPLE_FILE}, or as .js in a package whose package.json has "type": "module".
import { createHmac } from 'node:crypto';

const FEEDBOARD_SECRET = ${quoted};

const base64url = (text) => Buffer.from(text, 'utf8').toString('base64url');

/**
 * The widget's SSO token for your signed-in user: id unique in your system, the name others
 * see, the email their notifications go to, valid for ${LIFETIME_TEXT}.
 */
export function feedboardToken(user) {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      id: String(user.id),
      name: user.name,
      email: user.email,
      exp: Math.floor(Date.now() / 1000) + ${LIFETIME},
    }),
  );
  const signature = createHmac('sha256', FEEDBOARD_SECRET)
    .update(\`\${header}.\${payload}\`)
    .digest('base64url');
  return \`\${header}.\${payload}.\${signature}\`;
}
`;
    case 'java':
      return `// Java 8 or later, no library needed.
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class FeedboardToken {
    private static final String SECRET = ${quoted};

    /**
     * The widget's SSO token for your signed-in user: userId unique in your system, the name
     * others see, the email their notifications go to, valid for ${LIFETIME_TEXT}.
     */
    public static String create(String userId, String name, String email) throws Exception {
        long exp = System.currentTimeMillis() / 1000 + ${LIFETIME};
        String header = base64url("{\\"alg\\":\\"HS256\\",\\"typ\\":\\"JWT\\"}");
        String payload = base64url("{\\"id\\":" + json(userId) + ",\\"name\\":" + json(name)
            + ",\\"email\\":" + json(email) + ",\\"exp\\":" + exp + "}");
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byte[] signature = mac.doFinal((header + "." + payload).getBytes(StandardCharsets.UTF_8));
        return header + "." + payload + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
    }

    private static String base64url(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A JSON string literal: quotes, backslashes and control characters escaped. */
    private static String json(String value) {
        StringBuilder out = new StringBuilder("\\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\\\') out.append('\\\\').append(c);
            else if (c < 0x20) out.append(String.format("\\\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }
}
`;
    case 'php':
      return `<?php
// PHP 7.3 or later, no package needed.

const FEEDBOARD_SECRET = ${phpString(secret)};

function feedboard_base64url(string $data): string
{
    return rtrim(strtr(base64_encode($data), '+/', '-_'), '=');
}

/**
 * The widget's SSO token for your signed-in user: $userId unique in your system, the name
 * others see, the email their notifications go to, valid for ${LIFETIME_TEXT}.
 */
function feedboard_token(string $userId, string $name, string $email): string
{
    $header = feedboard_base64url(json_encode(['alg' => 'HS256', 'typ' => 'JWT']));
    $claims = ['id' => $userId, 'name' => $name, 'email' => $email, 'exp' => time() + ${LIFETIME}];
    $payload = feedboard_base64url(json_encode($claims, JSON_THROW_ON_ERROR));
    $signature = hash_hmac('sha256', "$header.$payload", FEEDBOARD_SECRET, true);
    return "$header.$payload." . feedboard_base64url($signature);
}
`;
    case 'python':
      return `# Python 3, no package needed.
import base64
import hashlib
import hmac
import json
import time

FEEDBOARD_SECRET = ${quoted}


def _base64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def feedboard_token(user_id: str, name: str, email: str) -> str:
    """The widget's SSO token for your signed-in user: user_id unique in your system, the name
    others see, the email their notifications go to, valid for ${LIFETIME_TEXT}."""
    claims = {"id": user_id, "name": name, "email": email, "exp": int(time.time()) + ${LIFETIME}}
    header = _base64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode("utf-8"))
    payload = _base64url(json.dumps(claims).encode("utf-8"))
    signature = hmac.new(
        FEEDBOARD_SECRET.encode("utf-8"), f"{header}.{payload}".encode("ascii"), hashlib.sha256
    ).digest()
    return f"{header}.{payload}.{_base64url(signature)}"
`;
    case 'csharp':
      return `// .NET Framework 4.6 or later, .NET Core, .NET 5 or later, or Mono; no package needed.
using System;
using System.Security.Cryptography;
using System.Text;

public static class FeedboardToken
{
    private const string Secret = ${quoted};

    /// <summary>
    /// The widget's SSO token for your signed-in user: userId unique in your system, the name
    /// others see, the email their notifications go to, valid for ${LIFETIME_TEXT}.
    /// </summary>
    public static string Create(string userId, string name, string email)
    {
        var exp = DateTimeOffset.UtcNow.ToUnixTimeSeconds() + ${LIFETIME};
        var header = Base64Url(Encoding.UTF8.GetBytes("{\\"alg\\":\\"HS256\\",\\"typ\\":\\"JWT\\"}"));
        var payload = Base64Url(Encoding.UTF8.GetBytes("{\\"id\\":" + Json(userId) + ",\\"name\\":" + Json(name)
            + ",\\"email\\":" + Json(email) + ",\\"exp\\":" + exp + "}"));
        using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(Secret)))
        {
            var signature = hmac.ComputeHash(Encoding.UTF8.GetBytes(header + "." + payload));
            return header + "." + payload + "." + Base64Url(signature);
        }
    }

    private static string Base64Url(byte[] bytes)
    {
        return Convert.ToBase64String(bytes).TrimEnd('=').Replace('+', '-').Replace('/', '_');
    }

    /// <summary>A JSON string literal: quotes, backslashes and control characters escaped.</summary>
    private static string Json(string value)
    {
        var output = new StringBuilder("\\"");
        foreach (var c in value)
        {
            if (c == '"' || c == '\\\\') output.Append('\\\\').Append(c);
            else if (c < 0x20) output.AppendFormat("\\\\u{0:x4}", (int)c);
            else output.Append(c);
        }
        return output.Append('"').ToString();
    }
}
`;
  }
}

/** A single-quoted PHP string (no $ interpolation): only \\ and ' need escaping. */
function phpString(value: string): string {
  return `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}
