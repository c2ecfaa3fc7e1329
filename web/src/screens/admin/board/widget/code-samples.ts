import { SSO_SAMPLE_LIFETIME_SECONDS } from '../../../../../../api/src/contract/limits.ts';
/** The embed snippets and the SSO token samples, filled with the board's real values. */

/**
 * Where the SSO snippet's widget asks the customer's own server (the page's origin, with its
 * cookies) for the signed-in user's token: `{"token": "…"}`, or 401 for a visitor who is not
 * signed in (then the widget shows the board as to anyone). The snippet works as pasted: until
 * that address answers, the widget loads signed out and says why in the browser's console.
 */
export const SSO_TOKEN_ENDPOINT = '/feedboard-sso-token';

/** What that address answers for a signed-in user (the token itself as plain text works too). */
export const SSO_TOKEN_ANSWER = '{"token": "…"}';

/** The two snippets of the widget tab: a public board with no SSO, and with SSO. */
export type TSnippetKind = 'public' | 'sso';

export function scriptSnippet(baseUrl: string): string {
  return `<script src="${baseUrl}/widget.js" defer></script>`;
}

/** The container: with SSO, it names where the customer's server answers the token. */
export function containerSnippet(
  baseUrl: string,
  boardHash: string,
  kind: TSnippetKind = 'public',
): string {
  return `<div
  id="feedboard"
  data-base-url="${baseUrl}"
  data-board-hash="${boardHash}"${kind === 'sso' ? `\n  data-sso-token-url="${SSO_TOKEN_ENDPOINT}"` : ''}
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
 * complete user (with an address for notification mail, and `email_verified: true` when the
 * caller says its system has confirmed that address: without it, or the company's
 * ssoTrustEmails, Feedboard leaves the address unconfirmed) in a token that lives ten minutes
 * (the page makes a fresh one on every load), with the optional customer claims (`attributes`,
 * `companies`) when the caller gives them. Each sample uses
 * only its language's standard library (HMAC-SHA256, base64url, JSON), so it runs as it is:
 * node:crypto, javax.crypto.Mac, hash_hmac, hmac + hashlib, System.Security.Cryptography.
 * code-samples.test.ts runs every one and checks the token with jsonwebtoken.
 */
export function ssoSample(language: TSsoLanguage, secret: string): string {
  return `${signingCode(language, secret)}\n${SERVE_NOTES[language]}\n`;
}

/**
 * How each sample's token reaches the widget: the customer's server answers the snippet's
 * data-sso-token-url (SSO_TOKEN_ENDPOINT) for its signed-in user, a comment each sample ends
 * with, in its language's comment syntax, with the usual web framework of the language.
 */
const SERVE_NOTES: Record<TSsoLanguage, string> = {
  javascript: `// Serve it to the widget: the container's data-sso-token-url asks GET ${SSO_TOKEN_ENDPOINT}
// on your site, with the visitor's cookies. Answer {"token": "…"} for your signed-in user and
// 401 for a visitor who is not signed in (the widget then shows the board signed out). Express:
//
//   app.get('${SSO_TOKEN_ENDPOINT}', (req, res) => {
//     res.set('Cache-Control', 'no-store');
//     if (!req.user) return res.sendStatus(401);
//     res.json({ token: feedboardToken({
//       id: req.user.id, name: req.user.name, email: req.user.email,
//       emailVerified: req.user.emailVerified === true, // your record of a confirmed address
//     }) });
//   });`,
  java: `// Serve it to the widget: the container's data-sso-token-url asks GET ${SSO_TOKEN_ENDPOINT}
// on your site, with the visitor's cookies. Answer {"token": "…"} for your signed-in user and
// 401 for a visitor who is not signed in (the widget then shows the board signed out). Spring:
//
//   @GetMapping(value = "${SSO_TOKEN_ENDPOINT}", produces = "application/json")
//   ResponseEntity<Map<String, String>> feedboardSsoToken(@AuthenticationPrincipal AppUser user) throws Exception {
//       if (user == null) return ResponseEntity.status(401).build();
//       return ResponseEntity.ok().cacheControl(CacheControl.noStore())
//           .body(Map.of("token", FeedboardToken.create(user.getId(), user.getName(), user.getEmail(), user.isEmailVerified())));
//   }`,
  php: `// Serve it to the widget: the container's data-sso-token-url asks GET ${SSO_TOKEN_ENDPOINT}
// on your site, with the visitor's cookies. Answer {"token": "…"} for your signed-in user and
// 401 for a visitor who is not signed in (the widget then shows the board signed out), e.g.:
//
//     header('Content-Type: application/json');
//     header('Cache-Control: no-store');
//     if (!isset($_SESSION['user'])) { http_response_code(401); exit; }
//     $user = $_SESSION['user'];
//     echo json_encode(['token' => feedboard_token((string) $user['id'], $user['name'], $user['email'], !empty($user['email_verified']))]);`,
  python: `# Serve it to the widget: the container's data-sso-token-url asks GET ${SSO_TOKEN_ENDPOINT}
# on your site, with the visitor's cookies. Answer {"token": "…"} for your signed-in user and
# 401 for a visitor who is not signed in (the widget then shows the board signed out). Flask:
#
#     @app.get("${SSO_TOKEN_ENDPOINT}")
#     def feedboard_sso_token():
#         if not current_user.is_authenticated:
#             return "", 401
#         token = feedboard_token(str(current_user.id), current_user.name, current_user.email, current_user.email_verified)
#         return {"token": token}, 200, {"Cache-Control": "no-store"}`,
  csharp: `// Serve it to the widget: the container's data-sso-token-url asks GET ${SSO_TOKEN_ENDPOINT}
// on your site, with the visitor's cookies. Answer {"token": "…"} for your signed-in user and
// 401 for a visitor who is not signed in (the widget then shows the board signed out).
// ASP.NET Core:
//
//   app.MapGet("${SSO_TOKEN_ENDPOINT}", (HttpContext http) =>
//   {
//       http.Response.Headers.CacheControl = "no-store";
//       var user = http.User;
//       if (user.Identity?.IsAuthenticated != true) return Results.Unauthorized();
//       return Results.Json(new { token = FeedboardToken.Create(
//           user.FindFirst("sub")!.Value, user.Identity.Name, user.FindFirst("email")?.Value,
//           user.FindFirst("email_verified")?.Value == "true") });
//   });`,
};

