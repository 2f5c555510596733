// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload.
// Open http://ou.localhost:5173 ; Vite proxies /api, /media, /brand and the manifest to :8080.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'sync-server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'web', '--', '--host', '127.0.0.1'], { stdio: 'inherit' }),
];
function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
