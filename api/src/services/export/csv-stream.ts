import { stringify } from 'csv-stringify/sync';

/**
 * Spreadsheet-safe CSV lines for some rows: RFC 4180 quoting (commas, quotes and line breaks
 * inside cells survive), CRLF line ends, dates as ISO 8601, and cells starting with = + - @ (or
 * a tab or carriage return) prefixed with a quote, so that a spreadsheet shows an idea titled
 * "=HYPERLINK(…)" as text instead of running it (CSV injection).
 */
export function csvLines(rows: unknown[][]): string {
  return stringify(rows, {
    escape_formulas: true,
    record_delimiter: 'windows',
    cast: { date: (value) => value.toISOString() },
  });
}

/**
 * A CSV download sent a page at a time: the header, then each page of rows as the generator
 * reads it, so an export of a million rows never sits whole in memory. The generator is read
 * only as fast as the client takes the bytes (`pull`), and a client that goes away ends it.
 */
export function csvStream(
  header: string[],
  pages: AsyncGenerator<unknown[][]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isHeaderSent) {
        isHeaderSent = true;
        controller.enqueue(encoder.encode(csvLines([header])));
        return;
      }
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(next.value)));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
