import { readFileSync } from 'node:fs';

/**
 * spec 1 §5: "an e-mail on a banned list: 'Account has been banned'". The list
 * is a file (BANNED_EMAILS_FILE) so an operator can change it without a release.
 */
export function loadBannedEmails(file: string): ReadonlySet<string> {
  let content = '';
  try {
    content = readFileSync(file, 'utf8');
  } catch {
    return new Set();
  }
  return new Set(
    content
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
}
