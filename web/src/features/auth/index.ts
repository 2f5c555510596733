/** The public entry of auth: the gate any screen opens before a member action (spec 1 §4, §6). */
export { useAuthGate } from './auth-gate-context.tsx';
