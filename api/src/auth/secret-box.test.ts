import { describe, expect, it } from 'vitest';
import {
  needsReseal,
  openSecret,
  parseSecretKeys,
  sealSecret,
  SecretKeyError,
} from './secret-box.ts';

const OLD = 'an-old-key-of-more-than-thirty-two-characters';
const NEW = 'a-new-key-of-more-than-thirty-two-characters!';
const URL = 'https://hooks.slack.com/services/T000/B000/XXXXXXXX';

describe('secret box', () => {
  it('seals so the clear text is nowhere in the stored value, and opens it again', () => {
    const keys = parseSecretKeys(NEW, undefined);
    const sealed = sealSecret(keys, URL);
    expect(sealed).not.toContain('hooks.slack.com');
    expect(sealed).not.toBe(sealSecret(keys, URL)); // a fresh IV each time
    expect(openSecret(keys, sealed)).toBe(URL);
  });

  it('refuses to store or read secrets without SECRETS_KEY', () => {
    expect(parseSecretKeys(undefined, OLD)).toBeNull();
    expect(() => sealSecret(null, URL)).toThrow(SecretKeyError);
    expect(() => openSecret(null, sealSecret(parseSecretKeys(NEW, undefined), URL))).toThrow(
      /SECRETS_KEY is not set/,
    );
  });

  it('rotates: values sealed under the previous key open and are marked for re-sealing', () => {
    const before = parseSecretKeys(OLD, undefined);
    const sealed = sealSecret(before, URL);
    const after = parseSecretKeys(NEW, ` ${OLD} ,`);
    expect(openSecret(after, sealed)).toBe(URL);
    expect(needsReseal(after, sealed)).toBe(true);
    const resealed = sealSecret(after, openSecret(after, sealed));
    expect(needsReseal(after, resealed)).toBe(false);
    // Once the old key is dropped, only the re-sealed value opens.
    const onlyNew = parseSecretKeys(NEW, undefined);
    expect(openSecret(onlyNew, resealed)).toBe(URL);
    expect(() => openSecret(onlyNew, sealed)).toThrow(/neither SECRETS_KEY nor/);
  });

  it('refuses a value tampered with', () => {
    const keys = parseSecretKeys(NEW, undefined);
    const sealed = sealSecret(keys, URL);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    expect(() => openSecret(keys, tampered)).toThrow();
    expect(() => openSecret(keys, URL)).toThrow(/not a sealed secret/);
  });
});
