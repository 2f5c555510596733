/**
 * A server process that has loaded the server's modules and waits: a line on
 * stdin runs the real entry point, `sync-server/src/main.ts`, which then
 * opens the database and listens as `npm run serve` would. The durability
 * test spawns the next one while the current server takes its burst, so a
 * restart after kill -9 costs the recovery itself (open, migrations, chat
 * inbox repair, listen) and not several seconds of module loading on a
 * busy machine. Nothing is opened before the line arrives.
 */
export {};

await import('@campus/sync-server/server');
process.stdout.write(`${JSON.stringify({ msg: 'standby' })}\n`);
process.stdin.once('data', () => {
  process.stdin.pause();
  void import('../../sync-server/src/main.ts');
});
