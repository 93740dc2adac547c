import { createHash } from 'node:crypto';

/**
 * One origin per Dash app (docs/security.md): an app's page is a tenant's code, and the browser keeps origins
 * apart — its script can read neither the web app nor another Dash app, and each app's session cookie is
 * host-only. The origin is DASH_PUBLIC_URL with `{app}` replaced by the app's id, a DNS label.
 */

/** The app's host label: stable for a package's app (its first 128 bits of SHA-256, lower-case hex). */
export function dashAppId(packageId: string, app: string): string {
  return createHash('sha256')
    .update(JSON.stringify([packageId, app]))
    .digest('hex')
    .slice(0, 32);
}

const APP_ID = /^[0-9a-f]{32}$/;

export class DashOrigins {
  /** The pattern's scheme, host after `{app}.`, and port (empty for the scheme's default). */
  private readonly scheme: string;
  private readonly suffix: string;
  private readonly port: string;

  /** `pattern`: DASH_PUBLIC_URL (checked by config.ts); unset, `http://{app}.localhost:<listening port>`. */
  constructor(pattern: string | undefined, listeningPort: number) {
    const url = new URL((pattern ?? `http://{app}.localhost:${listeningPort}`).replace('{app}', 'app'));
    this.scheme = url.protocol;
    this.suffix = url.hostname.slice('app.'.length).toLowerCase();
    this.port = url.port;
  }

  /** Browsers treat https and `*.localhost` as secure: the cookie can be Secure (and so Partitioned). */
  get secure(): boolean {
    return this.scheme === 'https:' || this.suffix === 'localhost' || this.suffix.endsWith('.localhost');
  }

  origin(appId: string): string {
    return `${this.scheme}//${appId}.${this.suffix}${this.port ? `:${this.port}` : ''}`;
  }

  /** What the web app's CSP `frame-src` allows: every app's origin, and no other. */
  frameSource(): string {
    return `${this.scheme}//*.${this.suffix}${this.port ? `:${this.port}` : ''}`;
  }

  /** The app id a request's Host header names (its port is not compared: a proxy may front it), or undefined. */
  appIdOfHost(host: string | undefined): string | undefined {
    const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!name.endsWith(`.${this.suffix}`)) return undefined;
    const label = name.slice(0, -this.suffix.length - 1);
    return APP_ID.test(label) ? label : undefined;
  }
}
