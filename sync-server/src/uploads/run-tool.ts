import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** A file that does not come out of ffmpeg in this long is refused, not waited for. */
const TOOL_TIMEOUT_MS = 60_000;
/** Lower priority than the server (nice 10): sign-ins keep the CPU while a video is processed. */
const TOOL_NICENESS = 10;
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

export interface ToolResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs ffmpeg or ffprobe (Debian's package; `.ci/run` and the Dockerfile
 * install it) with arguments only, never through a shell. Resolves with the
 * exit code; rejects only when the tool cannot be started at all.
 */
export function runTool(command: 'ffmpeg' | 'ffprobe', args: string[]): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const options = command === 'ffmpeg' ? ['-hide_banner', '-nostdin'] : ['-hide_banner'];
    const child = spawn(command, [...options, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, TOOL_NICENESS);
      } catch {
        // Not allowed to lower it (some containers): it runs at the server's priority.
      }
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TOOL_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
  });
}
