/**
 * Runs a benchmark's `main` with a bound on the whole run whatever hangs: every loop is bounded,
 * but a stuck socket must not hold CI. A failure is printed and sets the exit code.
 */
export function runBench(file: string, main: () => Promise<void>, limitMinutes: number): void {
  const watchdog = setTimeout(() => {
    console.error(`${file}: gave up after ${limitMinutes} minutes`);
    process.exit(1);
  }, limitMinutes * 60_000);
  watchdog.unref();
  main().then(
    () => clearTimeout(watchdog),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
      clearTimeout(watchdog);
    },
  );
}
