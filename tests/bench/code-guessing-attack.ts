import type { GuessingApp } from './code-guessing-app.ts';

/** spec 1 §9: codes are 1000-9999. */
const CODE_VALUES = 9000;
const HOUR_MS = 60 * 60 * 1000;
/** How often, in simulated time, the attacker tries again. */
const STEP_MS = 5_000;
export const TARGET = 'someone@ou.edu';

export interface Account {
  session: string;
  forwardedFor?: string;
}

interface LiveCode {
  /** Distinct values tried against this code. */
  tries: number;
  isSpent: boolean;
}

export interface AttackResult {
  codesMailed: number;
  guessesJudged: number;
  /** 1 − Π(1 − tries/9000) over every code the attacker got: the odds of at least one right guess. */
  odds: number;
  /** Right guesses that actually happened (a lucky run). */
  hits: number;
  mailsToTarget: number;
}

/** 'flood': a code to every account at once; 'lean': one live code at a time, each from the next account. */
export type AttackStrategy = 'flood' | 'lean';

const ADDRESS_LOCK_WORDS = 'for this email address';

/**
 * One simulated hour of an attack on TARGET's 'verify school' code: every
 * STEP_MS, mail fresh codes (by `strategy`) to accounts whose code is spent,
 * then guess distinct values round-robin over the live codes until
 * the server says stop. Many accounts and addresses are the point: the limits
 * keyed on the target address must hold them to one student's odds.
 *
 * A guess counts as judged when the server compared it: 200 and 400, and the
 * one 429 that also judged (the try that locked the address, or a code's own
 * fifth try); 429s while the attacker knows the address is locked do not.
 */
export async function attackForAnHour(
  app: GuessingApp,
  accounts: Account[],
  strategy: AttackStrategy,
): Promise<AttackResult> {
  const codes = new Map<Account, LiveCode>();
  const allCodes: LiveCode[] = [];
  let isLockKnown = false;
  let guessesJudged = 0;
  let hits = 0;

  function judged(code: LiveCode): void {
    code.tries++;
    guessesJudged++;
    if (code.tries >= 5) code.isSpent = true;
  }

  async function guess(account: Account, code: LiveCode): Promise<'go on' | 'stop'> {
    const value = String(1000 + code.tries);
    const checked = await app.post('/api/verification/check', { action: 'verify school', code: value }, account);
    if (checked.status === 200 || checked.status === 400) {
      judged(code);
      if (checked.status === 200) hits++;
      return checked.status === 200 ? 'stop' : 'go on';
    }
    const isAddressLock = (await checked.text()).includes(ADDRESS_LOCK_WORDS);
    if (isAddressLock) {
      if (!isLockKnown) judged(code);
      isLockKnown = true;
      for (const live of codes.values()) live.isSpent = true; // the lock voided them all
      return 'stop';
    }
    if (code.tries === 4 && !isLockKnown) judged(code);
    code.isSpent = true;
    return 'go on';
  }

  for (app.elapsedMs = 0; app.elapsedMs < HOUR_MS && hits === 0; app.elapsedMs += STEP_MS) {
    for (const account of accounts) {
      const code = codes.get(account);
      if (code && !code.isSpent) continue;
      const liveCount = [...codes.values()].filter((live) => !live.isSpent).length;
      if (strategy === 'lean' && liveCount > 0) break;
      const sent = await app.post('/api/verification/send', { action: 'verify school', email: TARGET }, account);
      if (sent.status !== 200) break; // the address or the client is capped: wait for the next step
      isLockKnown = false;
      const fresh = { tries: 0, isSpent: false };
      codes.set(account, fresh);
      allCodes.push(fresh);
    }
    let isStopped = false;
    while (!isStopped) {
      const live = [...codes.entries()].filter(([, code]) => !code.isSpent);
      if (live.length === 0) break;
      for (const [account, code] of live) {
        if (code.isSpent) continue;
        if ((await guess(account, code)) === 'stop') {
          isStopped = true;
          break;
        }
      }
    }
  }
  const missOdds = allCodes.reduce((product, code) => product * (1 - code.tries / CODE_VALUES), 1);
  return {
    codesMailed: allCodes.length,
    guessesJudged,
    odds: 1 - missOdds,
    hits,
    mailsToTarget: await app.mailsTo(TARGET),
  };
}
