import http from 'node:http';
import WebSocket from 'ws';

/** A matrix request as a same-origin page on `host` sends it over the real server's socket. */
export interface MatrixRequest {
  method: string;
  path: string;
  host: string;
  port: number;
  session: string | null;
  json?: unknown;
  form?: FormData;
}

export interface MatrixAnswer {
  status: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

async function encodeBody(request: MatrixRequest): Promise<{ bytes?: Buffer; type?: string }> {
  if (request.form) {
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: request.form });
    return {
      bytes: Buffer.from(await encoded.arrayBuffer()),
      type: encoded.headers.get('content-type') ?? undefined,
    };
  }
  if (request.json !== undefined) return { bytes: Buffer.from(JSON.stringify(request.json)), type: 'application/json' };
  return {};
}

export async function sendHttp(request: MatrixRequest): Promise<MatrixAnswer> {
  const { bytes, type } = await encodeBody(request);
  const host = `${request.host}:${request.port}`;
  const headers: Record<string, string> = { host };
  if (request.method !== 'GET') headers.origin = `http://${host}`;
  if (request.session) headers.cookie = `session=${request.session}`;
  if (type) headers['content-type'] = type;
  if (bytes) headers['content-length'] = String(bytes.length);
  return await new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port: request.port, method: request.method, path: request.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(bytes);
  });
}

/** Opens a WebSocket as the browser would: 'open' when upgraded (then closed), else the refusal's HTTP status. */
export async function openSocket(request: Omit<MatrixRequest, 'method' | 'json' | 'form'>): Promise<string> {
  const host = `${request.host}:${request.port}`;
  const headers: Record<string, string> = { host, origin: `http://${host}` };
  if (request.session) headers.cookie = `session=${request.session}`;
  const ws = new WebSocket(`ws://127.0.0.1:${request.port}${request.path}`, { headers });
  try {
    return await new Promise<string>((resolve, reject) => {
      ws.once('open', () => resolve('open'));
      ws.once('unexpected-response', (_request, response) => resolve(String(response.statusCode)));
      ws.once('error', reject);
    });
  } finally {
    ws.terminate();
  }
}

export function closeMatrixClient(): void {
  agent.destroy();
}