/** A sample's code: the token function of its language, with the company secret in it. */
function signingCode(language: TSsoLanguage, secret: string): string {
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
 * see, the email their notifications go to, valid for ${LIFETIME_TEXT}. Set emailVerified: true
 * only when your system has confirmed that the user owns the address (Feedboard mails an
 * unconfirmed one nothing until its owner confirms it). Optionally, who they are to your
 * business: attributes (string, number or boolean values) and the customer companies they work
 * for, whose monthlySpend adds up to the value of the ideas they vote for:
 *
 *   feedboardToken({
 *     id: 42,
 *     name: 'Ada Lovelace',
 *     email: 'ada@example.com',
 *     emailVerified: true,
 *     attributes: { role: 'admin', seats: 12, beta: true },
 *     companies: [{ id: 'acme', name: 'ACME Inc.', monthlySpend: 1499.5, plan: 'Business' }],
 *   });
 *
 * Leave attributes or companies out to keep what earlier tokens stored; companies: [] detaches
 * the user from every company.
 */
export function feedboardToken(user) {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      id: String(user.id),
      name: user.name,
      email: user.email,
      email_verified: user.emailVerified ? true : undefined, // left out unless confirmed
      attributes: user.attributes,
      companies: user.companies?.map((company) => ({
        id: String(company.id),
        name: company.name,
        monthlySpend: company.monthlySpend,
        plan: company.plan,
        attributes: company.attributes,
      })),
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
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class FeedboardToken {
    private static final String SECRET = ${quoted};

    /** A customer company your user works for; plan and attributes may be null. */
    public static final class Company {
        final String id;
        final String name;
        final BigDecimal monthlySpend;
        final String plan;
        final Map<String, ?> attributes;

        public Company(String id, String name, BigDecimal monthlySpend, String plan, Map<String, ?> attributes) {
            this.id = id;
            this.name = name;
            this.monthlySpend = monthlySpend;
            this.plan = plan;
            this.attributes = attributes;
        }
    }

    /**
     * The widget's SSO token for your signed-in user: userId unique in your system, the name
     * others see, the email their notifications go to, valid for ${LIFETIME_TEXT}. emailVerified:
     * true only when your system has confirmed that the user owns the address (Feedboard mails
     * an unconfirmed one nothing until its owner confirms it).
     */
    public static String create(String userId, String name, String email, boolean emailVerified)
            throws Exception {
        return create(userId, name, email, emailVerified, null, null);
    }

    /**
     * The same, telling who the user is to your business: attributes (String, Number or
     * Boolean values) and the customer companies they work for, whose monthlySpend adds up to
     * the value of the ideas they vote for. Null keeps what earlier tokens stored; an empty
     * list detaches the user from every company. For example:
     * <pre>
     * Map&lt;String, Object&gt; attributes = new LinkedHashMap&lt;&gt;();
     * attributes.put("role", "admin");
     * attributes.put("seats", 12);
     * String token = FeedboardToken.create("42", "Ada Lovelace", "ada@example.com", true, attributes,
     *     Collections.singletonList(new FeedboardToken.Company(
     *         "acme", "ACME Inc.", new BigDecimal("1499.50"), "Business", null)));
     * </pre>
     */
    public static String create(String userId, String name, String email, boolean emailVerified,
            Map<String, ?> attributes, List<Company> companies) throws Exception {
        long exp = System.currentTimeMillis() / 1000 + ${LIFETIME};
        StringBuilder claims = new StringBuilder("{\\"id\\":").append(json(userId))
            .append(",\\"name\\":").append(json(name))
            .append(",\\"email\\":").append(json(email));
        if (emailVerified) claims.append(",\\"email_verified\\":true");
        if (attributes != null) claims.append(",\\"attributes\\":").append(jsonObject(attributes));
        if (companies != null) {
            claims.append(",\\"companies\\":[");
            for (int i = 0; i < companies.size(); i++) {
                Company company = companies.get(i);
                if (i > 0) claims.append(',');
                claims.append("{\\"id\\":").append(json(company.id))
                    .append(",\\"name\\":").append(json(company.name))
                    .append(",\\"monthlySpend\\":").append(company.monthlySpend.toPlainString());
                if (company.plan != null) claims.append(",\\"plan\\":").append(json(company.plan));
                if (company.attributes != null) {
                    claims.append(",\\"attributes\\":").append(jsonObject(company.attributes));
                }
                claims.append('}');
            }
            claims.append(']');
        }
        claims.append(",\\"exp\\":").append(exp).append('}');
        String header = base64url("{\\"alg\\":\\"HS256\\",\\"typ\\":\\"JWT\\"}");
        String payload = base64url(claims.toString());
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byte[] signature = mac.doFinal((header + "." + payload).getBytes(StandardCharsets.UTF_8));
        return header + "." + payload + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
    }

    private static String base64url(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A JSON object of attributes: string keys, string, number or boolean values. */
    private static String jsonObject(Map<String, ?> attributes) {
        StringBuilder out = new StringBuilder("{");
        for (Map.Entry<String, ?> entry : attributes.entrySet()) {
            if (out.length() > 1) out.append(',');
            Object value = entry.getValue();
            out.append(json(entry.getKey())).append(':');
            if (value instanceof String) out.append(json((String) value));
            else if (value instanceof Boolean) out.append(value);
            else if (value instanceof Number) out.append(new BigDecimal(value.toString()).toPlainString());
            else throw new IllegalArgumentException("attribute " + entry.getKey() + " is not a string, number or boolean");
        }
        return out.append('}').toString();
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
 * others see, the email their notifications go to, valid for ${LIFETIME_TEXT}. $emailVerified:
 * true only when your system has confirmed that the user owns the address (Feedboard mails an
 * unconfirmed one nothing until its owner confirms it). Optionally, who they are to your
 * business: $attributes (string, number or boolean values) and the customer $companies they
 * work for, whose monthlySpend adds up to the value of the ideas they vote for:
 *
 *     feedboard_token('42', 'Ada Lovelace', 'ada@example.com', true,
 *         ['role' => 'admin', 'seats' => 12, 'beta' => true],
 *         [['id' => 'acme', 'name' => 'ACME Inc.', 'monthlySpend' => 1499.5, 'plan' => 'Business']]);
 *
 * null keeps what earlier tokens stored; [] as $companies detaches the user from every company.
 */
function feedboard_token(
    string $userId,
    string $name,
    string $email,
    bool $emailVerified = false,
    ?array $attributes = null,
    ?array $companies = null
): string {
    $claims = ['id' => $userId, 'name' => $name, 'email' => $email];
    if ($emailVerified) {
        $claims['email_verified'] = true;
    }
    if ($attributes !== null) {
        $claims['attributes'] = (object) $attributes; // {} even when empty
    }
    if ($companies !== null) {
        $claims['companies'] = array_map(function (array $company) {
            if (isset($company['attributes'])) {
                $company['attributes'] = (object) $company['attributes'];
            }
            return $company;
        }, array_values($companies));
    }
    $claims['exp'] = time() + ${LIFETIME};
    $header = feedboard_base64url(json_encode(['alg' => 'HS256', 'typ' => 'JWT']));
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
from typing import Any, Dict, List, Optional, Union

FEEDBOARD_SECRET = ${quoted}

Attributes = Dict[str, Union[str, int, float, bool]]


def _base64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def feedboard_token(
    user_id: str,
    name: str,
    email: str,
    email_verified: bool = False,
    attributes: Optional[Attributes] = None,
    companies: Optional[List[Dict[str, Any]]] = None,
) -> str:
    """The widget's SSO token for your signed-in user: user_id unique in your system, the name
    others see, the email their notifications go to, valid for ${LIFETIME_TEXT}. email_verified:
    True only when your system has confirmed that the user owns the address (Feedboard mails an
    unconfirmed one nothing until its owner confirms it). Optionally, who they are to your
    business: attributes (str, int, float or bool values) and the customer companies they work
    for, whose monthlySpend adds up to the value of the ideas they vote for:

        feedboard_token(
            "42", "Ada Lovelace", "ada@example.com", email_verified=True,
            attributes={"role": "admin", "seats": 12, "beta": True},
            companies=[{"id": "acme", "name": "ACME Inc.", "monthlySpend": 1499.5, "plan": "Business"}],
        )

    None keeps what earlier tokens stored; companies=[] detaches the user from every company."""
    claims: Dict[str, Any] = {"id": user_id, "name": name, "email": email}
    if email_verified:
        claims["email_verified"] = True
    if attributes is not None:
        claims["attributes"] = attributes
    if companies is not None:
        claims["companies"] = companies
    claims["exp"] = int(time.time()) + ${LIFETIME}
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
using System.Collections.Generic;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

public static class FeedboardToken
{
    private const string Secret = ${quoted};

    /// <summary>A customer company your user works for; Plan and Attributes are optional.</summary>
    public sealed class Company
    {
        public string Id { get; set; }
        public string Name { get; set; }
        public decimal MonthlySpend { get; set; }
        public string Plan { get; set; }
        public IDictionary<string, object> Attributes { get; set; }
    }

    /// <summary>
    /// The widget's SSO token for your signed-in user: userId unique in your system, the name
    /// others see, the email their notifications go to, valid for ${LIFETIME_TEXT}. emailVerified:
    /// true only when your system has confirmed that the user owns the address (Feedboard mails
    /// an unconfirmed one nothing until its owner confirms it). Optionally, who they are to your
    /// business: attributes (string, number or bool values) and the
    /// customer companies they work for, whose MonthlySpend adds up to the value of the ideas
    /// they vote for. null keeps what earlier tokens stored; an empty list detaches the user
    /// from every company.
    /// </summary>
    /// <example>
    /// <code>
    /// var token = FeedboardToken.Create("42", "Ada Lovelace", "ada@example.com", true,
    ///     new Dictionary&lt;string, object&gt; { ["role"] = "admin", ["seats"] = 12, ["beta"] = true },
    ///     new[] { new FeedboardToken.Company { Id = "acme", Name = "ACME Inc.", MonthlySpend = 1499.50m, Plan = "Business" } });
    /// </code>
    /// </example>
    public static string Create(string userId, string name, string email, bool emailVerified = false,
        IDictionary<string, object> attributes = null, IList<Company> companies = null)
    {
        var exp = DateTimeOffset.UtcNow.ToUnixTimeSeconds() + ${LIFETIME};
        var claims = new StringBuilder("{\\"id\\":").Append(Json(userId))
            .Append(",\\"name\\":").Append(Json(name))
            .Append(",\\"email\\":").Append(Json(email));
        if (emailVerified) claims.Append(",\\"email_verified\\":true");
        if (attributes != null) claims.Append(",\\"attributes\\":").Append(JsonObject(attributes));
        if (companies != null)
        {
            claims.Append(",\\"companies\\":[");
            for (var i = 0; i < companies.Count; i++)
            {
                var company = companies[i];
                if (i > 0) claims.Append(',');
                claims.Append("{\\"id\\":").Append(Json(company.Id))
                    .Append(",\\"name\\":").Append(Json(company.Name))
                    .Append(",\\"monthlySpend\\":").Append(company.MonthlySpend.ToString(CultureInfo.InvariantCulture));
                if (company.Plan != null) claims.Append(",\\"plan\\":").Append(Json(company.Plan));
                if (company.Attributes != null) claims.Append(",\\"attributes\\":").Append(JsonObject(company.Attributes));
                claims.Append('}');
            }
            claims.Append(']');
        }
        claims.Append(",\\"exp\\":").Append(exp).Append('}');
        var header = Base64Url(Encoding.UTF8.GetBytes("{\\"alg\\":\\"HS256\\",\\"typ\\":\\"JWT\\"}"));
        var payload = Base64Url(Encoding.UTF8.GetBytes(claims.ToString()));
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

    /// <summary>A JSON object of attributes: string keys, string, number or bool values.</summary>
    private static string JsonObject(IDictionary<string, object> attributes)
    {
        var output = new StringBuilder("{");
        foreach (var entry in attributes)
        {
            if (output.Length > 1) output.Append(',');
            output.Append(Json(entry.Key)).Append(':');
            var value = entry.Value;
            if (value is string) output.Append(Json((string)value));
            else if (value is bool) output.Append((bool)value ? "true" : "false");
            else if (value is double || value is float) output.Append(((IFormattable)value).ToString("R", CultureInfo.InvariantCulture));
            else if (value is int || value is long || value is decimal) output.Append(((IFormattable)value).ToString(null, CultureInfo.InvariantCulture));
            else throw new ArgumentException("attribute " + entry.Key + " is not a string, number or bool");
        }
        return output.Append('}').ToString();
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
