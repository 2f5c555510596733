/**
 * The public entry of auth: the gate any screen opens before a member action (spec 1 §4, §6),
 * and the mailed-code check the account settings' 'Enter PIN' shares with /verify.
 */
export { useAuthGate } from './auth-gate-context.tsx';
export { useCodeCheck } from './use-code-check.ts';
