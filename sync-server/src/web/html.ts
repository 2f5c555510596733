/**
 * A tagged template for the HTML the server writes into the app's shell (the first screen,
 * decision 049): every interpolated string is escaped for text and double-quoted attributes alike,
 * so post text, names and URLs from the database can never become markup. Only `Html` values
 * (another `html` template, or `trustedHtml` for fixed markup in this folder) go in as they are.
 */
const HTML = Symbol('html');

export interface Html {
  readonly [HTML]: string;
}

type Value = string | number | Html | readonly Html[] | null | undefined | false;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function isHtml(value: unknown): value is Html {
  return typeof value === 'object' && value !== null && HTML in value;
}

function written(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  if (isHtml(value)) return value[HTML];
  return value.map((item) => item[HTML]).join('');
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += written(value) + (strings[index + 1] ?? '');
  });
  return { [HTML]: text };
}

/** Markup written in this folder (icons), never anything read from a request or the database. */
export function trustedHtml(markup: string): Html {
  return { [HTML]: markup };
}

export function htmlText(value: Html): string {
  return value[HTML];
}
