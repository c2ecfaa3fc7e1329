import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * How many levels the widget's headings move up. On a customer's page the widget's headings
 * start at h2 (the page has its own h1); on a portal page the widget is the page's content,
 * so the board's name is its h1 and every heading under it one level up (axe's
 * page-has-heading-one and heading-order hold).
 */
export const HeadingShift = createContext(0);

type THeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** The tag for a heading of `level` as the widget writes it on a customer's page. */
export function useHeading(level: 2 | 3 | 4): THeadingTag {
  return `h${level - useContext(HeadingShift)}` as THeadingTag;
}
