import type { AddressInfo } from 'node:net';
import type { Config } from '../../../config.ts';

/**
 * Where the headless browser finds the web app: this server's own listening address when it serves it (no
 * proxy, TLS or DNS in the way), else the public URL. A worker (ROLE=worker) listens for its health check only:
 * its pages are the API processes', behind the public URL. `address` is the server's (`server.address()`).
 */
export function pagesBaseUrl(address: AddressInfo | string | null, config: Pick<Config, 'ROLE' | 'publicUrl'>): string {
  if (config.ROLE !== 'worker' && address && typeof address === 'object') {
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    if (wildcard) return `http://127.0.0.1:${address.port}`;
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }
  return config.publicUrl;
}
