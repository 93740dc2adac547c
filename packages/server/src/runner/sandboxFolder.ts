import { constants, type Stats } from 'node:fs';
import { chmod, copyFile, type FileHandle, mkdir, open } from 'node:fs/promises';
import { UnsafeFileError } from './errors.ts';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_DIRECTORY, O_NONBLOCK } = constants;
const DIRECTORY = O_RDONLY | O_DIRECTORY | O_NOFOLLOW;
/** O_NONBLOCK: a FIFO the sandbox left opens at once (and is then refused) instead of blocking the server. */
const READ = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
/** O_EXCL with O_CREAT never follows a link and never reuses a file the sandbox made. */
const CREATE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** The path that reopens what a descriptor of this process holds, whatever its name has become since. */
const fdPath = (handle: FileHandle) => `/proc/self/fd/${handle.fd}`;

/** "outputs/x.parquet" → ["outputs", "x.parquet"]; anything that could leave the folder is refused. */
function componentsOf(relative: string): string[] {
  const parts = relative.split('/');
  const bad = (part: string) => !part || part === '.' || part === '..' || part.includes('\0');
  if (!relative || relative.length > 1024 || parts.some(bad)) {
    throw new UnsafeFileError("a name that leaves the run's folder (absolute, empty, or with ..)");
  }
  return parts;
}

/**
 * The host's only way into a folder a sandbox can write (a run's folder, a warm sandbox's, a Dash app's): every
 * open is relative to a descriptor of a folder already checked, with O_NOFOLLOW at each step, so no name the
 * sandbox planted (a symbolic link to a host file or folder, a hard link, a FIFO) is ever followed; what is read is
 * checked with fstat (a regular file, one link, on the folder's own file system) and read from that descriptor.
 * See docs/security.md, "The host never follows what a sandbox leaves".
 */
export class SandboxFolder {
  private constructor(
    private readonly root: FileHandle,
    private readonly rootStat: Stats,
  ) {}

  /** Opens a folder the host created (the run folder itself: the sandbox sees it as its mount point). */
  static async open(dir: string): Promise<SandboxFolder> {
    const root = await open(dir, DIRECTORY);
    return new SandboxFolder(root, await root.stat());
  }

  async close(): Promise<void> {
    await this.root.close();
  }

  /**
   * Makes a new folder directly inside this one and opens it (a run's folder in a sandbox's): refused when the name
   * exists in any form, since the sandbox may have planted it.
   */
  async createFolder(name: string): Promise<SandboxFolder> {
    const [part, ...more] = componentsOf(name);
    if (more.length) throw new UnsafeFileError(`"${name}" is not a single folder's name`);
    const at = `${fdPath(this.root)}/${part}`;
    await mkdir(at).catch((err: NodeJS.ErrnoException) => {
      throw new UnsafeFileError(`"${name}" already exists in the sandbox's folder (${err.code})`);
    });
    const handle = await open(at, DIRECTORY).catch(() => {
      throw new UnsafeFileError(`"${name}" was replaced by a link or a file`);
    });
    const stat = await handle.stat();
    if (stat.dev !== this.rootStat.dev) {
      await handle.close();
      throw new UnsafeFileError(`"${name}" is not inside the sandbox's folder`);
    }
    return new SandboxFolder(handle, stat);
  }

  /** Opens the folder `parts` names below the root, each step refusing links; with `create`, makes what is missing. */
  private async openDir(parts: string[], create: boolean): Promise<FileHandle> {
    let current = this.root;
    try {
      for (const part of parts) {
        const name = `${fdPath(current)}/${part}`;
        if (create) await mkdir(name).catch((err) => (err.code === 'EEXIST' ? undefined : Promise.reject(err)));
        const next = await open(name, DIRECTORY).catch((err: NodeJS.ErrnoException) => {
          const what = err.code === 'ENOENT' ? 'is missing' : 'is a link or a file, not a folder';
          throw new UnsafeFileError(`"${part}" in the run's folder ${what}`);
        });
        if (current !== this.root) await current.close();
        current = next;
        const stat = await current.stat();
        if (stat.dev !== this.rootStat.dev) throw new UnsafeFileError(`"${part}" is not inside the run's folder`);
      }
      return current;
    } catch (err) {
      if (current !== this.root) await current.close();
      throw err;
    }
  }

  /**
   * Opens a file the sandbox wrote, for reading: refused (UnsafeFileError) unless every step is a real folder and
   * the file a regular file with a single link, on the run folder's file system. The caller closes it.
   */
  async openFile(relative: string): Promise<FileHandle> {
    const parts = componentsOf(relative);
    const dir = await this.openDir(parts.slice(0, -1), false);
    const name = parts[parts.length - 1];
    let file: FileHandle | undefined;
    try {
      file = await open(`${fdPath(dir)}/${name}`, READ).catch((err: NodeJS.ErrnoException) => {
        throw new UnsafeFileError(
          err.code === 'ELOOP' ? `"${relative}" is a link` : `"${relative}" could not be opened (${err.code})`,
        );
      });
      const stat = await file.stat();
      if (!stat.isFile()) throw new UnsafeFileError(`"${relative}" is not a regular file`);
      if (stat.nlink !== 1) throw new UnsafeFileError(`"${relative}" is a hard link`);
      if (stat.dev !== this.rootStat.dev) throw new UnsafeFileError(`"${relative}" is not inside the run's folder`);
      return file;
    } catch (err) {
      await file?.close();
      throw err;
    } finally {
      if (dir !== this.root) await dir.close();
    }
  }

  /** A file the sandbox wrote, as text (at most `maxBytes`, else UnsafeFileError). */
  async readText(relative: string, maxBytes: number): Promise<string> {
    const file = await this.openFile(relative);
    try {
      if ((await file.stat()).size > maxBytes)
        throw new UnsafeFileError(`"${relative}" is larger than ${maxBytes} bytes`);
      return await file.readFile('utf8');
    } finally {
      await file.close();
    }
  }

  /** Copies a checked file of the sandbox to a host path (created, never overwritten: the host's own folder). */
  async copyOut(relative: string, target: string): Promise<void> {
    const file = await this.openFile(relative);
    try {
      await copyFile(fdPath(file), target, constants.COPYFILE_EXCL);
      // copyFile copies the mode too: never a set-id or executable file of the sandbox's bytes on the host.
      await chmod(target, 0o600);
    } finally {
      await file.close();
    }
  }

  /**
   * Creates a new file in the folder (its folders made when missing), refusing a name that exists in any form: the
   * sandbox may already be running there (a warm start) and have planted links. `from` is a host file copied in.
   */
  async createFile(relative: string, content: { text: string } | { from: string }): Promise<void> {
    const parts = componentsOf(relative);
    const dir = await this.openDir(parts.slice(0, -1), true);
    try {
      const file = await open(`${fdPath(dir)}/${parts[parts.length - 1]}`, CREATE, 0o644).catch(
        (err: NodeJS.ErrnoException) => {
          throw new UnsafeFileError(`"${relative}" already exists in the run's folder (${err.code})`);
        },
      );
      try {
        if ('text' in content) await file.writeFile(content.text);
        else await copyFile(content.from, fdPath(file));
      } finally {
        await file.close();
      }
    } finally {
      if (dir !== this.root) await dir.close();
    }
  }
}
