import { type ServerMessage, serverMessageText } from '@tessera/shared';

/** Errors the runner raises; each message is meant for the package's author (it lands in the build log or a 400). */

/** A zip that may not be unpacked: `reason` says why (a code of SERVER_ERRORS), the message in words a user can act on. */
export class ZipRejectedError extends Error {
  override name = 'ZipRejectedError';
  constructor(readonly reason: ServerMessage) {
    super(serverMessageText(reason));
  }
}

/** An environment build that failed: `lines` are pip's (or venv's) own error lines, for the build log. */
export class BuildFailedError extends Error {
  override name = 'BuildFailedError';
  constructor(
    message: string,
    readonly lines: string[] = [],
  ) {
    super(lines.length ? `${message}\n${lines.join('\n')}` : message);
  }
}

/** The package asked for a Python version this server does not have. */
export class InterpreterMissingError extends BuildFailedError {
  override name = 'InterpreterMissingError';
}

/** SANDBOX=required and bubblewrap does not work here. */
export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
}

/**
 * A file of a sandbox's folder the host refuses to read or write: a link, a hard link, not a regular file, outside
 * the folder (docs/security.md). Its message names the file relative to the folder, never a server path.
 */
export class UnsafeFileError extends Error {
  override name = 'UnsafeFileError';
}
