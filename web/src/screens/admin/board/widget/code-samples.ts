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

export const SSO_LANGUAGES = ['javascript', 'java', 'php', 'python', 'csharp'] as const;
export type TSsoLanguage = (typeof SSO_LANGUAGES)[number];

export const SSO_LANGUAGE_NAMES: Record<TSsoLanguage, string> = {
  javascript: 'JavaScript / Node',
  java: 'Java',
  php: 'PHP',
  python: 'Python',
  csharp: 'C#',
};

/**
 * Server-side code that signs {id, name} with HS256 and the company secret, with the library
 * each language's developers reach for first (jsonwebtoken, jjwt, firebase/php-jwt, PyJWT,
 * System.IdentityModel.Tokens.Jwt).
 */
export function ssoSample(language: TSsoLanguage, secret: string): string {
  const quoted = JSON.stringify(secret);
  switch (language) {
    case 'javascript':
      return `// npm install jsonwebtoken
import jwt from 'jsonwebtoken';

const FEEDBOARD_SECRET = ${quoted};

/** The widget's SSO token for your signed-in user; id must be unique in your system. */
export function feedboardToken(user) {
  return jwt.sign({ id: String(user.id), name: user.name }, FEEDBOARD_SECRET, {
    algorithm: 'HS256',
  });
}
`;
    case 'java':
      return `// Maven: io.jsonwebtoken:jjwt-api, jjwt-impl and jjwt-jackson 0.12.x
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.security.Keys;
import java.nio.charset.StandardCharsets;
import javax.crypto.SecretKey;

public final class FeedboardToken {
    private static final SecretKey KEY =
        Keys.hmacShaKeyFor(${quoted}.getBytes(StandardCharsets.UTF_8));

    /** The widget's SSO token for your signed-in user; userId must be unique in your system. */
    public static String create(String userId, String name) {
        return Jwts.builder()
            .claim("id", userId)
            .claim("name", name)
            .signWith(KEY, Jwts.SIG.HS256)
            .compact();
    }
}
`;
    case 'php':
      return `<?php
// composer require firebase/php-jwt
require __DIR__ . '/vendor/autoload.php';

use Firebase\\JWT\\JWT;

const FEEDBOARD_SECRET = ${quoted};

/** The widget's SSO token for your signed-in user; $userId must be unique in your system. */
function feedboard_token(string $userId, string $name): string
{
    return JWT::encode(['id' => $userId, 'name' => $name], FEEDBOARD_SECRET, 'HS256');
}
`;
    case 'python':
      return `# pip install PyJWT
import jwt

FEEDBOARD_SECRET = ${quoted}


def feedboard_token(user_id: str, name: str) -> str:
    """The widget's SSO token for your signed-in user; user_id must be unique in your system."""
    return jwt.encode({"id": user_id, "name": name}, FEEDBOARD_SECRET, algorithm="HS256")
`;
    case 'csharp':
      return `// dotnet add package System.IdentityModel.Tokens.Jwt
using System.IdentityModel.Tokens.Jwt;
using System.Security.Claims;
using System.Text;
using Microsoft.IdentityModel.Tokens;

public static class FeedboardToken
{
    private const string Secret = ${quoted};

    /// <summary>The widget's SSO token for your signed-in user; userId must be unique in your system.</summary>
    public static string Create(string userId, string name)
    {
        var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes(Secret));
        var token = new JwtSecurityToken(
            claims: new[] { new Claim("id", userId), new Claim("name", name) },
            signingCredentials: new SigningCredentials(key, SecurityAlgorithms.HmacSha256));
        return new JwtSecurityTokenHandler().WriteToken(token);
    }
}
`;
  }
}
