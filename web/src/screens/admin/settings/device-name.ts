/** A browser and system named from a User-Agent, enough to tell one's own devices apart. */
export function deviceName(userAgent: string | null): { browser: string; system: string } | null {
  if (!userAgent) return null;
  const browser =
    [
      [/Edg(e|A|iOS)?\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  const system =
    [
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  if (!browser || !system) return null;
  return { browser: browser as string, system: system as string };
}
